package dev.shortcode.api.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs a test of per-key limits again when the service decided some of its limits alone during it.
 * On Redis, a node whose sync with the shared buckets takes over 500 ms (a loaded machine is
 * enough) limits every key on its own for a second, as docs/API.md documents, from buckets of its
 * own that start full: an attempt in which that happened ({@link #LOCAL_DECISIONS} grew) proves
 * nothing about the shared limits, whatever its outcome. A failed attempt during which every
 * decision was shared fails the test as it is; one with local decisions is made again, with fresh
 * keys (each attempt makes its own), {@link #ATTEMPTS} attempts at most. In embedded mode the
 * limits are always the node's own and the counter stays 0: the first failure fails the test.
 */
final class SharedRateLimits {

    static final int ATTEMPTS = 3;
    /** Decisions a node took alone because Redis did not answer in time. */
    static final String LOCAL_DECISIONS = "shortcode_rate_limit_local_decisions_total";

    /** One attempt of a test: makes its own keys, throws {@link AssertionError} when what it checks does not hold. */
    interface Attempt {
        void run() throws Exception;
    }

    private SharedRateLimits() {}

    /** Runs {@code attempt}, again (at most {@value #ATTEMPTS} times in all) while it fails with local decisions made during it. */
    static void retriedWhileDecidedLocally(URI management, Attempt attempt) throws Exception {
        for (int made = 1; ; made++) {
            double before = localDecisions(management);
            try {
                attempt.run();
                return;
            } catch (AssertionError failure) {
                double local = localDecisions(management) - before;
                if (local == 0) {
                    throw failure;
                }
                if (made == ATTEMPTS) {
                    failure.addSuppressed(new AssertionError("each of the " + ATTEMPTS + " attempts had limits decided locally, Redis not"
                            + " answering a sync in time (" + LOCAL_DECISIONS + "); " + (long) local + " in the last"));
                    throw failure;
                }
                System.out.printf("attempt %d of %d failed with %d limits decided locally (Redis did not answer a sync in time): again"
                        + " with fresh keys; the failure: %s%n", made, ATTEMPTS, (long) local, failure.getMessage());
            }
        }
    }

    /** The node's {@value #LOCAL_DECISIONS}, from its /q/metrics. */
    static double localDecisions(URI management) {
        String body = given().get(management.resolve("metrics")).then().statusCode(200).extract().asString();
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(LOCAL_DECISIONS) + "(?:\\{[^}]*\\})? ([0-9.Ee+-]+)$").matcher(body);
        assertThat(m.find()).as("%s in /q/metrics", LOCAL_DECISIONS).isTrue();
        return Double.parseDouble(m.group(1));
    }
}

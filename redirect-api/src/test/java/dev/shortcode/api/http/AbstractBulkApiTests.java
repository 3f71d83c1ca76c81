package dev.shortcode.api.http;

import static dev.shortcode.api.http.ApiClient.ADMIN_KEY;
import static dev.shortcode.api.http.ApiClient.DEFAULT_LINKS_PER_DAY;
import static dev.shortcode.api.http.ApiClient.as;
import static dev.shortcode.api.http.ApiClient.key;
import static dev.shortcode.api.http.ApiClient.ratePolicy;
import static dev.shortcode.api.http.ApiClient.redirect;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.config.BulkOptions;
import io.quarkus.test.common.http.TestHTTPResource;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /api/v1/links/bulk} over a running service, through a full-duplex socket client
 * ({@link BulkConnection}): order, lines that fail alone, refs replayed and reused, a long stream
 * to a slow reader with the server's lines in flight bounded, a broken stream whose answered
 * lines all stand, and the deadlines a stream has instead of the body's. Subclasses run it on
 * embedded storage and on real Redis + HBase, with a short body timeout and bulk idle timeout
 * ({@link #BODY_TIMEOUT}, {@link #IDLE_TIMEOUT}) so those two are seen to apply as documented.
 */
abstract class AbstractBulkApiTests {

    static final Duration BODY_TIMEOUT = Duration.ofSeconds(1);
    static final Duration IDLE_TIMEOUT = Duration.ofSeconds(3);
    /** The default {@code shortcode.bulk.max-in-flight-lines}. */
    static final int MAX_IN_FLIGHT = Integer.parseInt(BulkOptions.DEFAULT_MAX_IN_FLIGHT_LINES);
    /** The default {@code shortcode.bulk.chunk-lines}. */
    static final int CHUNK_LINES = Integer.parseInt(BulkOptions.DEFAULT_CHUNK_LINES);

    private static final ObjectMapper JSON = new ObjectMapper();

    @TestHTTPResource("/")
    URL base;

    @TestHTTPResource(value = "", management = true)
    URI management;

    String writer;
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @BeforeEach
    void keys() {
        writer = key("links:write", "links:read");
    }

    @AfterEach
    void stopThreads() throws InterruptedException {
        threads.shutdownNow();
        threads.awaitTermination(30, TimeUnit.SECONDS);
    }

    @Test
    void bulk_manyLines_answersEachInInputOrderWithItsLink() throws Exception {
        int lines = 2_500; // several chunks
        String run = unique();
        List<JsonNode> results = stream(writer, i -> line("https://example.com/" + run + "/order/" + i, null));
        assertThat(results).hasSize(lines);
        for (int i = 0; i < lines; i++) {
            JsonNode result = results.get(i);
            assertThat(result.path("line").asLong()).isEqualTo(i + 1);
            assertThat(result.path("status").asInt()).as("line %d: %s", i + 1, result).isEqualTo(201);
            assertThat(result.path("link").path("url").asText()).isEqualTo("https://example.com/" + run + "/order/" + i);
            assertThat(result.path("link").path("code").asText()).matches("[0-9A-Za-z]{5}");
        }
        assertThat(results.stream().map(r -> r.path("link").path("code").asText()).distinct()).hasSize(lines);
        for (int i : new int[] {0, CHUNK_LINES - 1, CHUNK_LINES, lines - 1}) {
            redirect(results.get(i).path("link").path("code").asText()).then().statusCode(302)
                    .header("Location", "https://example.com/" + run + "/order/" + i);
        }
    }

    private List<JsonNode> stream(String apiKey, IntFunction<String> line) throws Exception {
        return stream(apiKey, 2_500, line);
    }

    @Test
    void bulk_badLines_failAloneWithTheirLineNumbers() throws Exception {
        String run = unique();
        String body = String.join("\n",
                line("https://example.com/" + run + "/1", null),
                "this is not JSON",
                line("https://example.com/" + run + "/3", null),
                "{\"url\":\"https://example.com/" + run + "/4\",\"tll\":\"P1D\"}",
                "{\"url\":\"javascript:alert(1)\"}",
                "   ",
                "{\"url\":\"https://example.com/" + run + "/7\",\"ref\":\"\"}",
                "{\"url\":\"https://example.com/" + run + "/8\",\"ttl\":\"P999D\"}",
                "{\"url\":\"https://example.com/" + "x".repeat(20_000) + "\"}",
                "{\"url\":\"https://example.com/" + run + "/10\"}\r",
                "{\"url\":\"https://example.com/" + run + "/11\"}"); // no line end: the last line still counts
        List<JsonNode> results;
        try (BulkConnection bulk = open(writer)) {
            bulk.send(body);
            bulk.finish();
            assertThat(bulk.status()).isEqualTo(200);
            assertThat(bulk.header("Content-Type")).startsWith("application/x-ndjson");
            results = readAll(bulk);
        }
        assertThat(results).extracting(r -> r.path("line").asInt()).containsExactly(1, 2, 3, 4, 5, 7, 8, 9, 10, 11);
        assertThat(results).extracting(r -> r.path("status").asInt()).containsExactly(201, 400, 201, 400, 400, 400, 400, 400, 201, 201);
        assertThat(problemType(results.get(1))).isEqualTo("invalid-json");
        assertThat(results.get(1).path("problem").path("detail").asText()).contains("line 2");
        assertThat(results.get(3).path("problem").path("detail").asText()).contains("tll");
        assertThat(problemType(results.get(5))).isEqualTo("invalid-ref");
        assertThat(problemType(results.get(7))).isEqualTo("line-too-long");
        assertThat(results.get(7).path("problem").path("detail").asText()).contains("line 9");
        for (JsonNode failed : List.of(results.get(1), results.get(3), results.get(4), results.get(5), results.get(6), results.get(7))) {
            assertThat(failed.has("link")).isFalse();
            assertThat(failed.path("problem").path("status").asInt()).isEqualTo(400);
            assertThat(failed.path("problem").path("title").asText()).isNotEmpty();
        }
        assertThat(results.get(8).path("link").path("url").asText()).isEqualTo("https://example.com/" + run + "/10");
        redirect(results.get(2).path("link").path("code").asText()).then().statusCode(302)
                .header("Location", "https://example.com/" + run + "/3");
    }

    @Test
    void bulk_sameRefsSentAgain_answerTheSameLinks_perApiKey() throws Exception {
        String run = unique();
        IntFunction<String> file = i -> line("https://example.com/" + run + "/ref/" + i, run + "-" + i);
        List<JsonNode> first = stream(writer, 1_500, file);
        List<JsonNode> again = stream(writer, 1_500, file);
        String otherKey = key("links:write");
        List<JsonNode> otherClient = stream(otherKey, 1_500, file);
        for (int i = 0; i < 1_500; i++) {
            assertThat(first.get(i).path("status").asInt()).isEqualTo(201);
            assertThat(again.get(i).path("status").asInt()).isEqualTo(201);
            assertThat(again.get(i).path("ref").asText()).isEqualTo(run + "-" + i);
            assertThat(code(again.get(i))).as("line %d sent again", i + 1).isEqualTo(code(first.get(i)));
            assertThat(code(otherClient.get(i))).as("another API key's ref of the same text").isNotEqualTo(code(first.get(i)));
        }
    }

    @Test
    void bulk_refReusedForAnotherUrl_isRefusedNamingItsLink_andChangesNothing() throws Exception {
        String run = unique();
        String ref = run + "-campaign";
        List<JsonNode> first = stream(writer, 1, i -> line("https://example.com/" + run + "/a", ref));
        String made = code(first.get(0));
        List<JsonNode> reused = stream(writer, 3, i -> switch (i) {
            case 0 -> line("https://example.com/" + run + "/b", ref);
            case 1 -> line("https://example.com/" + run + "/a", ref);
            default -> line("https://example.com/" + run + "/c", run + "-fresh");
        });
        assertThat(reused.get(0).path("status").asInt()).isEqualTo(422);
        assertThat(problemType(reused.get(0))).isEqualTo("ref-reused");
        assertThat(reused.get(0).path("problem").path("detail").asText()).contains(made);
        assertThat(reused.get(0).path("line").asInt()).isEqualTo(1);
        assertThat(code(reused.get(1))).isEqualTo(made);
        assertThat(reused.get(2).path("status").asInt()).isEqualTo(201);
        redirect(made).then().statusCode(302).header("Location", "https://example.com/" + run + "/a");
        // Within one stream too: a later line with the first's ref and another url is refused.
        List<JsonNode> inOne = stream(writer, 2, i -> line("https://example.com/" + run + "/one/" + i, run + "-same"));
        assertThat(inOne.get(0).path("status").asInt()).isEqualTo(201);
        assertThat(inOne.get(1).path("status").asInt()).isEqualTo(422);
        assertThat(problemType(inOne.get(1))).isEqualTo("ref-reused");
    }

    /**
     * 200,000 lines (about 9 MB, over the 5 MB body limit) to a client that reads its answers
     * slowly and, for a while, not at all: the server stops reading the body instead of holding
     * answers, so the lines it has in flight stay within {@code max-in-flight-lines} (plus the body
     * buffer being split) and the lines it has answered exceed those the client read by no more
     * than the sockets' buffers hold.
     */
    @Test
    void bulk_longStreamToASlowReader_keepsItsLinesInFlightBounded() throws Exception {
        int lines = 200_000;
        String run = unique();
        int receiveBuffer = 64 * 1024;
        AtomicLong maxInFlight = new AtomicLong();
        Future<?> sampler = threads.submit(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                maxInFlight.accumulateAndGet((long) metric("shortcode_bulk_lines_in_flight"), Math::max);
                Thread.sleep(50);
            }
            return null;
        });
        double linkedBefore = metric("shortcode_bulk_lines_total", "result=\"link\"");
        try (BulkConnection bulk = new BulkConnection(base.getPort(), writer, receiveBuffer)) {
            Future<?> sending = threads.submit(() -> {
                StringBuilder chunk = new StringBuilder();
                for (int i = 0; i < lines; i++) {
                    chunk.append(line("https://example.com/" + run + "/slow/" + i, null)).append('\n');
                    if (chunk.length() > 16_000 || i == lines - 1) {
                        bulk.send(chunk.toString());
                        chunk.setLength(0);
                    }
                }
                bulk.finish();
                return null;
            });
            assertThat(bulk.status()).isEqualTo(200);
            long read = 0;
            int shortest = Integer.MAX_VALUE;
            String text;
            while ((text = bulk.readLine()) != null) {
                JsonNode result = JSON.readTree(text);
                assertThat(result.path("line").asLong()).isEqualTo(read + 1);
                assertThat(result.path("status").asInt()).as("%s", result).isEqualTo(201);
                shortest = Math.min(shortest, text.length() + 1);
                read++;
                if (read == 20_000) {
                    // The client stops reading: the server must stop with it.
                    long allowance = socketAllowanceLines(receiveBuffer, shortest);
                    long bound = allowance + MAX_IN_FLIGHT + 2_000;
                    double answered = await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(500))
                            .until(new Stable(() -> metric("shortcode_bulk_lines_total", "result=\"link\"") - linkedBefore), s -> s.stable)
                            .value;
                    assertThat(answered - read).as("lines answered beyond those read while the client reads nothing"
                            + " (sockets may hold %d lines of at least %d bytes)", allowance, shortest)
                            .isLessThanOrEqualTo(bound).isLessThan(lines - read);
                    assertThat(sending.isDone()).as("the body was not read to its end while answers wait").isFalse();
                } else if (read % 2_000 == 0) {
                    Thread.sleep(20); // a slow reader throughout
                }
            }
            sending.get(60, TimeUnit.SECONDS);
            assertThat(read).isEqualTo(lines);
        } finally {
            sampler.cancel(true);
        }
        assertThat(maxInFlight.get()).as("lines in flight at most, sampled").isPositive()
                .isLessThanOrEqualTo(MAX_IN_FLIGHT + 65_536 / 40);
    }

    /**
     * A client whose connection breaks after some answers: every link it was answered with
     * redirects; sending the file again with the same refs answers those lines with the same
     * links and makes the rest.
     */
    @Test
    void bulk_brokenConnection_everyAnsweredLineStands_andTheFileSentAgainCompletesIt() throws Exception {
        int lines = 6_000;
        String run = unique();
        IntFunction<String> file = i -> line("https://example.com/" + run + "/broken/" + i, run + "-" + i);
        List<JsonNode> answered = new ArrayList<>();
        try (BulkConnection bulk = open(writer)) {
            StringBuilder body = new StringBuilder();
            for (int i = 0; i < lines; i++) {
                body.append(file.apply(i)).append('\n');
            }
            threads.submit(() -> {
                bulk.send(body.toString());
                return null; // never finished: the connection breaks first
            });
            assertThat(bulk.status()).isEqualTo(200);
            for (int i = 0; i < 700; i++) {
                answered.add(JSON.readTree(bulk.readLine()));
            }
        } // closed with a reset, the body unfinished
        assertThat(answered).allSatisfy(r -> assertThat(r.path("status").asInt()).isEqualTo(201));
        for (int i = 0; i < answered.size(); i++) {
            redirect(code(answered.get(i))).then().statusCode(302).header("Location", "https://example.com/" + run + "/broken/" + i);
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> metric("shortcode_bulk_streams") == 0);
        List<JsonNode> again = stream(writer, lines, file);
        for (int i = 0; i < lines; i++) {
            assertThat(again.get(i).path("status").asInt()).as("line %d: %s", i + 1, again.get(i)).isEqualTo(201);
            if (i < answered.size()) {
                assertThat(code(again.get(i))).isEqualTo(code(answered.get(i)));
            }
        }
        assertThat(again.stream().map(AbstractBulkApiTests::code).distinct()).hasSize(lines);
    }

    /** Lines sent one at a time, each answered before the next is sent, over several body timeouts. */
    @Test
    void bulk_interactiveClient_isAnsweredLineByLine_pastTheBodyTimeout() throws Exception {
        String run = unique();
        try (BulkConnection bulk = open(writer)) {
            long started = System.nanoTime();
            for (int i = 0; i < 6; i++) {
                bulk.send(line("https://example.com/" + run + "/live/" + i, null) + "\n");
                JsonNode result = JSON.readTree(bulk.readLine());
                assertThat(result.path("line").asInt()).isEqualTo(i + 1);
                assertThat(result.path("status").asInt()).isEqualTo(201);
                Thread.sleep(BODY_TIMEOUT.toMillis() / 2);
            }
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThan(BODY_TIMEOUT.multipliedBy(2));
            bulk.finish();
            assertThat(bulk.readLine()).isNull();
        }
    }

    @Test
    void bulk_clientSilentPastTheIdleTimeout_isClosed() throws Exception {
        try (BulkConnection bulk = open(writer)) {
            bulk.send(line("https://example.com/" + unique() + "/idle", null) + "\n");
            assertThat(JSON.readTree(bulk.readLine()).path("status").asInt()).isEqualTo(201);
            long started = System.nanoTime();
            assertThatThrownBy(bulk::readLine).isInstanceOf(IOException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(IDLE_TIMEOUT.minusMillis(500));
        }
    }

    @Test
    void bulk_refusedRequests_answerProblemsBeforeReadingTheBody() throws Exception {
        try (BulkConnection noKey = open(null)) {
            assertThat(noKey.status()).isEqualTo(401);
            assertThat(noKey.header("Content-Type")).startsWith("application/problem+json");
        }
        try (BulkConnection readOnly = open(key("links:read"))) {
            assertThat(readOnly.status()).isEqualTo(403);
        }
        given().header("X-API-Key", writer).contentType("application/json").body("{\"url\":\"https://example.com/\"}")
                .post("/api/v1/links/bulk").then().statusCode(415).contentType("application/problem+json");
        given().header("X-API-Key", writer).get("/api/v1/links/bulk").then().statusCode(405).header("Allow", "POST");
    }

    /**
     * A key with a daily quota of N streams N + k valid lines over several chunks (in flight
     * together): the first N valid lines get their links, each of the k after them the 429
     * quota-exceeded problem the batch endpoint answers, and the stream goes on to its end. A bad
     * line takes nothing from the quota.
     */
    @Test
    void bulk_moreLinesThanTheDailyQuota_firstLinesGetLinks_theRestQuotaExceededProblems_inOrder() throws Exception {
        SharedRateLimits.retriedWhileDecidedLocally(management, this::moreLinesThanTheDailyQuota);
    }

    private void moreLinesThanTheDailyQuota() throws Exception {
        int quota = 1_500;
        int over = 700;
        int bad = 10;
        String limited = keyWith(null, (long) quota).secret;
        String run = unique();
        List<JsonNode> results = stream(limited, quota + over + 1,
                i -> i == bad ? "{\"url\":\"nope\"}" : line("https://example.com/" + run + "/quota/" + i, i % 2 == 0 ? run + "-" + i : null));
        assertThat(results.get(bad).path("status").asInt()).isEqualTo(400);
        for (int i = 0; i < results.size(); i++) {
            JsonNode result = results.get(i);
            assertThat(result.path("line").asInt()).isEqualTo(i + 1);
            if (i == bad) {
                continue;
            }
            if (i <= quota) { // the quota's lines, the bad line among them
                assertThat(result.path("status").asInt()).as("line %d: %s", i + 1, result).isEqualTo(201);
                assertThat(result.path("link").path("url").asText()).isEqualTo("https://example.com/" + run + "/quota/" + i);
            } else {
                assertThat(result.path("status").asInt()).as("line %d: %s", i + 1, result).isEqualTo(429);
                assertThat(result.has("link")).isFalse();
                assertThat(problemType(result)).isEqualTo("quota-exceeded");
                assertThat(result.path("problem").path("status").asInt()).isEqualTo(429);
                assertThat(result.path("problem").path("violated-policies")).extracting(JsonNode::asText).containsExactly("daily");
                assertThat(result.path("problem").path("detail").asText()).contains(quota + " links a day").contains("0 left");
            }
        }
        redirect(code(results.get(quota))).then().statusCode(302).header("Location", "https://example.com/" + run + "/quota/" + quota);
        // Spent: a later stream's lines are each refused while the quota stays spent.
        List<JsonNode> later = stream(limited, 3, i -> line("https://example.com/" + run + "/later/" + i, null));
        assertThat(later).extracting(r -> r.path("status").asInt()).containsExactly(429, 429, 429);
    }

    /**
     * Lines whose ref already made its link take nothing from the quota, before and after it is
     * spent: the file sent again answers the same links. A line refused for the quota leaves its
     * ref free: sent again once the key may make more, it makes its link.
     */
    @Test
    void bulk_refsSentAgain_takeNoQuota_andAnswerTheirLinksAfterItIsSpent() throws Exception {
        SharedRateLimits.retriedWhileDecidedLocally(management, this::refsSentAgainWithTheQuotaSpent);
    }

    private void refsSentAgainWithTheQuotaSpent() throws Exception {
        LimitedKey limited = keyWith(null, 20L);
        String run = unique();
        IntFunction<String> file = i -> line("https://example.com/" + run + "/replay/" + i, run + "-" + i);
        List<JsonNode> first = stream(limited.secret, 15, file);
        assertThat(first).allSatisfy(r -> assertThat(r.path("status").asInt()).isEqualTo(201));
        // 15 lines done and 5 new: only the 5 new ones take from the 5 left.
        List<JsonNode> grown = stream(limited.secret, 20, file);
        assertThat(grown).allSatisfy(r -> assertThat(r.path("status").asInt()).as("%s", r).isEqualTo(201));
        List<JsonNode> beyond = stream(limited.secret, 22, file);
        for (int i = 0; i < 20; i++) {
            assertThat(beyond.get(i).path("status").asInt()).as("line %d sent again with the quota spent", i + 1).isEqualTo(201);
            assertThat(code(beyond.get(i))).isEqualTo(code(grown.get(i)));
            if (i < 15) {
                assertThat(code(grown.get(i))).isEqualTo(code(first.get(i)));
            }
        }
        assertThat(beyond.subList(20, 22)).allSatisfy(r -> {
            assertThat(r.path("status").asInt()).isEqualTo(429);
            assertThat(problemType(r)).isEqualTo("quota-exceeded");
            assertThat(r.path("ref").asText()).startsWith(run + "-");
        });
        as(ADMIN_KEY).body(Map.of("linksPerDay", 25))
                .patch("/api/v1/keys/" + limited.id).then().statusCode(200);
        List<JsonNode> raised = stream(limited.secret, 22, file);
        assertThat(raised).allSatisfy(r -> assertThat(r.path("status").asInt()).as("%s", r).isEqualTo(201));
        assertThat(code(raised.get(21))).isNotEmpty();
        redirect(code(raised.get(21))).then().statusCode(302).header("Location", "https://example.com/" + run + "/replay/21");
    }

    /** Opening a stream is a request of its key: over its requests a minute, 429 before a byte of the body is read. */
    @Test
    void bulk_keyOverItsRequestsPerMinute_isRefused429WithRetryAfter_beforeTheBody() throws Exception {
        SharedRateLimits.retriedWhileDecidedLocally(management, this::keyOverItsRequestsPerMinute);
    }

    private void keyOverItsRequestsPerMinute() throws Exception {
        String limited = keyWith(1L, null).secret; // one a minute: no unit comes back while the test runs, however slow
        try (BulkConnection bulk = open(limited)) {
            bulk.send(line("https://example.com/" + unique() + "/first", null) + "\n");
            bulk.finish();
            assertThat(bulk.status()).isEqualTo(200);
            assertThat(bulk.header("RateLimit-Policy")).isEqualTo(ratePolicy(1, DEFAULT_LINKS_PER_DAY));
            assertThat(bulk.header("RateLimit")).matches("\"burst\";r=0;t=\\d+");
            assertThat(readAll(bulk)).extracting(r -> r.path("status").asInt()).containsExactly(201);
        }
        try (BulkConnection refused = open(limited)) { // nothing of the body sent
            assertThat(refused.status()).isEqualTo(429);
            assertThat(refused.header("Content-Type")).startsWith("application/problem+json");
            assertThat(Long.parseLong(refused.header("Retry-After"))).as("one unit a minute").isBetween(1L, 60L);
            assertThat(refused.header("RateLimit")).matches("\"burst\";r=0;t=\\d+");
            JsonNode problem = JSON.readTree(refused.plainBody());
            assertThat(problem.path("type").asText()).endsWith("/rate-limited");
            assertThat(problem.path("violated-policies")).extracting(JsonNode::asText).containsExactly("burst");
        }
        assertThat(stream(writer, 1, i -> line("https://example.com/" + unique() + "/other-key", null)).get(0).path("status").asInt())
                .as("another key's streams").isEqualTo(201);
    }

    // --- helpers

    private BulkConnection open(String apiKey) {
        return new BulkConnection(base.getPort(), apiKey, 0);
    }

    /** Sends {@code count} lines made by {@code line} (the index from 0), ends the body, reads every answer. */
    private List<JsonNode> stream(String apiKey, int count, IntFunction<String> line) throws Exception {
        try (BulkConnection bulk = open(apiKey)) {
            CompletableFuture<Void> sent = CompletableFuture.runAsync(() -> {
                try {
                    StringBuilder chunk = new StringBuilder();
                    for (int i = 0; i < count; i++) {
                        chunk.append(line.apply(i)).append('\n');
                        if (chunk.length() > 8_000 || i == count - 1) {
                            bulk.send(chunk.toString());
                            chunk.setLength(0);
                        }
                    }
                    bulk.finish();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }, threads);
            assertThat(bulk.status()).isEqualTo(200);
            List<JsonNode> results = readAll(bulk);
            sent.get(30, TimeUnit.SECONDS);
            assertThat(results).hasSize(count);
            return results;
        }
    }

    /** A key that may write and read links, with its own limits (null: the default). */
    private static LimitedKey keyWith(Long requestsPerMinute, Long linksPerDay) {
        Map<String, Object> body = new HashMap<>();
        body.put("name", "limited bulk key");
        body.put("scopes", List.of("links:write", "links:read"));
        body.put("requestsPerMinute", requestsPerMinute);
        body.put("linksPerDay", linksPerDay);
        var created = as(ADMIN_KEY).body(body).post("/api/v1/keys")
                .then().statusCode(201).extract();
        return new LimitedKey(created.path("id"), created.path("key"));
    }

    private record LimitedKey(String id, String secret) {}

    private static List<JsonNode> readAll(BulkConnection bulk) throws IOException {
        List<JsonNode> results = new ArrayList<>();
        for (String text = bulk.readLine(); text != null; text = bulk.readLine()) {
            results.add(JSON.readTree(text));
        }
        return results;
    }

    private static String line(String url, String ref) {
        return ref == null ? "{\"url\":\"" + url + "\"}" : "{\"url\":\"" + url + "\",\"ref\":\"" + ref + "\"}";
    }

    private static String code(JsonNode result) {
        return result.path("link").path("code").asText();
    }

    private static String problemType(JsonNode result) {
        String type = result.path("problem").path("type").asText();
        return type.substring(type.lastIndexOf('/') + 1);
    }

    private static String unique() {
        return Long.toString(System.nanoTime(), 36);
    }

    /**
     * Result lines the two sockets may hold between the server's writes and the client's reads:
     * the server's send buffer at its largest (the kernel grows it up to {@code tcp_wmem}'s
     * maximum), the client's receive buffer (the kernel counts twice what was asked), and the
     * write queue Vert.x keeps before it pauses, at the shortest result line seen.
     */
    private static long socketAllowanceLines(int receiveBuffer, int shortestLine) throws IOException {
        long sendMax = 4L << 20;
        Path wmem = Path.of("/proc/sys/net/ipv4/tcp_wmem");
        if (Files.exists(wmem)) {
            String text;
            try (var in = Files.newInputStream(wmem)) { // readString trusts the size procfs reports, and reads one byte
                text = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            }
            String[] fields = text.trim().split("\\s+");
            sendMax = Long.parseLong(fields[fields.length - 1]);
        }
        long vertxQueue = 128 * 1024;
        return (sendMax + 2L * receiveBuffer + vertxQueue) / shortestLine + 1;
    }

    private double metric(String name) {
        return metric(name, null);
    }

    private double metric(String name, String label) {
        String body = given().get(management.resolve("metrics")).then().statusCode(200).extract().asString();
        String labels = label == null ? "(?:\\{[^}]*\\})?" : "\\{[^}]*" + Pattern.quote(label) + "[^}]*\\}";
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + labels + " ([0-9.Ee+-]+)$").matcher(body);
        assertThat(m.find()).as("%s in /q/metrics", name).isTrue();
        return Double.parseDouble(m.group(1));
    }

    /** A value read twice in a row, a second apart, and whether it did not change in between. */
    private static final class Stable implements java.util.concurrent.Callable<Stable> {
        private final java.util.concurrent.Callable<Double> read;
        double value = Double.NaN;
        boolean stable;

        Stable(java.util.concurrent.Callable<Double> read) {
            this.read = read;
        }

        @Override
        public Stable call() throws Exception {
            double now = read.call();
            stable = now == value;
            value = now;
            Thread.sleep(1000);
            return this;
        }
    }
}

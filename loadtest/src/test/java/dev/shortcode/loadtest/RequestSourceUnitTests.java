package dev.shortcode.loadtest;

import io.vertx.core.http.HttpMethod;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class RequestSourceUnitTests {

    private static LoadOptions options(Scenario scenario, Mix mix, int batchSize) {
        return new LoadOptions(TargetUrl.parse("http://127.0.0.1:1", false), scenario, 100, Duration.ofSeconds(1),
                Duration.ZERO, 1, null, 0, 1.0, mix, batchSize, 10, Duration.ofSeconds(1), 3);
    }

    @Test
    void createSendsDistinctUrls() {
        RequestSource source = RequestSource.of(options(Scenario.CREATE, new Mix(1, 1), 1), WorkingSet.none());
        Set<String> urls = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            RequestSpec spec = source.next();
            assertThat(spec.method()).isEqualTo(HttpMethod.POST);
            assertThat(spec.path()).isEqualTo(LinkApi.LINKS_PATH);
            assertThat(spec.expectedStatus()).isEqualTo(201);
            urls.add(spec.body().toJsonObject().getString("url"));
        }
        assertThat(urls).hasSize(100).allMatch(u -> u.startsWith("https://example.com/"));
    }

    @Test
    void batchSendsBatchSizeLinks() {
        RequestSpec spec = RequestSource.of(options(Scenario.BATCH, new Mix(1, 1), 37), WorkingSet.none()).next();
        assertThat(spec.path()).isEqualTo(LinkApi.BATCH_PATH);
        assertThat(spec.expectedStatus()).isEqualTo(200);
        assertThat(spec.body().toJsonObject().getJsonArray("links")).hasSize(37);
    }

    @Test
    void mixedFollowsTheMixAndRedirectsStayInTheWorkingSet() {
        WorkingSet set = WorkingSet.synthetic(50, 9);
        RequestSource source = RequestSource.of(options(Scenario.MIXED, new Mix(80, 20), 1), set);
        int redirects = 0;
        Set<String> paths = new HashSet<>();
        set.codes().forEach(c -> paths.add("/" + c));
        for (int i = 0; i < 10_000; i++) {
            RequestSpec spec = source.next();
            if (spec.method() == HttpMethod.GET) {
                redirects++;
                assertThat(paths).contains(spec.path());
                assertThat(spec.expectedStatus()).isEqualTo(302);
            }
        }
        assertThat(redirects / 10_000.0).isCloseTo(0.8, within(0.03));
    }

    @Test
    void theSameSeedSendsTheSameSequence() {
        WorkingSet set = WorkingSet.synthetic(100, 5);
        RequestSource a = RequestSource.of(options(Scenario.REDIRECT, new Mix(1, 1), 1), set);
        RequestSource b = RequestSource.of(options(Scenario.REDIRECT, new Mix(1, 1), 1), set);
        for (int i = 0; i < 100; i++) {
            assertThat(a.next().path()).isEqualTo(b.next().path());
        }
        assertThat(WorkingSet.synthetic(10, 5)).isEqualTo(WorkingSet.synthetic(10, 5));
        assertThat(WorkingSet.synthetic(1, 5).code(0)).matches("[0-9A-Za-z]{7}");
    }
}

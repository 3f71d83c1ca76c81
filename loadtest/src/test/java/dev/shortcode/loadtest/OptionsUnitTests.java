package dev.shortcode.loadtest;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OptionsUnitTests {

    private static final TargetUrl TARGET = TargetUrl.parse("http://127.0.0.1:8080", false);

    private static LoadOptions load(double rate, int connections, int links, double zipf, int batchSize) {
        return new LoadOptions(TARGET, Scenario.REDIRECT, rate, Duration.ofSeconds(10), Duration.ofSeconds(3),
                connections, null, links, zipf, new Mix(95, 5), batchSize, 1000, Duration.ofSeconds(5), 1);
    }

    @Test
    void validOptionsAreKept() {
        LoadOptions o = load(1000, 16, 10_000, 1.0, 100);
        assertThat(o.rate()).isEqualTo(1000);
        assertThat(o.withRate(2000).rate()).isEqualTo(2000);
        assertThat(o.withRate(2000).links()).isEqualTo(10_000);
    }

    @Test
    void eachBadValueFailsNamingItsOption() {
        assertThatThrownBy(() -> load(0, 16, 10, 1, 100)).hasMessageContaining("--rate");
        assertThatThrownBy(() -> load(-5, 16, 10, 1, 100)).hasMessageContaining("--rate");
        assertThatThrownBy(() -> load(Double.NaN, 16, 10, 1, 100)).hasMessageContaining("--rate");
        assertThatThrownBy(() -> load(100, 0, 10, 1, 100)).hasMessageContaining("--connections");
        assertThatThrownBy(() -> load(100, 16, -1, 1, 100)).hasMessageContaining("--links");
        assertThatThrownBy(() -> load(100, 16, 10, -0.5, 100)).hasMessageContaining("--zipf");
        assertThatThrownBy(() -> load(100, 16, 10, 1, 1001)).hasMessageContaining("--batch-size");
        assertThatThrownBy(() -> new LoadOptions(TARGET, Scenario.CREATE, 10, Duration.ofMillis(10), Duration.ZERO,
                1, null, 0, 0, new Mix(1, 1), 1, 1, Duration.ofSeconds(1), 1)).hasMessageContaining("--duration");
        assertThatThrownBy(() -> new LoadOptions(TARGET, Scenario.CREATE, 10, Duration.ofSeconds(1),
                Duration.ofSeconds(-1), 1, null, 0, 0, new Mix(1, 1), 1, 1, Duration.ofSeconds(1), 1))
                .hasMessageContaining("--warmup");
        assertThatThrownBy(() -> new LoadOptions(TARGET, Scenario.CREATE, 10, Duration.ofSeconds(1), Duration.ZERO,
                1, null, 0, 0, new Mix(1, 1), 1, 0, Duration.ofSeconds(1), 1)).hasMessageContaining("--max-in-flight");
        assertThatThrownBy(() -> new LoadOptions(TARGET, Scenario.CREATE, 10, Duration.ofSeconds(1), Duration.ZERO,
                1, null, 0, 0, new Mix(1, 1), 1, 1, Duration.ZERO, 1)).hasMessageContaining("--timeout");
        assertThatThrownBy(() -> new SearchOptions(Duration.ZERO, 0.01, 5, 1000)).hasMessageContaining("--p99");
        assertThatThrownBy(() -> new SearchOptions(Duration.ofMillis(10), 2, 5, 1000))
                .hasMessageContaining("--max-error-ratio");
        assertThatThrownBy(() -> new SearchOptions(Duration.ofMillis(10), 0, 0, 1000)).hasMessageContaining("--max-steps");
        assertThatThrownBy(() -> new SearchOptions(Duration.ofMillis(10), 0, 5, 0)).hasMessageContaining("--max-rate");
        assertThatThrownBy(() -> new SearchOptions(Duration.ofMillis(10), 0, 5, 1000, -1)).hasMessageContaining("--retries");
        assertThatThrownBy(() -> new OutputOptions(Path.of("x"), "../escape", PlotFormat.BOTH, true))
                .hasMessageContaining("--name");
    }

    @Test
    void userAgentAndLinkJson_areKeptThroughARateChange_andABadLinkJsonNamesItsOption() {
        LoadOptions o = new LoadOptions(TARGET, Scenario.REDIRECT, 10, Duration.ofSeconds(1), Duration.ZERO, 1, null, 10, 0,
                new Mix(1, 1), 1, 1, Duration.ofSeconds(1), 1, "Mozilla/5.0 (iPhone)", "{\"targets\": {\"ios\": \"https://x\"}}");
        assertThat(o.withRate(20).userAgent()).isEqualTo("Mozilla/5.0 (iPhone)");
        assertThat(o.withRate(20).linkFields()).isEqualTo("{\"targets\": {\"ios\": \"https://x\"}}");
        assertThat(new LoadOptions(TARGET, Scenario.REDIRECT, 10, Duration.ofSeconds(1), Duration.ZERO, 1, null, 10, 0,
                new Mix(1, 1), 1, 1, Duration.ofSeconds(1), 1, " ", "").linkFields()).isNull();
        for (String bad : new String[] {"[1]", "{targets", "\"x\""}) {
            assertThatThrownBy(() -> new LoadOptions(TARGET, Scenario.REDIRECT, 10, Duration.ofSeconds(1), Duration.ZERO, 1, null, 10, 0,
                    new Mix(1, 1), 1, 1, Duration.ofSeconds(1), 1, null, bad)).as(bad).hasMessageContaining("--link-json");
        }
    }

    @Test
    void blankApiKeyMeansNone() {
        LoadOptions o = new LoadOptions(TARGET, Scenario.CREATE, 10, Duration.ofSeconds(1), Duration.ZERO, 1, "  ",
                0, 0, new Mix(1, 1), 1, 1, Duration.ofSeconds(1), 1);
        assertThat(o.apiKey()).isNull();
    }

    @Test
    void mixAndScenarioParse() {
        assertThat(Mix.parse("95:5").redirectShare()).isEqualTo(0.95);
        assertThat(Mix.parse(" 9 : 1 ")).isEqualTo(new Mix(9, 1));
        assertThat(Mix.parse("0:1").redirectShare()).isZero();
        assertThatThrownBy(() -> Mix.parse("95")).hasMessageContaining("--mix");
        assertThatThrownBy(() -> Mix.parse("a:b")).hasMessageContaining("--mix");
        assertThatThrownBy(() -> Mix.parse("0:0")).hasMessageContaining("--mix");
        assertThatThrownBy(() -> Mix.parse("-1:5")).hasMessageContaining("--mix");
        assertThat(Scenario.parse("Redirect")).isEqualTo(Scenario.REDIRECT);
        assertThatThrownBy(() -> Scenario.parse("read")).hasMessageContaining("--scenario");
    }

    @Test
    void onlyLoopbackTargetsUnlessAllowed() {
        assertThat(TargetUrl.parse("http://127.0.0.1:8080", false).port()).isEqualTo(8080);
        assertThat(TargetUrl.parse("http://localhost:9000/base/", false).uri("/abc")).isEqualTo("/base/abc");
        assertThat(TargetUrl.parse("http://[::1]:9000", false).connectHost()).isEqualTo("::1");
        assertThat(TargetUrl.parse("http://127.1.2.3", false).port()).isEqualTo(80);
        assertThatThrownBy(() -> TargetUrl.parse("http://10.0.0.1:8080", false))
                .hasMessageContaining("--target").hasMessageContaining("--allow-non-loopback");
        assertThatThrownBy(() -> TargetUrl.parse("http://example.com", false)).hasMessageContaining("--target");
        assertThatThrownBy(() -> TargetUrl.parse("http://127.0.0.1.example.com", false)).hasMessageContaining("--target");
        assertThatThrownBy(() -> TargetUrl.parse("https://127.0.0.1", false)).hasMessageContaining("http://");
        assertThatThrownBy(() -> TargetUrl.parse("not a url", false)).hasMessageContaining("--target");
        assertThat(TargetUrl.parse("http://192.0.2.1:8080", true).host()).isEqualTo("192.0.2.1");
    }
}

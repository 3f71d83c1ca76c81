package dev.shortcode.helm;

import static org.assertj.core.api.Assertions.assertThat;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code helm lint --strict}: warnings fail too. The chart has no defaults for what each release
 * must choose (Redis, HBase, the secrets, the base URL), so the chart as shipped is linted for
 * exactly those refusals, and each example values file (ci/, docs/OPERATIONS.md's) is linted as a release.
 */
class ChartLintUnitTests {

    @Test
    void lint_chartAsShipped_refusesOnlyTheValuesEveryReleaseMustSet() {
        LintResult result = new Helm(ChartRelease.CHART).lint().strict().call();

        assertThat(result.isFailed()).isTrue();
        String messages = String.join("\n", result.getMessages());
        assertThat(messages).contains("'/config/baseUrl'", "'/hbase/zookeeperQuorum'", "'/redis/uris'",
                "'/secrets/permutationSecret'", "'/secrets/adminKey'");
        // Nothing else: each error is the values check (values.yaml, and again when rendering).
        assertThat(result.getMessages()).noneMatch(m -> m.startsWith("[WARNING]"));
        assertThat(result.getMessages()).filteredOn(m -> m.startsWith("[ERROR]")).isNotEmpty()
                .allSatisfy(m -> assertThat(m).containsAnyOf("[ERROR] values.yaml: - at '",
                        "[ERROR] templates/: values don't meet the specifications of the schema"));
    }

    static Stream<Arguments> releases() throws IOException {
        Stream.Builder<Arguments> releases = Stream.builder();
        releases.add(Arguments.of("the required values", ChartRelease.REQUIRED));
        try (Stream<Path> files = Files.list(ChartRelease.CHART.resolve("ci"))) {
            for (Path file : files.sorted().toList()) {
                releases.add(Arguments.of("ci/" + file.getFileName(), Files.readString(file)));
            }
        }
        return releases.build();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("releases")
    void lint_strictWithAReleasesValues_passesWithoutWarnings(String name, String values) throws IOException {
        try (ChartCopy chart = ChartCopy.withValues(values)) {
            LintResult result = new Helm(chart.dir).lint().strict().call();

            assertThat(result.getMessages()).as(name).noneMatch(m -> m.startsWith("[ERROR]") || m.startsWith("[WARNING]"));
            assertThat(result.isFailed()).as(name + ": " + result.getMessages()).isFalse();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("releases")
    void template_aReleasesValues_rendersTheRelease(String name, String values) {
        // Lint renders too, but in lint mode the templates' own checks (fail) only log.
        Manifests manifests = ChartRelease.withNoValues().values(values).render();

        assertThat(manifests.deployment().getMetadata().getName()).as(name).isEqualTo("links-shortcode");
    }
}

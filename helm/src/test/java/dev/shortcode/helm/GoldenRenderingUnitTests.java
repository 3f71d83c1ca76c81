package dev.shortcode.helm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The whole rendering of a release with the chart's defaults, compared with the one committed
 * under src/test/resources/golden: any change to what the chart makes shows up in review as a
 * diff of that file. After a deliberate change, regenerate it and commit it with the change:
 * <pre>
 * mvn -B -o verify -pl helm -am -Dtest=GoldenRenderingUnitTests -DskipITs \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dshortcode.golden.update=true
 * </pre>
 */
class GoldenRenderingUnitTests {

    private static final Path GOLDEN_DIR = Path.of(System.getProperty("shortcode.golden.dir", "src/test/resources/golden"));
    private static final boolean UPDATE = Boolean.getBoolean("shortcode.golden.update");

    @Test
    void template_defaults_matchTheGoldenRendering() throws IOException {
        compare("defaults.yaml", ChartRelease.withRequiredValues().template());
    }

    @Test
    void template_embedded_matchesTheGoldenRendering() throws IOException {
        compare("embedded.yaml", ChartRelease.withNoValues().values(Files.readString(ChartRelease.CHART.resolve("ci/embedded-values.yaml"))).template());
    }

    private static void compare(String name, String rendered) throws IOException {
        Path golden = GOLDEN_DIR.resolve(name);
        if (UPDATE) {
            Files.createDirectories(GOLDEN_DIR);
            Files.writeString(golden, rendered, StandardCharsets.UTF_8);
        }
        assertThat(golden).as("the golden rendering; regenerate it with -Dshortcode.golden.update=true").exists();
        assertThat(rendered).as("the rendering differs from %s; if the change is meant, regenerate it with "
                + "-Dshortcode.golden.update=true and commit it", golden).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }
}

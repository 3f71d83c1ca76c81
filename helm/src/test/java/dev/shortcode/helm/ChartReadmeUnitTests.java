package dev.shortcode.helm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.marcnuri.helm.Helm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What the docs say about the chart: the chart README's values table against values.yaml, and
 * the example release of docs/OPERATIONS.md's "Run on Kubernetes", installed as written.
 */
class ChartReadmeUnitTests {

    private static final Path OPERATIONS = Path.of(System.getProperty("shortcode.operations.doc", "../docs/OPERATIONS.md"));
    private static final Pattern YAML_BLOCK = Pattern.compile("```yaml\n(.*?)```", Pattern.DOTALL);
    private static final Pattern ROW = Pattern.compile("^\\| `([A-Za-z0-9.]+)` \\| `([^`]*)` \\|", Pattern.MULTILINE);

    @Test
    void valuesTable_everyValue_isDocumentedWithItsDefault() throws IOException {
        Map<String, String> defaults = new LinkedHashMap<>();
        leaves(new ObjectMapper(new YAMLFactory()).readTree(ChartRelease.CHART.resolve("values.yaml").toFile()), "", defaults);
        Map<String, String> documented = new LinkedHashMap<>();
        Matcher row = ROW.matcher(Files.readString(ChartRelease.CHART.resolve("README.md")));
        while (row.find()) {
            documented.put(row.group(1), row.group(2));
        }

        assertThat(documented.keySet()).as("the values table of README.md").containsExactlyElementsOf(defaults.keySet());
        assertThat(documented).as("the defaults in the values table").containsExactlyEntriesOf(defaults);
    }

    @Test
    void operationsPage_kubernetesExample_isAReleaseTheChartAccepts() throws IOException {
        String page = Files.readString(OPERATIONS);
        String section = page.substring(page.indexOf("## Run on Kubernetes"));
        Matcher block = YAML_BLOCK.matcher(section);
        assertThat(block.find()).as("a ```yaml block in %s's Run on Kubernetes", OPERATIONS).isTrue();

        Manifests manifests = ChartRelease.withNoValues().named("shortcode").values(block.group(1)).render();

        // The names the page tells the reader to use.
        assertThat(manifests.kindsAndNames()).contains("Deployment/shortcode", "Service/shortcode", "Service/shortcode-management");
        assertThat(manifests.container().getImage()).isEqualTo("registry.example.com/shortcode:0.1.0");
        assertThat(manifests.container().getEnv()).filteredOn(e -> e.getValueFrom().getSecretKeyRef() != null).isNotEmpty()
                .allSatisfy(e -> assertThat(e.getValueFrom().getSecretKeyRef().getName()).isEqualTo("shortcode-secrets"));
        try (ChartCopy chart = ChartCopy.withValues(block.group(1))) {
            assertThat(new Helm(chart.dir).lint().strict().call().isFailed()).isFalse();
        }
    }

    /** Leaf values by dotted path, written as the table writes them: "" for an empty string. */
    private static void leaves(JsonNode node, String path, Map<String, String> out) {
        if (node.isObject() && !node.isEmpty()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                leaves(field.getValue(), path.isEmpty() ? field.getKey() : path + "." + field.getKey(), out);
            }
        } else if (node.isTextual()) {
            out.put(path, node.asText().isEmpty() ? "\"\"" : node.asText());
        } else {
            out.put(path, node.toString());
        }
    }
}

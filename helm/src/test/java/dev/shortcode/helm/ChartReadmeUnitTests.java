package dev.shortcode.helm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The chart README's values table against values.yaml: every value documented, with its default. */
class ChartReadmeUnitTests {

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

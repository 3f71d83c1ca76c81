package dev.shortcode.helm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A copy of the chart whose values.yaml has more values merged in: what {@code helm lint -f
 * file} checks, for the embedded Helm's lint, which takes no values files. Maps merge key by
 * key, anything else replaces, as Helm merges values.
 */
final class ChartCopy implements AutoCloseable {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    final Path dir;

    private ChartCopy(Path dir) {
        this.dir = dir;
    }

    static ChartCopy withValues(String yaml) {
        try {
            Path root = Files.createTempDirectory("shortcode-chart-");
            Path dir = root.resolve(ChartRelease.CHART.getFileName());
            try (Stream<Path> files = Files.walk(ChartRelease.CHART)) {
                for (Path source : (Iterable<Path>) files::iterator) {
                    Path target = dir.resolve(ChartRelease.CHART.relativize(source).toString());
                    if (Files.isDirectory(source)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(source, target);
                    }
                }
            }
            JsonNode defaults = YAML.readTree(ChartRelease.CHART.resolve("values.yaml").toFile());
            JsonNode merged = merge(defaults.deepCopy(), YAML.readTree(yaml));
            YAML.writeValue(dir.resolve("values.yaml").toFile(), merged);
            return new ChartCopy(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode merge(JsonNode base, JsonNode override) {
        if (!(base instanceof ObjectNode target) || override == null || !override.isObject()) {
            return override == null ? base : override;
        }
        for (Map.Entry<String, JsonNode> e : override.properties()) {
            target.set(e.getKey(), target.has(e.getKey()) ? merge(target.get(e.getKey()), e.getValue()) : e.getValue());
        }
        return target;
    }

    @Override
    public void close() throws IOException {
        try (Stream<Path> files = Files.walk(dir.getParent())) {
            for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }
}

package dev.shortcode.helm;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.InstallCommand;
import com.marcnuri.helm.TemplateCommand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One {@code helm template} of the chart, as an operator would run it: values files in order
 * (later ones win), then {@code --set} pairs. Rendered by the Helm that helm-java embeds, so
 * the chart's schema, its templates and their {@code fail} checks all run as on a real install.
 */
final class ChartRelease {

    static final Path CHART = Path.of(System.getProperty("shortcode.chart.dir", "shortcode")).toAbsolutePath().normalize();
    static final String NAME = "links";
    static final String NAMESPACE = "shortcode";
    /** Fixed, so that a rendering does not depend on the Kubernetes version Helm defaults to. */
    static final String KUBE_VERSION = "1.30.0";

    /**
     * What every Redis + HBase release must set (the chart has no defaults for them): one
     * standalone Redis, one ZooKeeper, the two secrets and the public base URL.
     */
    static final String REQUIRED = """
            config:
              baseUrl: https://sho.rt
            redis:
              uris: ["redis://redis.data.svc:6379"]
            hbase:
              zookeeperQuorum: zk.data.svc:2181
            secrets:
              permutationSecret: permutation-secret-of-32-bytes!
              adminKey: sck_admin-key-of-the-test-release
            """;

    private final List<String> valuesYaml = new ArrayList<>();
    private final Map<String, Object> sets = new LinkedHashMap<>();
    private String name = NAME;

    private ChartRelease() {}

    /** A release with {@link #REQUIRED} and the chart's defaults for everything else. */
    static ChartRelease withRequiredValues() {
        return new ChartRelease().values(REQUIRED);
    }

    /** A release with only the values given to it. */
    static ChartRelease withNoValues() {
        return new ChartRelease();
    }

    /** Adds a values file with this YAML content (like {@code -f}); later files win. */
    ChartRelease values(String yaml) {
        valuesYaml.add(yaml);
        return this;
    }

    /** Like {@code --set key=value}. */
    ChartRelease set(String key, Object value) {
        sets.put(key, value);
        return this;
    }

    /** Another release name than {@link #NAME}. */
    ChartRelease named(String releaseName) {
        this.name = releaseName;
        return this;
    }

    /** Renders the release; fails the test with Helm's message if Helm refuses it. */
    Manifests render() {
        return Manifests.parse(template());
    }

    /** The rendered text, unparsed. */
    String template() {
        return withValuesFiles(files -> {
            TemplateCommand command = new Helm(CHART).template().withName(name).withNamespace(NAMESPACE).withKubeVersion(KUBE_VERSION);
            files.forEach(command::withValuesFile);
            sets.forEach(command::set);
            return command.call();
        });
    }

    /**
     * What {@code helm install} prints after it installed the release, NOTES.txt included: a dry
     * run that reaches no cluster.
     */
    String installOutput() {
        return withValuesFiles(files -> {
            InstallCommand command = new Helm(CHART).install().withName(name).withNamespace(NAMESPACE).withKubeVersion(KUBE_VERSION)
                    .dryRun().clientOnly();
            files.forEach(command::withValuesFile);
            sets.forEach(command::set);
            return command.call().getOutput();
        });
    }

    /** Runs Helm with the values written to temporary files, in order, and removes the files. */
    private String withValuesFiles(Function<List<Path>, String> helm) {
        List<Path> files = new ArrayList<>();
        try {
            for (String yaml : valuesYaml) {
                Path file = Files.createTempFile("shortcode-values-", ".yaml");
                files.add(file);
                Files.writeString(file, yaml, StandardCharsets.UTF_8);
            }
            return helm.apply(files);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            for (Path file : files) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException ignored) {
                    // a temporary file left behind
                }
            }
        }
    }

    /** Renders the release, expecting Helm to refuse it, and returns Helm's message. */
    String refusal() {
        try {
            String rendered = template();
            throw new AssertionError("expected Helm to refuse these values, but it rendered:\n" + rendered);
        } catch (IllegalStateException refused) {
            return refused.getMessage();
        }
    }
}

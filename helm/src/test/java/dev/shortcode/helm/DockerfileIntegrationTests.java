package dev.shortcode.helm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * helm/Dockerfile against the service that {@code mvn package} made: no Docker engine is at hand
 * to build the image, so what a build would need is checked instead. Runs after redirect-api's
 * {@code package} (this module depends on it for the reactor order).
 */
class DockerfileIntegrationTests {

    private static final Path DOCKERFILE = Path.of(System.getProperty("shortcode.dockerfile", "Dockerfile")).toAbsolutePath().normalize();
    private static final Path CONTEXT = Path.of(System.getProperty("shortcode.build.context", "..")).toAbsolutePath().normalize();
    private static final Path QUARKUS_APP = CONTEXT.resolve("redirect-api/target/quarkus-app");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final DockerfileInstructions dockerfile = DockerfileInstructions.read(DOCKERFILE);

    @Test
    void copy_everySource_existsInThePackagedService() {
        assertThat(QUARKUS_APP.resolve("quarkus-run.jar")).as("run the integration tests after `package` of redirect-api").exists();
        List<DockerfileInstructions.Copy> copies = dockerfile.copiesFromContext();
        assertThat(copies).as("COPY instructions").isNotEmpty();
        for (DockerfileInstructions.Copy copy : copies) {
            for (String source : copy.sources()) {
                assertThat(source).as("a COPY source is a path, not a pattern").doesNotContain("*", "?", "[");
                Path path = CONTEXT.resolve(source).normalize();
                assertThat(path).as("COPY source " + source).exists();
                assertThat(path).as("COPY source " + source + " is part of the packaged service").startsWithRaw(QUARKUS_APP);
                if (source.endsWith("/")) {
                    assertThat(path).as("COPY source " + source).isDirectoryContaining(p -> true);
                }
            }
        }
    }

    @Test
    void copy_everyPartOfTheFastJar_isInTheImage() throws IOException {
        // What quarkus-run.jar loads at start; a part left out fails only when the image runs.
        List<Path> copied = new ArrayList<>();
        for (DockerfileInstructions.Copy copy : dockerfile.copiesFromContext()) {
            copy.sources().forEach(s -> copied.add(CONTEXT.resolve(s).normalize()));
        }
        try (var parts = Files.list(QUARKUS_APP)) {
            List<Path> needed = parts.filter(p -> !p.getFileName().toString().endsWith(".txt")).toList();
            assertThat(needed).isNotEmpty();
            for (Path part : needed) {
                assertThat(copied).as("the Dockerfile copies " + CONTEXT.relativize(part)).contains(part);
            }
        }
    }

    @Test
    void copy_everySource_passesTheDockerignore() throws IOException {
        Path ignore = DOCKERFILE.resolveSibling(DOCKERFILE.getFileName() + ".dockerignore");
        List<String> kept = Files.readAllLines(ignore).stream().map(String::strip)
                .filter(l -> l.startsWith("!")).map(l -> l.substring(1)).toList();
        assertThat(Files.readAllLines(ignore)).as(ignore + " excludes the rest of the repository").contains("*");
        for (DockerfileInstructions.Copy copy : dockerfile.copiesFromContext()) {
            for (String source : copy.sources()) {
                assertThat(kept).as("%s lets %s into the build context", ignore.getFileName(), source)
                        .anyMatch(k -> source.startsWith(k.endsWith("/") ? k : k + "/") || source.equals(k));
            }
        }
    }

    @Test
    void user_isANumericUserThatIsNotRoot() {
        String user = dockerfile.finalUser();
        // Numeric, or the kubelet cannot check runAsNonRoot and refuses to start the pod.
        assertThat(user).as("USER").matches("[0-9]+");
        assertThat(Integer.parseInt(user)).as("USER").isPositive();
    }

    @Test
    void user_isTheOneTheChartRunsThePodAs() throws IOException {
        JsonNode values = new ObjectMapper(new YAMLFactory()).readTree(ChartRelease.CHART.resolve("values.yaml").toFile());
        String user = dockerfile.finalUser();
        assertThat(values.at("/podSecurityContext/runAsUser").asText()).isEqualTo(user);
        String group = dockerfile.all("USER").get(dockerfile.all("USER").size() - 1).args().get(0).split(":")[1];
        assertThat(values.at("/podSecurityContext/runAsGroup").asText()).isEqualTo(group);
    }

    @Test
    void entrypoint_runsTheCopiedJarWithoutAShell() throws IOException {
        List<DockerfileInstructions.Instruction> entrypoints = dockerfile.all("ENTRYPOINT");
        assertThat(entrypoints).hasSize(1);
        // The exec form: java is PID 1 and receives SIGTERM itself, so the service shuts down gracefully.
        JsonNode command = JSON.readTree(String.join(" ", entrypoints.get(0).args()));
        assertThat(command.isArray()).as("ENTRYPOINT in exec form").isTrue();
        assertThat(command.get(0).asText()).isEqualTo("java");
        String jar = command.get(command.size() - 1).asText();
        assertThat(dockerfile.copiesFromContext()).as("a COPY puts " + jar + " into the image")
                .anyMatch(c -> c.destination().equals(jar) && c.sources().get(0).endsWith("/quarkus-run.jar"));
    }

    @Test
    void env_setsTheJvmFlagsTheServiceNeeds() {
        String env = String.join(" ", dockerfile.all("ENV").stream().flatMap(i -> i.args().stream()).toList());
        assertThat(env).contains("JDK_JAVA_OPTIONS=").contains("-XX:MaxRAMPercentage=").contains("-XX:+ExitOnOutOfMemoryError")
                .contains("-Djava.util.logging.manager=org.jboss.logmanager.LogManager");
        assertThat(dockerfile.all("FROM")).singleElement()
                .satisfies(from -> assertThat(from.args().get(0)).startsWith("eclipse-temurin:17-jre"));
    }
}

package dev.shortcode.hbase.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How {@link HBaseProcess} finds and launches its child; no HBase starts here. */
class HBaseProcessUnitTests {

    @TempDir
    Path root;
    /** A module beside persistence-hbase, like the service. */
    Path module;

    @BeforeEach
    void createModule() throws IOException {
        module = Files.createDirectories(root.resolve("redirect-api"));
    }

    @Test
    void classpathFile_missing_failsNamingThePathThePropertyAndTheFix() {
        assertThatThrownBy(() -> HBaseProcess.classpathFile(module, null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(root.resolve("persistence-hbase/target/hbase-minicluster.classpath").toString())
                .hasMessageContaining(HBaseProcess.CLASSPATH_FILE_PROPERTY)
                .hasMessageContaining("-am");
    }

    @Test
    void classpathFile_notConfigured_isTheDefaultBesideTheModule() throws IOException {
        Path expected = Files.createDirectories(root.resolve("persistence-hbase/target"))
                .resolve("hbase-minicluster.classpath");
        Files.writeString(expected, "/a.jar");

        assertThat(HBaseProcess.classpathFile(module, null)).isEqualTo(expected);
        assertThat(HBaseProcess.classpathFile(module, " ")).isEqualTo(expected);
    }

    @Test
    void classpathFile_configuredRelative_resolvesAgainstTheModule() throws IOException {
        Path file = Files.writeString(Files.createDirectories(module.resolve("cp")).resolve("hbase.classpath"), "/a.jar");

        assertThat(HBaseProcess.classpathFile(module, "cp/hbase.classpath")).isEqualTo(file);
        assertThat(HBaseProcess.classpathFile(Path.of("/elsewhere"), file.toString())).isEqualTo(file);
    }

    @Test
    void command_runsTheMainOnTheModuleClassesThenTheDependencies() throws IOException {
        Path target = Files.createDirectories(module.resolve("target"));
        Path file = Files.writeString(target.resolve("hbase-minicluster.classpath"), "/m2/a.jar:/m2/b.jar\n");

        List<String> command = HBaseProcess.command(file);

        assertThat(command.get(0)).endsWith(File.separator + "java");
        assertThat(command).contains("-Xmx768m");
        assertThat(command.get(command.indexOf("-cp") + 1)).isEqualTo(
                target.resolve("test-classes") + File.pathSeparator + target.resolve("classes") + File.pathSeparator + "/m2/a.jar:/m2/b.jar");
        assertThat(command.get(command.size() - 1)).isEqualTo(HBaseMiniClusterMain.class.getName());
    }

    @Test
    void start_childThatCannotStart_failsAtOnceWithItsOutput() throws IOException {
        // No classes anywhere: the JVM starts and exits at once, unable to find the main class.
        Path file = Files.writeString(Files.createDirectories(module.resolve("target")).resolve("hbase-minicluster.classpath"), "");
        long started = System.nanoTime();

        assertThatThrownBy(() -> HBaseProcess.start(module, file))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("exited before it was READY")
                .hasMessageContaining(HBaseMiniClusterMain.class.getName());
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("no wait for the READY timeout").isLessThan(Duration.ofSeconds(30));
    }
}

package dev.shortcode.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generated secret and admin key in a real directory. */
class DataDirectoryUnitTests {

    @TempDir
    Path dir;

    @Test
    void embeddedSecret_firstStart_generatesAPrivateFileThatLaterStartsRead() throws Exception {
        DataDirectory data = new DataDirectory(dir.resolve("data"));

        String first = data.embeddedSecret();

        Path file = dir.resolve("data").resolve("secret");
        assertThat(first).matches("[0-9a-f]{64}");
        assertThat(Files.readString(file).trim()).isEqualTo(first);
        assertThat(Files.getPosixFilePermissions(file)).containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ,
                PosixFilePermission.OWNER_WRITE);
        assertThat(new DataDirectory(dir.resolve("data")).embeddedSecret()).isEqualTo(first);
        assertThat(dir.resolve("data")).isDirectoryNotContaining(p -> p.getFileName().toString().endsWith(".tmp"));
    }

    @Test
    void embeddedSecret_directoryIsAFile_failsNamingTheDataDir() throws Exception {
        Path notADirectory = Files.writeString(dir.resolve("file"), "x");

        assertThatThrownBy(() -> new DataDirectory(notADirectory).embeddedSecret())
                .isInstanceOfSatisfying(ConfigException.class, e -> assertThat(e.key()).isEqualTo("shortcode.data-dir"));
    }

    @Test
    void writeAdminKey_replacesAnOlderKeyWithAPrivateFile() throws Exception {
        DataDirectory data = new DataDirectory(dir.resolve("fresh"));
        data.writeAdminKey("sck_the_first_generated_key");

        Path file = data.writeAdminKey("sck_the_second_generated_key");

        assertThat(file).isEqualTo(dir.resolve("fresh").resolve("admin.key"));
        assertThat(Files.readString(file)).isEqualTo("sck_the_second_generated_key\n");
        assertThat(Files.getPosixFilePermissions(file)).containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ,
                PosixFilePermission.OWNER_WRITE);
        try (var files = Files.list(dir.resolve("fresh"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("admin.key");
        }
    }
}

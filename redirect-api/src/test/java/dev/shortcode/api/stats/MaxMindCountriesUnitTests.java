package dev.shortcode.api.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Countries from a MaxMind DB file written by the test itself ({@link TinyMaxMindDb}), read by the real reader library. */
class MaxMindCountriesUnitTests {

    @TempDir
    Path dir;

    static Path countries(Path dir) throws Exception {
        Path file = dir.resolve("countries.mmdb");
        new TinyMaxMindDb()
                .add("81.2.69.0/24", Map.of("country", Map.of("iso_code", "GB")))
                .add("192.0.2.0/25", Map.of("country", Map.of("iso_code", "de")))
                .add("203.0.113.0/24", Map.of("registered_country", Map.of("iso_code", "JP")))
                .add("127.0.0.0/8", Map.of("country", Map.of("iso_code", "FR")))
                .write(file);
        return file;
    }

    @Test
    void country_ofKnownAndUnknownAddresses() throws Exception {
        try (MaxMindCountries lookup = MaxMindCountries.open(countries(dir))) {
            assertThat(lookup.country("81.2.69.160")).contains("GB");
            assertThat(lookup.country("192.0.2.1")).as("upper-cased").contains("DE");
            assertThat(lookup.country("192.0.2.200")).as("outside the /25").isEmpty();
            assertThat(lookup.country("203.0.113.9")).as("the registered country when no country").contains("JP");
            assertThat(lookup.country("10.1.2.3")).isEmpty();
            assertThat(lookup.country("2001:db8::1")).as("IPv6 in an IPv4 database").isEmpty();
            assertThat(lookup.country("example.com")).as("never a DNS lookup").isEmpty();
            assertThat(lookup.country(null)).isEmpty();
        }
    }

    @Test
    void open_aFileThatIsNoMaxMindDb_stopsTheStartNamingTheKey() throws Exception {
        Path junk = Files.writeString(dir.resolve("junk.mmdb"), "not a database");
        assertThatThrownBy(() -> MaxMindCountries.open(junk)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("shortcode.stats.geo-database");
    }
}

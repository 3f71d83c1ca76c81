package dev.shortcode.client.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class RefsUnitTests {

    @Test
    void theSameFileAndCommandGiveTheSameRefsHoweverThePathIsWritten() {
        Path file = Path.of("data/links.csv");

        assertThat(Refs.prefixFor(file, "bulk"))
                .isEqualTo(Refs.prefixFor(file.toAbsolutePath(), "bulk"))
                .isEqualTo(Refs.prefixFor(Path.of("data/../data/./links.csv"), "bulk"))
                .matches("[0-9a-f]{16}");
    }

    @Test
    void anotherFileOrAnotherReadingGivesOtherRefs() {
        Path file = Path.of("links.csv");

        assertThat(Refs.prefixFor(file, "bulk")).isNotEqualTo(Refs.prefixFor(Path.of("other.csv"), "bulk"))
                .isNotEqualTo(Refs.prefixFor(file, "import-csv"));
    }

    @Test
    void aRefIsThePrefixAndTheLineAndFitsTheServicesLimit() {
        assertThat(Refs.ref("abc", 42)).isEqualTo("abc:42");
        String longest = "p".repeat(Refs.MAX_PREFIX_LENGTH);
        assertThat(Refs.ref(Refs.checkPrefix(longest), Long.MAX_VALUE)).hasSizeLessThanOrEqualTo(128);
        assertThatThrownBy(() -> Refs.checkPrefix(longest + "p")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Refs.checkPrefix("")).isInstanceOf(IllegalArgumentException.class);
    }
}

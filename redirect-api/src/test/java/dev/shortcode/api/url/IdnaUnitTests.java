package dev.shortcode.api.url;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IdnaUnitTests {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "faß.de, xn--fa-hia.de", // nontransitional: ß is kept, not mapped to ss as IDNA 2003 and transitional UTS #46 do
        "FASS.de, fass.de", "Bücher.Example, xn--bcher-kva.example", "ẞ.example, xn--zca.example",
        "\uA7A0bc.example, xn--bc-k18h.example", // a letter of Unicode 6.0, unknown to IDNA 2003's Unicode 3.2 tables
        "\uFF11\uFF12\uFF17.0.0.1, 127.0.0.1", "127\u30020\u30020\u30021, 127.0.0.1", "XN--FA-HIA.de, xn--fa-hia.de",
        "example.com., example.com.", "-a.example, -a.example", "a_b.example, a_b.example",
    })
    void toAscii_mapsAsBrowsersDo(String name, String ascii) {
        assertThat(Idna.toAscii(name)).isEqualTo(ascii);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "xn--zz.example| not valid punycode",
        "a..b| empty label",
        "\u3002example| empty label",
        "x.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa| longer than 63",
        "a\u200Db.example| joiner",
    })
    void toAscii_invalidName_isRefusedSayingWhy(String name, String why) {
        assertThatThrownBy(() -> Idna.toAscii(name)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(why.trim());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"example.com", "EXAMPLE.com.", "a-b_c.d9", "localhost", "127.0.0.1",
        "x.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"})
    void isPlainAscii_whenTrue_uts46GivesTheNameLowerCased(String name) {
        assertThat(Idna.isPlainAscii(name)).isTrue();
        assertThat(Idna.toAscii(name)).isEqualTo(name.toLowerCase(java.util.Locale.ROOT));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"bücher.example", "a..b", ".a", "a.b..", ".", "x.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "ex\u3002ample", "xn--bcher-kva.example", "a.XN--x"})
    void isPlainAscii_nonAsciiEmptyOverlongOrPunycodeLabels_goThroughUts46(String name) {
        assertThat(Idna.isPlainAscii(name)).isFalse();
    }
}

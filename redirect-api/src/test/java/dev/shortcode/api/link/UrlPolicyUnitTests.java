package dev.shortcode.api.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.api.error.DomainException;
import dev.shortcode.api.error.InvalidRequestException;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UrlPolicyUnitTests {

    private final UrlPolicy policy = new UrlPolicy(Set.of("sho.rt"));

    @Test
    void normalise_plainHttpsUrl_isKeptAsIs() {
        assertThat(policy.normalise("https://example.com/a/b?c=d#e")).isEqualTo("https://example.com/a/b?c=d#e");
        assertThat(policy.normalise("http://user@example.com:8080/")).isEqualTo("http://user@example.com:8080/");
    }

    @Test
    void normalise_idnHost_isStoredAsPunycode() {
        assertThat(policy.normalise("https://bücher.example/straße")).isEqualTo("https://xn--bcher-kva.example/stra%C3%9Fe");
        assertThat(policy.normalise("HTTPS://EXAMPLE.com/Path")).isEqualTo("https://example.com/Path");
    }

    @Test
    void normalise_nonAsciiBeyondTheHost_isPercentEncodedAsUtf8_soTheLocationHeaderIsExact() {
        assertThat(policy.normalise("https://example.com/ä?q=😀#ü")).isEqualTo("https://example.com/%C3%A4?q=%F0%9F%98%80#%C3%BC");
        assertThat(policy.normalise("https://example.com/already%20encoded/%C3%A4")).isEqualTo("https://example.com/already%20encoded/%C3%A4");
        String ascii = policy.normalise("https://bücher.de/ä");
        assertThat(ascii.chars().allMatch(c -> c < 0x80)).as(ascii).isTrue();
    }

    @Test
    void normalise_longerThanTheLimitOnceEncoded_isRefused() {
        String url = "https://example.com/" + "ä".repeat(1_500); // 1,520 characters, 4,520 once percent-encoded
        assertThatThrownBy(() -> policy.normalise(url)).hasMessageContaining("once its host is punycode");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "ftp://example.com/file| scheme 'ftp' is not allowed",
        "example.com/path| must be absolute",
        "/relative| must be absolute",
        "https:///nohost| has no host",
        "https://exa mple.com/| whitespace",
        "https://example.com/\u0007bell| control character",
        "https://example.com:99x/| invalid port",
        "javascript://alert(1)| scheme 'javascript' is not allowed",
        "https://sho.rt/abc| this service's own short domain",
        "https://SHO.RT./abc| this service's own short domain",
        "https://a..b/| not a valid domain name",
        // javac turns these escapes into the characters themselves
        "https://example.com/a\u200bb| invisible formatting character U+200B",
        "https://example.com/\u202eexe.pdf| invisible formatting character U+202E",
        "https://example.com/\ufeffx| invisible formatting character U+FEFF",
        "https://example.com/\ud800x| unpaired UTF-16 surrogate",
        "https://example.com:99999/| ports run from 1 to 65535",
        "https://example.com:0/| invalid port",
    })
    void normalise_badUrl_isRefusedSayingWhy(String url, String reason) {
        assertThatThrownBy(() -> policy.normalise(url)).isInstanceOfSatisfying(InvalidRequestException.class, e -> {
            assertThat(e.kind()).isEqualTo(DomainException.Kind.INVALID_REQUEST);
            assertThat(e.getMessage()).contains(reason.trim());
        });
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"example.com", "EXAMPLE.com.", "a-b_c.d9", "xn--bcher-kva.example", "localhost", "127.0.0.1",
        "x.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"})
    void isPlainAsciiHost_whenTrue_idnWouldReturnTheHostUnchanged(String host) {
        assertThat(UrlPolicy.isPlainAsciiHost(host)).isTrue();
        assertThat(java.net.IDN.toASCII(host, java.net.IDN.ALLOW_UNASSIGNED)).isEqualTo(host);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"bücher.example", "a..b", ".a", "a.b..", ".", "x.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "ex\u3002ample"})
    void isPlainAsciiHost_nonAsciiEmptyOrOverlongLabels_leaveTheHostToIdn(String host) {
        assertThat(UrlPolicy.isPlainAsciiHost(host)).isFalse();
    }

    @Test
    void normalise_tooLongOrMissing_isRefused() {
        String longUrl = "https://example.com/" + "a".repeat(UrlPolicy.MAX_LENGTH);
        assertThatThrownBy(() -> policy.normalise(longUrl)).hasMessageContaining("at most 4096");
        assertThatThrownBy(() -> policy.normalise(null)).hasMessageContaining("url is required");
        assertThatThrownBy(() -> policy.normalise("")).hasMessageContaining("url is required");
    }
}

package dev.shortcode.api.url;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WebUrlUnitTests {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "HTTPS://Bücher.Example:443/a/../b?x#y| https://xn--bcher-kva.example/b?x#y",
        "https://faß.example/| https://xn--fa-hia.example/",
        "http://0x7f.1:80/| http://127.0.0.1/",
        "https://[0:0:0:0:0:ffff:5db8:d763]:8443/| https://[::ffff:5db8:d763]:8443/",
        "https://example.com./ä| https://example.com./%C3%A4",
        "https://example.com| https://example.com",
        "https://example.com/%2e%2E/a| https://example.com/a",
    })
    void parse_givesTheFormABrowserSends(String raw, String canonical) {
        WebUrl url = WebUrl.parse(raw);
        assertThat(url.text()).isEqualTo(canonical.trim());
        assertThat(WebUrl.parse(url.text()).text()).as("canonical is a fixed point").isEqualTo(url.text());
    }

    @Test
    void parse_exposesTheHost() {
        WebUrl url = WebUrl.parse("https://[::ffff:93.184.215.99]/");
        assertThat(url.scheme()).isEqualTo("https");
        assertThat(url.host().text()).isEqualTo("[::ffff:5db8:d763]");
        assertThat(url.host().key()).isEqualTo("93.184.215.99");
        assertThat(WebUrl.parse("https://Example.COM./").host().bare()).isEqualTo("example.com");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "example.com/a| must be absolute",
        "ftp://example.com/| scheme 'ftp' is not allowed",
        "https://a@example.com/| user information",
        "https://[::1/| unterminated IPv6 host",
        "https:///a| has no host",
        "https://example.com:0/| invalid port",
        "https://example.com:65536/| ports run from 1 to 65535",
        "https://a..b/| not a valid domain name",
        "https://xn--zz.example/| not valid punycode",
        "https://1.2.3.4.5/| not a valid address",
        "https://example.com/a b| not a valid URI",
    })
    void parse_urlWithoutACanonicalForm_isRefusedSayingWhy(String raw, String why) {
        assertThatThrownBy(() -> WebUrl.parse(raw)).isInstanceOf(InvalidUrlException.class).hasMessageContaining(why.trim());
    }
}

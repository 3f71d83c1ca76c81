package dev.shortcode.api.url;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UrlKeyUnitTests {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "https://files.example/malware/a", "https://files.example./malware/a", "https://files.example:443/malware/a",
        "https://files.example:0443/malware/a", "https://files.example/x/../malware/a", "https://files.example/x/%2E%2e/malware/a",
        "https://files.example/%6dalware/a", "https://files.example/%6D%61lware/a", "https://FILES.example/malware/a",
    })
    void of_everySpellingOfOneResource_hasOneKey(String url) {
        assertThat(UrlKey.of(url)).isEqualTo("https://files.example/malware/a");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "https://example.com, https://example.com/", "http://example.com:80?q, http://example.com/?q",
        "https://example.com/a?b=%7e&c=%2f#%3f, https://example.com/a?b=~&c=%2F#%3F", "https://example.com/%e2%82%ac, https://example.com/%E2%82%AC",
        "https://[::ffff:5db8:d763]:8443/x, https://93.184.215.99:8443/x", "https://[2002:5db8:d763::]/, https://93.184.215.99/",
        "https://[2001:db8::1]/, https://[2001:db8::1]/", "http://example.com:443/, http://example.com:443/",
        "not a url, not a url", "https://[::1/, https://[::1/",
    })
    void of_makesOneWhatReachesTheSameResource_andLeavesTheRest(String url, String key) {
        assertThat(UrlKey.of(url)).isEqualTo(key);
    }

    @Test
    void of_plainUrl_isItsOwnKey() {
        String url = "https://example.com/a/b?c=d#e";
        assertThat(UrlKey.of(url)).isSameAs(url);
    }

    @Test
    void hostOf_readsEveryHostShape() {
        assertThat(UrlKey.hostOf("https://EXAMPLE.com:443/a")).isEqualTo("example.com");
        assertThat(UrlKey.hostOf("https://example.com./a")).isEqualTo("example.com");
        assertThat(UrlKey.hostOf("https://[2001:db8::1]:8443/a")).isEqualTo("[2001:db8::1]");
        assertThat(UrlKey.hostOf("https://[::ffff:93.184.215.99]/a")).isEqualTo("93.184.215.99");
        assertThat(UrlKey.hostOf("https://example.com?q")).isEqualTo("example.com");
        assertThat(UrlKey.hostOf("not a url")).isNull();
    }
}

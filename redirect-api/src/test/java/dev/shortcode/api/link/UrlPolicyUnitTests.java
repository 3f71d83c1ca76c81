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
        assertThat(policy.normalise("http://example.com:8080/")).isEqualTo("http://example.com:8080/");
    }

    @Test
    void normalise_idnHost_isStoredAsPunycode() {
        assertThat(policy.normalise("https://bücher.example/straße")).isEqualTo("https://xn--bcher-kva.example/stra%C3%9Fe");
        assertThat(policy.normalise("HTTPS://EXAMPLE.com/Path")).isEqualTo("https://example.com/Path");
    }

    @Test
    void normalise_idnHost_isMappedByUts46Nontransitional_asBrowsersDo() {
        assertThat(policy.normalise("https://faß.example/")).isEqualTo("https://xn--fa-hia.example/");
        assertThat(policy.normalise("https://FASS.example/")).isEqualTo("https://fass.example/");
        assertThat(policy.normalise("https://\uA7A0bc.example/")).as("a letter of Unicode 6.0").isEqualTo("https://xn--bc-k18h.example/");
        assertThatThrownBy(() -> policy.normalise("https://xn--zz.example/")).hasMessageContaining("not valid punycode");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "https://example.com:443/a| https://example.com/a",
        "http://example.com:80/a| http://example.com/a",
        "https://example.com:0443/a| https://example.com/a",
        "http://example.com:443/a| http://example.com:443/a",
        "https://example.com:08443/a| https://example.com:8443/a",
        "https://example.com/a/../evil/| https://example.com/evil/",
        "https://example.com/a/%2e%2E/evil/x| https://example.com/evil/x",
        "https://example.com/./a/.| https://example.com/a/",
        "https://example.com/../../a?q=/../b#/..| https://example.com/a?q=/../b#/..",
        "https://example.com./a| https://example.com./a",
        "https://example.com/%6Dalware| https://example.com/%6Dalware",
    })
    void normalise_storesWhatABrowserSends_defaultPortAndDotSegmentsGone(String url, String stored) {
        assertThat(policy.normalise(url)).isEqualTo(stored.trim());
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

    @Test
    void normalise_tooLongOrMissing_isRefused() {
        String longUrl = "https://example.com/" + "a".repeat(UrlPolicy.MAX_LENGTH);
        assertThatThrownBy(() -> policy.normalise(longUrl)).hasMessageContaining("at most 4096");
        assertThatThrownBy(() -> policy.normalise(null)).hasMessageContaining("url is required");
        assertThatThrownBy(() -> policy.normalise("")).hasMessageContaining("url is required");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        // every spelling a browser reads as 127.0.0.1, ::1 or the unspecified address
        "http://0x7f000001/| 127.0.0.1| loopback",
        "http://2130706433/| 127.0.0.1| loopback",
        "http://0177.0.0.1/| 127.0.0.1| loopback",
        "http://127.1/| 127.0.0.1| loopback",
        "http://0x7f.1/| 127.0.0.1| loopback",
        "http://127.000.000.001/| 127.0.0.1| loopback",
        "http://127.0.0.1./| 127.0.0.1| loopback",
        "http://127.255.255.254:8443/x| 127.255.255.254| loopback",
        "http://[::1]/| [::1]| loopback",
        "http://[0:0:0:0:0:0:0:1]/| [::1]| loopback",
        "http://[::ffff:127.0.0.1]/| [::ffff:7f00:1]| IPv4-mapped",
        "http://[::ffff:7f00:1]/| [::ffff:7f00:1]| loopback",
        "http://0.0.0.0/| 0.0.0.0| this network",
        "http://0/| 0.0.0.0| this network",
        "http://[::]/| [::]| unspecified",
        // private, shared, link-local and metadata ranges
        "http://10.0.0.1/| 10.0.0.1| private",
        "http://012.1/| 10.0.0.1| private",
        "http://172.31.255.254/| 172.31.255.254| private",
        "http://0xc0a80101/| 192.168.1.1| private",
        "http://192.168.1/| 192.168.0.1| private",
        "http://169.254.169.254/latest/meta-data/| 169.254.169.254| link-local",
        "http://0xa9fea9fe/| 169.254.169.254| link-local",
        "http://2852039166/| 169.254.169.254| link-local",
        "http://0251.0376.0251.0376/| 169.254.169.254| link-local",
        "http://169.254.43518/| 169.254.169.254| link-local",
        "http://[::ffff:169.254.169.254]/| [::ffff:a9fe:a9fe]| link-local",
        "http://[fd00:ec2::254]/| [fd00:ec2::254]| unique local",
        "http://100.100.100.200/| 100.100.100.200| shared address",
        "http://192.0.0.192/| 192.0.0.192| IETF protocol",
        "http://[fe80::1]/| [fe80::1]| link-local",
        "http://[fec0::1]/| [fec0::1]| site-local",
        "http://[ff02::1]/| [ff02::1]| multicast",
        "http://224.0.0.1/| 224.0.0.1| multicast",
        "http://255.255.255.255/| 255.255.255.255| broadcast",
        "http://[64:ff9b::a00:1]/| [64:ff9b::a00:1]| NAT64",
        "http://[2002:c0a8:101::]/| [2002:c0a8:101::]| 6to4",
        "http://[::10.0.0.1]/| [::a00:1]| IPv4-compatible",
        // what IDN turns into digits and dots
        "http://\uFF11\uFF12\uFF17.0.0.1/| 127.0.0.1| loopback",
        "http://127\u30020\u30020\u30021/| 127.0.0.1| loopback",
    })
    void normalise_internalAddressInAnySpelling_isRefusedNamingTheAddress(String url, String address, String kind) {
        UrlPolicy elsewhere = new UrlPolicy(Set.of("sho.rt"));
        assertThatThrownBy(() -> elsewhere.normalise(url)).isInstanceOfSatisfying(InvalidRequestException.class, e -> {
            assertThat(e.kind()).isEqualTo(dev.shortcode.api.error.DomainException.Kind.INVALID_REQUEST);
            assertThat(e.getMessage()).contains(address.trim()).contains(kind.trim()).contains("public host");
        });
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "http://localhost/", "http://LOCALHOST./x", "http://app.localhost/",
    })
    void normalise_localhostNames_areRefusedAsLoopback(String url) {
        assertThatThrownBy(() -> policy.normalise(url)).hasMessageContaining("loopback name");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "http://0x08080808/dns| http://8.8.8.8/dns",
        "http://134744072/| http://8.8.8.8/",
        "http://8.8.8.8./| http://8.8.8.8/",
        "http://010.010.010.010:8080/| http://8.8.8.8:8080/",
        "https://[2001:DB8:0:0:0:0:0:1]/x| https://[2001:db8::1]/x",
        "https://[::ffff:8.8.8.8]/| https://[::ffff:808:808]/",
        "https://[2606:4700:4700::1111]/| https://[2606:4700:4700::1111]/",
    })
    void normalise_publicAddress_isStoredInItsCanonicalSpelling(String url, String stored) {
        assertThat(policy.normalise(url)).isEqualTo(stored.trim());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "http://1.2.3.4.5/| at most 4 parts",
        "http://256.1.1.1/| at most 255",
        "http://1.2.3.256/| too large",
        "http://4294967296/| too large",
        "http://1.2.3.09/| not a decimal, octal or hexadecimal",
        "http://example.123/| not a decimal, octal or hexadecimal",
        "http://[1::2::3]/| twice",
        "http://[1:2:3:4:5:6:7:8:9]/| more than 8 pieces",
        "http://[::ffff:127.0.0.256]/| above 255",
        "http://[::ffff:127.0.0]/| fewer than 4 parts",
        "http://[fe80::1%25eth0]/| not a hexadecimal digit",
        "http://[1:2:3:4:5:6:7]/| fewer than 8 pieces",
    })
    void normalise_numericHostThatIsNoAddress_isRefused(String url, String why) {
        assertThatThrownBy(() -> policy.normalise(url)).isInstanceOfSatisfying(InvalidRequestException.class,
                e -> assertThat(e.getMessage()).contains("not a valid address").contains(why.trim()));
    }

    @Test
    void normalise_internalAddressesAllowed_acceptsThemButStillRefusesLoops() {
        UrlPolicy lenient = new UrlPolicy(Set.of("localhost"), false);
        assertThat(lenient.normalise("http://10.0.0.5:8080/internal")).isEqualTo("http://10.0.0.5:8080/internal");
        assertThat(lenient.normalise("http://0xa9fea9fe/")).isEqualTo("http://169.254.169.254/");
        assertThat(lenient.normalise("http://[fd00::1]/")).isEqualTo("http://[fd00::1]/");
        for (String loop : new String[] {"http://localhost:8080/abcde", "http://LOCALHOST./abcde", "http://127.0.0.1/abcde",
            "http://0x7f000001/abcde", "http://2130706433/", "http://127.1/", "http://0177.0.0.1/", "http://[::1]/",
            "http://[::ffff:127.0.0.1]/", "http://0.0.0.0:8080/", "http://0/", "http://[::]/", "http://app.localhost/"}) {
            assertThatThrownBy(() -> lenient.normalise(loop)).as(loop).hasMessageContaining("own short domain");
        }
    }

    @Test
    void normalise_ownHostAnAddress_catchesItsOtherSpellingsAsLoops() {
        UrlPolicy byAddress = new UrlPolicy(Set.of("10.0.0.5"), false);
        for (String loop : new String[] {"http://10.0.0.5/x", "http://0x0a000005/x", "http://167772165/x", "http://012.0.0.5/x",
            "http://10.5/x", "http://10.0.0.5./x", "http://[::ffff:10.0.0.5]/x"}) {
            assertThatThrownBy(() -> byAddress.normalise(loop)).as(loop).hasMessageContaining("own short domain 10.0.0.5");
        }
        assertThat(byAddress.normalise("http://10.0.0.6/x")).isEqualTo("http://10.0.0.6/x");
        UrlPolicy byIpv6 = new UrlPolicy(Set.of("[2001:db8::5]"), false);
        assertThatThrownBy(() -> byIpv6.normalise("http://[2001:db8:0:0:0:0:0:5]/")).hasMessageContaining("own short domain");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "https://example.com@evil.example/", "https://user:secret@example.com/", "https://@example.com/",
        "https://paypal.com:login@evil.example/", "https://evil.example\\@example.com/",
    })
    void normalise_userInformation_isRefusedWithoutEchoingIt(String url) {
        assertThatThrownBy(() -> policy.normalise(url)).isInstanceOfSatisfying(InvalidRequestException.class, e -> {
            assertThat(e.getMessage()).contains("user information").doesNotContain("secret").doesNotContain("login");
        });
    }

    @ParameterizedTest(name = "U+{0}")
    @CsvSource({"E0001", "E0020", "E0041", "E007F", "E0000", "E0080", "E0100", "E01EF", "1D173", "1D17A", "1BCA0", "1BCA3",
        "13430", "110BD", "200B", "200D", "2060", "2064", "2065", "2066", "206F", "202E", "FEFF", "00AD", "061C", "180E",
        "FE0F", "034F", "3164", "115F", "FFA0", "FFF0"})
    void normalise_invisibleCharacterAtAnyPlane_isRefusedByCodePoint(String hex) {
        int cp = Integer.parseInt(hex, 16);
        String url = "https://example.com/a" + new String(Character.toChars(cp)) + "b";
        assertThatThrownBy(() -> policy.normalise(url)).hasMessageContaining(String.format("invisible formatting character U+%04X", cp))
                .hasMessageContaining("position 21");
    }

    @Test
    void normalise_visibleCharactersOutsideTheBmp_areKept() {
        assertThat(policy.normalise("https://example.com/\uD83D\uDE00")).isEqualTo("https://example.com/%F0%9F%98%80");
        assertThat(policy.normalise("https://example.com/\uD835\uDC00")).isEqualTo("https://example.com/%F0%9D%90%80");
    }

    @Test
    void normalise_fullwidthSolidusInTheHost_isRefusedNotMovedIntoThePath() {
        assertThatThrownBy(() -> policy.normalise("https://example.com\uFF0Fevil.example/")).hasMessageContaining("not a valid domain name");
    }

    @Test
    void normalise_hugeValues_areEchoedCapped() {
        String scheme = "x".repeat(1_000);
        assertThatThrownBy(() -> policy.normalise(scheme + "://example.com/")).isInstanceOfSatisfying(InvalidRequestException.class,
                e -> assertThat(e.getMessage()).hasSizeLessThan(200).contains("x".repeat(64) + "…"));
        String host = "a".repeat(70) + ".example";
        assertThatThrownBy(() -> policy.normalise("https://" + host + "/")).isInstanceOfSatisfying(InvalidRequestException.class,
                e -> assertThat(e.getMessage()).doesNotContain(host).contains("…"));
    }
}

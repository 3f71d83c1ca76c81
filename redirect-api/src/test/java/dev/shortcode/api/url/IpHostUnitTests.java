package dev.shortcode.api.url;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IpHostUnitTests {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        // the WHATWG URL standard's examples and their relatives
        "127.0.0.1, 127.0.0.1", "0x7f000001, 127.0.0.1", "0X7F000001, 127.0.0.1", "2130706433, 127.0.0.1",
        "017700000001, 127.0.0.1", "0177.0.0.1, 127.0.0.1", "127.1, 127.0.0.1", "127.0.1, 127.0.0.1", "0x7f.1, 127.0.0.1",
        "127.0.0.1., 127.0.0.1", "0x, 0.0.0.0", "0, 0.0.0.0", "00, 0.0.0.0", "0x0.0x0.0x0.0x0, 0.0.0.0",
        "255.255.255.255, 255.255.255.255", "4294967295, 255.255.255.255", "0xffffffff, 255.255.255.255",
        "1.16777215, 1.255.255.255", "1.2.65535, 1.2.255.255", "192.168.0x101, 192.168.1.1",
        "[::1], [::1]", "[0:0:0:0:0:0:0:1], [::1]", "[::], [::]", "[1::], [1::]", "[::ffff:127.0.0.1], [::ffff:7f00:1]",
        "[2001:db8:0:0:1:0:0:1], [2001:db8::1:0:0:1]", "[2001:0db8:0000:0000:0000:0000:0000:0001], [2001:db8::1]",
        "[1:0:0:2:0:0:0:3], [1:0:0:2::3]", "[1:2:3:4:5:6:7:8], [1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:1.2.3.4], [1:2:3:4:5:6:102:304]",
        "[fe80::1:2], [fe80::1:2]", "[0:0:0:0:1::], [::1:0:0:0]", "[1:0:0:1:0:0:0:1], [1:0:0:1::1]",
    })
    void parse_everySpellingOfAnAddress_givesItsCanonicalText(String host, String canonical) {
        assertThat(IpHost.parse(host)).isNotNull().extracting(IpHost::canonical).isEqualTo(canonical);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"example.com", "localhost", "a.b.c", "1.2.3.example", "0x7f.example", "example.0xg", "xn--bcher-kva.example",
        "example.com.", "1a", "com"})
    void parse_domainName_isNotAnAddress(String host) {
        assertThat(IpHost.parse(host)).isNull();
        assertThat(IpHost.endsInANumber(host)).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"1.2.3.4.5", "256.0.0.1", "1.256.0.1", "1.2.3.256", "1.2.65536", "1.16777216", "4294967296", "0x100000000",
        "99999999999999999999999", "09", "1.2.3.08", "1..2", "example.1", "0xg.1",
        "[::1", "[:1]", "[1:]", "[1::2::3]", "[1:2:3:4:5:6:7:8:9]", "[1:2:3:4:5:6:7]", "[12345::1]", "[::ffff:1.2.3]",
        "[::ffff:1.2.3.4.5]", "[::ffff:01.2.3.4]", "[::ffff:256.2.3.4]", "[1:2:3:4:5:6:7:1.2.3.4]", "[fe80::1%eth0]", "[g::1]"})
    void parse_numericHostThatIsNoAddress_isRefusedSayingWhy(String host) {
        assertThatThrownBy(() -> IpHost.parse(host)).isInstanceOf(IllegalArgumentException.class).hasMessageMatching(".+");
    }

    @ParameterizedTest(name = "{0} reaches {1}")
    @CsvSource({"[::ffff:10.0.0.5], 10.0.0.5", "[::ffff:a00:5], 10.0.0.5", "[::a00:5], [::a00:5]", "[2001:db8::1], [2001:db8::1]",
        "0x0a000005, 10.0.0.5"})
    void reached_ipv4MappedAddress_isItsIpv4Address(String host, String reached) {
        assertThat(IpHost.parse(host).reached()).isEqualTo(reached);
    }

    @ParameterizedTest(name = "{0} carries {1}")
    @CsvSource({"[::ffff:93.184.215.99], 93.184.215.99", "[::5db8:d763], 93.184.215.99", "[64:ff9b::5db8:d763], 93.184.215.99",
        "[2002:5db8:d763::], 93.184.215.99", "[2002:5db8:d763:1::7], 93.184.215.99"})
    void carriedIpv4_mappedCompatibleNat64And6to4_areTheirIpv4Address(String host, String ipv4) {
        assertThat(IpHost.parse(host).carriedIpv4()).isEqualTo(IpHost.parse(ipv4));
    }

    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"[::]", "[::1]", "[2001:db8::5db8:d763]", "[64:ff9b:1::5db8:d763]", "93.184.215.99"})
    void carriedIpv4_otherAddresses_carryNone(String host) {
        assertThat(IpHost.parse(host).carriedIpv4()).isNull();
    }
}

package dev.shortcode.api.moderation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.store.DenyRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DenyListUnitTests {

    @TempDir
    Path dir;

    private static DenyRule host(String value) {
        return new DenyRule("h-" + value, DenyRule.Kind.HOST, value, "why " + value, "test", 1);
    }

    private static DenyRule prefix(String value) {
        return new DenyRule("p-" + value, DenyRule.Kind.PREFIX, value, "", "test", 1);
    }

    @Test
    void match_hostRule_coversTheHostAndItsSubdomainsOnly() {
        DenyList list = new DenyList(List.of(host("evil.example")));
        assertThat(list.match("https://evil.example/x")).isPresent();
        assertThat(list.match("https://a.b.evil.example:8443/x?y")).isPresent();
        assertThat(list.match("http://evil.example.")).as("the trailing dot of a fully qualified name").isPresent();
        assertThat(list.match("https://notevil.example/")).as("a longer name ending the same").isEmpty();
        assertThat(list.match("https://evil.example.org/")).isEmpty();
        assertThat(list.match("https://example/evil.example")).as("the path is not the host").isEmpty();
    }

    @Test
    void match_prefixRule_isAnExactPrefixOfTheStoredUrl() {
        DenyList list = new DenyList(List.of(prefix("https://files.example/malware/")));
        assertThat(list.match("https://files.example/malware/a.exe")).isPresent();
        assertThat(list.match("https://files.example/malware")).isEmpty();
        assertThat(list.match("http://files.example/malware/a.exe")).isEmpty();
    }

    @Test
    void match_hostRuleOnAnIpv4Address_coversEveryIpv6SpellingThatCarriesIt() {
        RuleValues values = new RuleValues();
        for (String written : List.of("93.184.215.99", "0x5db8d763", "[::ffff:93.184.215.99]", "::ffff:5db8:d763")) {
            DenyList list = new DenyList(List.of(host(values.of(DenyRule.Kind.HOST, written))));
            for (String url : List.of("https://93.184.215.99/", "https://[::ffff:5db8:d763]/x", "https://[64:ff9b::5db8:d763]/",
                    "https://[2002:5db8:d763::1]/", "https://[::5db8:d763]/", "https://93.184.215.99.:8443/")) {
                assertThat(list.match(url)).as("rule %s, url %s", written, url).isPresent();
            }
            assertThat(list.match("https://93.184.215.98/")).isEmpty();
            assertThat(list.match("https://[2001:db8::5db8:d763]/")).as("an IPv6 address that carries none").isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"https://files.example/malware/a.exe", "https://files.example./malware/a.exe",
        "https://files.example:443/malware/a.exe", "https://FILES.example/malware/a.exe", "https://files.example/a/../malware/a.exe",
        "https://files.example/a/%2e%2e/malware/a.exe", "https://files.example/%6Dalware/a.exe", "https://files.example/mal%77are/x",
        "https://files.example/./malware/x"})
    void match_prefixRule_coversEverySpellingABrowserTreatsAsTheSameUrl(String url) {
        DenyList list = new DenyList(List.of(prefix(new RuleValues().of(DenyRule.Kind.PREFIX, "https://files.example:443/x/../malware/"))));
        assertThat(list.match(url)).isPresent();
    }

    @Test
    void match_prefixRule_stillMissesOtherResources() {
        DenyList list = new DenyList(List.of(prefix("https://files.example/malware/")));
        assertThat(list.match("https://files.example/MALWARE/a.exe")).as("paths are case-sensitive").isEmpty();
        assertThat(list.match("https://files.example/malware%2Fa.exe")).as("an encoded slash is not a slash").isEmpty();
        assertThat(list.match("https://files.example:8443/malware/a.exe")).isEmpty();
    }

    @Test
    void match_prefixRuleWithoutAPath_keepsMatchingEveryPortAndLongerHost() {
        DenyList list = new DenyList(List.of(prefix("https://files.example")));
        assertThat(list.match("https://files.example:8443/x")).isPresent();
        assertThat(list.match("https://files.example.org/x")).isPresent();
        assertThat(list.match("https://files.example")).isPresent();
    }

    @Test
    void ruleValues_hostRulesUseUts46LikeLinks() {
        RuleValues values = new RuleValues();
        assertThat(values.of(DenyRule.Kind.HOST, "faß.example")).isEqualTo("xn--fa-hia.example");
        assertThat(values.of(DenyRule.Kind.HOST, "\uA7A0bc.example.")).as("a letter added after Unicode 3.2").isEqualTo("xn--bc-k18h.example");
        DenyList list = new DenyList(List.of(host(values.of(DenyRule.Kind.HOST, "faß.example"))));
        assertThat(list.match("https://xn--fa-hia.example/")).isPresent();
        assertThat(list.match("https://fass.example/")).as("another domain under IDNA 2008").isEmpty();
        assertThatThrownBy(() -> values.of(DenyRule.Kind.HOST, "https://evil.example/")).hasMessageContaining("host rule names a host only");
        assertThatThrownBy(() -> values.of(DenyRule.Kind.PREFIX, "ftp://evil.example/")).hasMessageContaining("scheme 'ftp'");
    }

    @Test
    void file_rulesAreNormalisedAndNumberedByLine_andABadLineStopsTheStartNamingTheKeyAndLine() throws IOException {
        RuleValues values = new RuleValues();
        Path good = Files.writeString(dir.resolve("deny.txt"), """
                # phishing reported by the bank
                host  Bücher.Example   copied the bank's login page

                prefix https://files.example/malware/ served malware
                """);
        List<DenyRule> rules = DenyListFile.read(good, values);
        assertThat(rules).extracting(DenyRule::id, DenyRule::kind, DenyRule::value).containsExactly(
                org.assertj.core.groups.Tuple.tuple("config-2", DenyRule.Kind.HOST, "xn--bcher-kva.example"),
                org.assertj.core.groups.Tuple.tuple("config-4", DenyRule.Kind.PREFIX, "https://files.example/malware/"));
        assertThat(rules.get(0).reason()).isEqualTo("copied the bank's login page");

        Path bad = Files.writeString(dir.resolve("bad.txt"), "host ok.example\nsubnet 10.0.0.0/8\n");
        assertThatThrownBy(() -> DenyListFile.read(bad, values)).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("shortcode.denylist.file").hasMessageContaining("line 2");
        Path badHost = Files.writeString(dir.resolve("bad-host.txt"), "host not_a/host\n");
        assertThatThrownBy(() -> DenyListFile.read(badHost, values)).isInstanceOf(ConfigException.class).hasMessageContaining("line 1");
    }
}

package dev.shortcode.api.moderation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.api.link.UrlPolicy;
import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.store.DenyRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    void hostOf_readsEveryHostShape() {
        assertThat(DenyList.hostOf("https://EXAMPLE.com:443/a")).isEqualTo("example.com");
        assertThat(DenyList.hostOf("https://[2001:db8::1]:8443/a")).isEqualTo("[2001:db8::1]");
        assertThat(DenyList.hostOf("https://example.com?q")).isEqualTo("example.com");
        assertThat(DenyList.hostOf("not a url")).isNull();
    }

    @Test
    void file_rulesAreNormalisedAndNumberedByLine_andABadLineStopsTheStartNamingTheKeyAndLine() throws IOException {
        RuleValues values = new RuleValues(new UrlPolicy(Set.of("sho.rt")));
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

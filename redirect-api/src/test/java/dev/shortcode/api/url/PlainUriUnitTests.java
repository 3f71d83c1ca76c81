package dev.shortcode.api.url;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PlainUriUnitTests {

    private static final String HOST_CHARS = "abcz019-._";
    private static final String REST_CHARS;

    static {
        StringBuilder b = new StringBuilder();
        for (char c = 0x21; c < 0x7f; c++) {
            b.append(c);
        }
        b.append("/////%%%%?#"); // the structural ones more often
        REST_CHARS = b.toString();
    }

    @Test
    void whatItRecognises_uriParsesWithThatHostAndGivesBackUnchanged() throws Exception {
        SplittableRandom random = new SplittableRandom(2026);
        int recognised = 0;
        int hostsRefused = 0;
        int restsRefused = 0;
        for (int i = 0; i < 200_000; i++) {
            String host = randomHost(random);
            String rest = randomRest(random);
            boolean plainHost = PlainUri.isHostname(host);
            boolean plainRest = PlainUri.isPlainRest("https://" + host + rest, 8 + host.length());
            hostsRefused += plainHost ? 0 : 1;
            restsRefused += plainRest ? 0 : 1;
            if (plainHost && plainRest) {
                String url = "https://" + host + rest;
                URI uri = new URI(url);
                assertThat(uri.getHost()).as(url).isEqualTo(host);
                assertThat(uri.toASCIIString()).as(url).isEqualTo(url);
                recognised++;
            }
        }
        assertThat(recognised).as("the test must exercise the shortcut").isGreaterThan(10_000);
        assertThat(hostsRefused).isGreaterThan(10_000);
        assertThat(restsRefused).isGreaterThan(10_000);
    }

    @Test
    void commonUrls_areRecognised() {
        assertThat(PlainUri.isHostname("example.com")).isTrue();
        assertThat(PlainUri.isHostname("example.com.")).isTrue();
        assertThat(PlainUri.isHostname("a-b.x1.example")).isTrue();
        assertThat(PlainUri.isHostname("localhost")).isTrue();
        for (String rest : new String[] {"", "/", "/a/b.html", "/p?utm_source=sms&x=1%2F2", "/?q=[1]", "/a#frag/x?y", "?only=query",
                "#top", "/~user/(1)*!$'+,;=:@"}) {
            assertThat(PlainUri.isPlainRest("https://example.com" + rest, 19)).as(rest).isTrue();
        }
    }

    @Test
    void whatUriWouldRefuseOrChange_isLeftToIt() {
        for (String host : new String[] {"", ".", "exa_mple.com", "a-.com", "-a.com", "example.123", "a..b", "Example.com", "ex ample.com"}) {
            assertThat(PlainUri.isHostname(host)).as(host).isFalse();
        }
        for (String rest : new String[] {"/a b", "/%zz", "/%4", "/a#b#c", "/[x]", "/\"q\"", "/a<b>", "/a\\b", "/a{b}", "/a|b", "/a^b",
                "/a`b", "/é"}) {
            assertThat(PlainUri.isPlainRest("https://example.com" + rest, 19)).as(rest).isFalse();
        }
        // every one of those rests is either refused by URI or changed by it: the shortcut must not decide them
        for (String rest : new String[] {"/a b", "/%zz", "/a#b#c", "/[x]", "/a{b}"}) {
            assertThatThrownBy(() -> new URI("https://example.com" + rest)).as(rest).isInstanceOf(java.net.URISyntaxException.class);
        }
    }

    private static String randomHost(SplittableRandom random) {
        StringBuilder b = new StringBuilder();
        int labels = 1 + random.nextInt(3);
        for (int l = 0; l < labels; l++) {
            if (l > 0) {
                b.append('.');
            }
            int length = random.nextInt(6);
            for (int i = 0; i < length; i++) {
                b.append(random.nextInt(4) == 0 ? HOST_CHARS.charAt(random.nextInt(HOST_CHARS.length())) : (char) ('a' + random.nextInt(26)));
            }
        }
        if (random.nextInt(8) == 0) {
            b.append('.');
        }
        return b.toString();
    }

    private static String randomRest(SplittableRandom random) {
        StringBuilder b = new StringBuilder();
        String start = new String[] {"/", "/", "/", "?", "#", ""}[random.nextInt(6)]; // what ends the authority, as WebUrl finds it
        if (start.isEmpty()) {
            return "";
        }
        b.append(start);
        int length = random.nextInt(16);
        for (int i = 0; i < length; i++) {
            char c = random.nextInt(3) == 0 ? REST_CHARS.charAt(random.nextInt(REST_CHARS.length())) : (char) ('a' + random.nextInt(26));
            b.append(c);
            if (c == '%' && random.nextBoolean()) {
                b.append("4F");
            }
        }
        return b.toString();
    }
}

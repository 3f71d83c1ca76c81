package dev.shortcode.api.preview;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.api.link.DeviceTargets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class PreviewPageUnitTests {

    private static final String EVIL = "<script>alert(\"x\")</script>'\"&";
    private static final String ESCAPED = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&quot;&amp;";

    /** No value of a link, whatever got past validation, can become markup: every field carries a script and both quotes. */
    @Test
    void html_scriptAndQuotesInEveryField_areShownAsTextNeverAsMarkup() {
        PreviewView view = new PreviewView("c0de", "https://sho.rt/" + EVIL, "https://evil.example/" + EVIL, "evil.example" + EVIL,
                Instant.parse("2026-03-01T10:15:30.123Z"),
                new DeviceTargets("app://" + EVIL, "https://a.example/" + EVIL, "https://d.example/" + EVIL,
                        new DeviceTargets.MiniProgram("wx" + EVIL, "p/" + EVIL, "q=" + EVIL, "release" + EVIL)), null);

        String html = PreviewPage.html(view);

        assertThat(html).doesNotContain("<script").doesNotContain("alert(\"").doesNotContain(EVIL);
        assertThat(html.split(java.util.regex.Pattern.quote(ESCAPED), -1)).as("12 places: short URL twice, url twice, host, 7 targets").hasSize(12 + 1);
        assertThat(html).contains("<b id=\"host\">evil.example" + ESCAPED + "</b>")
                .contains("href=\"https://evil.example/" + ESCAPED + "\"")
                .contains("<dd id=\"ios\">app://" + ESCAPED + "</dd>")
                .contains("<dd id=\"wechat-env\">release" + ESCAPED + "</dd>")
                .contains("<time datetime=\"2026-03-01T10:15:30.123Z\">2026-03-01 10:15 UTC</time>");
    }

    @Test
    void html_withoutTargets_listsOnlyTheCreationDate() {
        String html = PreviewPage.html(new PreviewView("c0de", "https://sho.rt/c0de", "https://shop.example/a", "shop.example",
                Instant.parse("2026-03-01T10:15:30Z"), null, null));

        assertThat(html).contains("<b id=\"host\">shop.example</b>").doesNotContain("id=\"ios\"").doesNotContain("WeChat")
                .contains("id=\"created\"").doesNotContain("<script");
    }

    @Test
    void html_ofALinkBehindAPassword_saysSoAndShowsNoTarget() {
        String html = PreviewPage.html(new PreviewView("c0de", "https://sho.rt/c0de", null, null, Instant.parse("2026-03-01T10:15:30Z"),
                null, Boolean.TRUE));

        assertThat(html).contains("https://sho.rt/c0de is protected by a password").contains("id=\"protected\"")
                .doesNotContain("id=\"host\"").doesNotContain("href=").contains("id=\"created\"");
    }
}

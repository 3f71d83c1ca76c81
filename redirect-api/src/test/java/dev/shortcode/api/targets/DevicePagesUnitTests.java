package dev.shortcode.api.targets;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.api.page.PageHeaders;
import dev.shortcode.core.store.LinkTargets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class DevicePagesUnitTests {

    private static final Pattern SCRIPT = Pattern.compile("<script>(.*?)</script>", Pattern.DOTALL);
    private static final Pattern STYLE = Pattern.compile("<style>(.*?)</style>", Pattern.DOTALL);

    @Test
    void appLinkPage_carriesBothLinksEscapedInAttributes_andItsScriptIsTheOneThePolicyAllows() {
        String app = "jdmobile://item/1?a='x'&b=<y>\"";
        String web = "https://shop.example/it's?a=1&b=2";

        String html = AppLinkPage.html(app, web);

        assertThat(html).contains("data-app=\"jdmobile://item/1?a=&#39;x&#39;&amp;b=&lt;y&gt;&quot;\"")
                .contains("href=\"https://shop.example/it&#39;s?a=1&amp;b=2\"")
                .contains("<b>shop.example</b>")
                .doesNotContain("<y>").doesNotContain("'x'");
        Matcher script = SCRIPT.matcher(html);
        assertThat(script.find()).isTrue();
        assertThat(script.group(1)).isEqualTo(AppLinkPage.SCRIPT).doesNotContain("jdmobile").doesNotContain("shop.example");
        assertThat(script.find()).as("one script only").isFalse();
        assertThat(AppLinkPage.POLICY).startsWith("default-src 'none'")
                .contains("script-src " + PageHeaders.hashSource(AppLinkPage.SCRIPT))
                .contains("style-src " + PageHeaders.hashSource(styleOf(html)))
                .doesNotContain("unsafe-inline").contains("frame-ancestors 'none'");
    }

    @Test
    void weChatPage_hasNoScript_offersTheWebUrlEscaped_andItsStyleIsThePolicys() {
        String html = WeChatPage.html("https://shop.example/a?b=1&c='2'");

        assertThat(html).doesNotContain("<script").contains("href=\"https://shop.example/a?b=1&amp;c=&#39;2&#39;\"").contains("微信小程序");
        assertThat(WeChatPage.POLICY).isEqualTo("default-src 'none'; style-src " + PageHeaders.hashSource(styleOf(html))
                + "; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    }

    @Test
    void miniProgramScheme_percentEncodesTheQuery_andLeavesOutAbsentParts() {
        assertThat(MiniProgramScheme.of(new LinkTargets.WeChat("wx0123456789abcdef", "pages/a/b", "id=1&x=%20y", "trial")))
                .isEqualTo("weixin://dl/business/?appid=wx0123456789abcdef&path=pages/a/b&query=id%3D1%26x%3D%2520y&env_version=trial");
        assertThat(MiniProgramScheme.of(new LinkTargets.WeChat("wx0123456789abcdef", null, null, null)))
                .isEqualTo("weixin://dl/business/?appid=wx0123456789abcdef");
    }

    private static String styleOf(String html) {
        Matcher style = STYLE.matcher(html);
        assertThat(style.find()).isTrue();
        return style.group(1);
    }
}

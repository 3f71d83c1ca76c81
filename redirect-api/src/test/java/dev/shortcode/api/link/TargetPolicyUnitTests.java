package dev.shortcode.api.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.core.store.LinkTargets;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TargetPolicyUnitTests {

    private final TargetPolicy policy = new TargetPolicy(new UrlPolicy(Set.of("sho.rt")));

    private static DeviceTargets ios(String value) {
        return new DeviceTargets(value, null, null, null);
    }

    private static DeviceTargets wechat(String appid, String path, String query, String env) {
        return new DeviceTargets(null, null, null, new DeviceTargets.MiniProgram(appid, path, query, env));
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdmobile://virtual?params=%7B%22category%22%3A%22jump%22%7D", "https://apps.apple.com/cn/app/id414245413",
        "intent://scan/#Intent;scheme=zxing;package=com.google.zxing.client.android;end", "fb://profile/33138223345",
        "com.example.app:/oauth", "weixin://dl/business/?appid=wx0123456789abcdef"})
    void validate_httpsOrAppLinks_forIosAndAndroid_areKeptAsGiven(String target) {
        LinkTargets t = policy.validate(new DeviceTargets(target, target, null, null));

        assertThat(t.ios()).isEqualTo(target);
        assertThat(t.android()).isEqualTo(target);
    }

    @Test
    void validate_httpsTargets_areNormalisedLikeUrls() {
        assertThat(policy.validate(ios("HTTPS://Bücher.example/a")).ios()).isEqualTo("https://xn--bcher-kva.example/a");
        assertThat(policy.validate(new DeviceTargets(null, null, "http://desk.example/x", null)).desktop()).isEqualTo("http://desk.example/x");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "javascript:alert(1)| scheme 'javascript' is not allowed",
        "JavaScript://%0aalert(1)| scheme 'javascript' is not allowed",
        "data:text/html,<b>x</b>| scheme 'data' is not allowed",
        "file:///etc/passwd| scheme 'file' is not allowed",
        "http://shop.example/| scheme 'http' is not allowed",
        "jdmobile://item/<script>| is not a valid URI",
        "jdmobile://item/\"x\"| is not a valid URI",
        "jdmobile://item/a b| whitespace",
        "jdmobile://item/日本| non-ASCII",
        "no-scheme-here| must be an https URL or an app link",
        "https://sho.rt/abcde| own short domain",
        "https://| no host",
    })
    void validate_badIosTarget_isRefusedNamingTheField(String target, String why) {
        assertThatThrownBy(() -> policy.validate(ios(target))).isInstanceOf(InvalidRequestException.class)
                .hasMessageStartingWith("targets.ios ").hasMessageContaining(why.trim())
                .satisfies(e -> assertThat(((InvalidRequestException) e).type()).isEqualTo("invalid-targets"));
        assertThatThrownBy(() -> policy.validate(new DeviceTargets(null, target, null, null))).hasMessageStartingWith("targets.android ");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "intent://shop.example/#Intent;scheme=http;end| opens the web page 'http://shop.example/' in a browser, which must be an https URL",
        "x-safari-http://shop.example/| must be an https URL",
        "googlechrome://shop.example/| must be an https URL",
        "intent://scan/#Intent;scheme=zxing;S.browser_fallback_url=http%3A%2F%2Fshop.example%2F;end| must be an https URL",
        "firefox://open-url?url=shop.example| must be an https URL",
        "x-safari-https://sho.rt/abcde| own short domain",
        "googlechromes://169.254.169.254/latest/| link-local",
        "intent://x/#Intent;scheme=https;S.browser_fallback_url=https%3A%2F%2F0x7f000001%2F;end| loopback",
        "microsoft-edge-https://user@shop.example/| user information",
        "x-safari-https://faß.example/| non-ASCII",
        "googlechromes://xn--zz.example/| not valid punycode",
        "intent://shop.example/#Intent;scheme=https;scheme=zxing;end| is an Android intent that names 'scheme=' twice",
    })
    void validate_appLinkThatOpensAWebPage_isHeldToTheUrlPolicyAndHttps(String target, String why) {
        assertThatThrownBy(() -> policy.validate(ios(target))).isInstanceOf(InvalidRequestException.class)
                .hasMessageStartingWith("targets.ios ").hasMessageContaining(why.trim());
        assertThatThrownBy(() -> policy.validate(new DeviceTargets(null, target, null, null))).hasMessageStartingWith("targets.android ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"x-safari-https://shop.example/a", "googlechromes://shop.example/a",
        "intent://shop.example/a#Intent;scheme=https;package=com.android.chrome;end",
        "intent://scan/#Intent;scheme=zxing;S.browser_fallback_url=https%3A%2F%2Fshop.example%2F;end",
        "firefox://open-url?url=https%3A%2F%2Fshop.example%2F"})
    void validate_appLinkThatOpensAnAllowedHttpsPage_isKeptAsGiven(String target) {
        assertThat(policy.validate(ios(target)).ios()).isEqualTo(target);
    }

    @Test
    void validate_desktop_isHttpOrHttpsOnly() {
        assertThatThrownBy(() -> policy.validate(new DeviceTargets(null, null, "jdmobile://x", null)))
                .hasMessageStartingWith("targets.desktop ").hasMessageContaining("use http or https");
    }

    @Test
    void validate_overlongAppLink_isRefused() {
        assertThatThrownBy(() -> policy.validate(ios("jdmobile://" + "a".repeat(UrlPolicy.MAX_LENGTH)))).hasMessageContaining("at most 4096");
    }

    @Test
    void validate_wechat_isKeptWithEveryPart() {
        LinkTargets.WeChat w = policy.validate(wechat("wx0123456789abcdef", "pages/index/index", "id=1&from=sms", "develop")).wechat();

        assertThat(w).isEqualTo(new LinkTargets.WeChat("wx0123456789abcdef", "pages/index/index", "id=1&from=sms", "develop"));
        assertThat(policy.validate(wechat("wx0123456789abcdef", null, null, null)).wechat().envVersion()).isNull();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "-", value = {
        "-|pages/a|-|-| targets.wechat.appid is required",
        "wx0123456789ABCDEF|-|-|-| targets.wechat.appid must be wx and 16 lower-case hex digits",
        "wx0123456789abcde|-|-|-| targets.wechat.appid",
        "gh_0123456789ab|-|-|-| targets.wechat.appid",
        "wx0123456789abcdef|pages/a?x=1|-|-| targets.wechat.path",
        "wx0123456789abcdef|pages/<a>|-|-| targets.wechat.path",
        "wx0123456789abcdef|-|a=<b>|-| targets.wechat.query",
        "wx0123456789abcdef|-|a=1 b|-| targets.wechat.query",
        "wx0123456789abcdef|-|-|beta| targets.wechat.envVersion must be release, trial or develop",
    })
    void validate_badWechat_isRefusedNamingThePart(String appid, String path, String query, String env, String why) {
        assertThatThrownBy(() -> policy.validate(wechat(appid, path, query, env))).isInstanceOf(InvalidRequestException.class)
                .hasMessageStartingWith(why.trim());
    }

    @Test
    void validate_overlongWechatQuery_isRefused() {
        assertThatThrownBy(() -> policy.validate(wechat("wx0123456789abcdef", null, "a".repeat(513), null)))
                .hasMessageStartingWith("targets.wechat.query");
        assertThat(policy.validate(wechat("wx0123456789abcdef", null, "a".repeat(512), null)).wechat().query()).hasSize(512);
    }

    @Test
    void validate_nullOrEmpty_isNone() {
        assertThat(policy.validate(null)).isSameAs(LinkTargets.NONE);
        assertThat(policy.validate(new DeviceTargets(null, null, null, null))).isSameAs(LinkTargets.NONE);
    }

    @Test
    void isAppLink_isAnySchemeButHttpAndHttps() {
        assertThat(TargetPolicy.isAppLink("jdmobile://x")).isTrue();
        assertThat(TargetPolicy.isAppLink("HTTPS://x.example/")).isFalse();
        assertThat(TargetPolicy.isAppLink("http://x.example/")).isFalse();
    }

    @Test
    void mainUrl_stillRefusesAnAppLink() {
        assertThatThrownBy(() -> new UrlPolicy(Set.of()).normalise("jdmobile://item/1")).hasMessageContaining("scheme 'jdmobile' is not allowed");
    }
}

package dev.shortcode.api.url;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class WebLocationsUnitTests {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "https://h.example/a| https://h.example/a",
        "x-safari-https://h.example/a?b| https://h.example/a?b",
        "X-Safari-Http://h.example/| http://h.example/",
        "googlechromes://h.example/a| https://h.example/a",
        "googlechrome://h.example/a| http://h.example/a",
        "opera-https://h.example/| https://h.example/",
        "touch-https://h.example/| https://h.example/",
        "microsoft-edge-https://h.example/| https://h.example/",
        "onionhttps://h.example/| https://h.example/",
        "microsoft-edge:https://h.example/| https://h.example/",
        "microsoft-edge://h.example/| http://h.example/",
        "ddgQuickLink://https://h.example/a| https://h.example/a",
        "ddgQuickLink://h.example/a| http://h.example/a",
        "yandexbrowser-open-url://https%3A%2F%2Fh.example%2Fa| https://h.example/a",
        "firefox://open-url?url=https%3A%2F%2Fh.example%2Fa| https://h.example/a",
        "firefox-focus://open-url?url=h.example| http://h.example",
        "brave://open-url?private=true&url=https://h.example/| https://h.example/",
        "googlechrome-x-callback://x-callback-url/open/?x-source=a&url=https%3A%2F%2Fh.example%2F| https://h.example/",
        "intent://h.example/a?b#Intent;scheme=https;package=com.android.chrome;end| https://h.example/a?b",
        "intent://h.example/#Intent;scheme=%68ttps;end| https://h.example/",
        "intent://h.example/#Intent;scheme=HTTP;end| HTTP://h.example/",
        "intent:https://h.example/#Intent;end| https://h.example/",
        "intent://scan/#Intent;scheme=zxing;S.browser_fallback_url=https%3A%2F%2Fh.example%2F;end| https://h.example/",
        "intent://scan/#Intent;scheme=zxing;S.browser%5Ffallback%5Furl=https%3A%2F%2Fh.example%2F;end| https://h.example/",
        "android-app://com.android.chrome/https/h.example/a| https://h.example/a",
    })
    void of_browserAppLinksAndIntents_openTheirPage(String target, String page) {
        assertThat(WebLocations.of(target)).contains(page.trim());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdmobile://item/42", "intent://scan/#Intent;scheme=zxing;package=com.google.zxing.client.android;end",
        "fb://profile/33138223345", "weixin://dl/business/?appid=wx0123456789abcdef&url=https://h.example/", "com.example.app:/oauth",
        "firefox://", "android-app://com.example.app"})
    void of_appLinksOfOtherApps_openNoPage(String target) {
        assertThat(WebLocations.of(target)).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "intent://h.example/#Intent;scheme=zxing;scheme=https;end| twice",
        "intent://h.example/#Intent;scheme=https;end#x| before another",
        "intent://h.example/#Intent;scheme=https| must end its fields with",
    })
    void of_intentThatCannotBeReadWithoutGuessing_isRefused(String target, String why) {
        assertThatThrownBy(() -> WebLocations.of(target)).isInstanceOf(InvalidUrlException.class).hasMessageContaining(why.trim());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "googlechromes://H.example:443/a/../b| https://h.example/b",
        "intent://h.example/x#Intent;scheme=https;S.browser_fallback_url=https%3A%2F%2F%5B%3A%3Affff%3A93.184.215.99%5D%2F;end| https://[::ffff:5db8:d763]/",
    })
    void canonical_givesThePagesInCanonicalForm(String target, String page) {
        assertThat(WebLocations.canonical(target)).contains(page.trim());
    }
}

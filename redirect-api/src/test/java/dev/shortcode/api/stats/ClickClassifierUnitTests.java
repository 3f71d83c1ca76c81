package dev.shortcode.api.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.api.agent.DeviceClass;
import dev.shortcode.api.agent.UserAgents;
import org.junit.jupiter.api.Test;

class ClickClassifierUnitTests {

    private static final String IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
            + "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
    private final ClickClassifier classifier = new ClickClassifier(UserAgents.standard(), CountryLookup.NONE);

    private static Click click(String ua, boolean head, String referer, String query) {
        return new Click("abcde", "k1", 0, ua, "192.0.2.1", referer, query, head);
    }

    @Test
    void classify_browserIsHuman_crawlerHeadAndMissingAgentAreBots() {
        ClickClassifier.Classified human = classifier.classify(click(IPHONE, false, null, null));
        assertThat(human.bot()).isFalse();
        assertThat(human.device()).isEqualTo(DeviceClass.IOS);
        assertThat(classifier.classify(click("Googlebot/2.1 (+http://www.google.com/bot.html)", false, null, null)).bot()).isTrue();
        assertThat(classifier.classify(click("facebookexternalhit/1.1", false, null, null)).bot()).as("link preview").isTrue();
        assertThat(classifier.classify(click(IPHONE, true, null, null)).bot()).as("HEAD").isTrue();
        assertThat(classifier.classify(click(null, false, null, null)).bot()).as("no User-Agent").isTrue();
        assertThat(classifier.classify(click("  ", false, null, null)).bot()).as("a blank User-Agent").isTrue();
    }

    @Test
    void referrerHost_isTheLowerCasedHost_directWithout_nullWhenUnusable() {
        assertThat(ClickClassifier.referrerHost("https://News.Example.ORG:8443/path?q=1#x")).isEqualTo("news.example.org");
        assertThat(ClickClassifier.referrerHost("https://user:pw@t.co/abc")).isEqualTo("t.co");
        assertThat(ClickClassifier.referrerHost("android-app://com.google.android.gm/")).isEqualTo("com.google.android.gm");
        assertThat(ClickClassifier.referrerHost(null)).isEqualTo(ClickClassifier.DIRECT);
        assertThat(ClickClassifier.referrerHost("")).isEqualTo(ClickClassifier.DIRECT);
        assertThat(ClickClassifier.referrerHost("not a url")).isNull();
        assertThat(ClickClassifier.referrerHost("https://ex ample.com/")).isNull();
        assertThat(ClickClassifier.referrerHost("https://" + "a".repeat(300) + ".com/")).isNull();
    }

    @Test
    void qrScan_isTheParameterQrEqualsOne() {
        assertThat(ClickClassifier.isQrScan("qr=1")).isTrue();
        assertThat(ClickClassifier.isQrScan("utm=x&qr=1")).isTrue();
        assertThat(ClickClassifier.isQrScan("qr=10")).isFalse();
        assertThat(ClickClassifier.isQrScan("xqr=1")).isFalse();
        assertThat(ClickClassifier.isQrScan(null)).isFalse();
    }
}

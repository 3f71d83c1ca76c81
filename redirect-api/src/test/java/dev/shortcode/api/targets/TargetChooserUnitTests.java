package dev.shortcode.api.targets;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.api.agent.UserAgents;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkTargets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every class of client against every combination of targets, through the real classifier and
 * real User-Agent strings (the same ones the classifier's own tests use). The expected answers
 * are written out cell by cell, so the order the chooser documents is checked, not restated.
 */
class TargetChooserUnitTests {

    static final String URL = "https://shop.example/item/1";
    static final String IOS_APP = "jdmobile://item/1?from=sms";
    static final String IOS_WEB = "https://apps.apple.com/app/id414245413";
    static final String ANDROID_APP = "intent://item/1#Intent;scheme=openapp.jdmobile;package=com.jingdong.app.mall;end";
    static final String ANDROID_WEB = "https://play.google.com/store/apps/details?id=com.jingdong.app.mall";
    static final String DESKTOP = "https://shop.example/desktop/item/1";
    static final LinkTargets.WeChat MINI_PROGRAM = new LinkTargets.WeChat("wx0123456789abcdef", "pages/item/index", "id=1&from=sms", "release");
    static final String MINI_PROGRAM_SCHEME =
            "weixin://dl/business/?appid=wx0123456789abcdef&path=pages/item/index&query=id%3D1%26from%3Dsms&env_version=release";

    /** The target combinations, in the order of the expectation columns below. */
    static final Map<String, LinkTargets> COMBINATIONS = new java.util.LinkedHashMap<>();

    static {
        COMBINATIONS.put("ios app", new LinkTargets(IOS_APP, null, null, null));
        COMBINATIONS.put("ios web", new LinkTargets(IOS_WEB, null, null, null));
        COMBINATIONS.put("android app", new LinkTargets(null, ANDROID_APP, null, null));
        COMBINATIONS.put("android web", new LinkTargets(null, ANDROID_WEB, null, null));
        COMBINATIONS.put("desktop", new LinkTargets(null, null, DESKTOP, null));
        COMBINATIONS.put("wechat", new LinkTargets(null, null, null, MINI_PROGRAM));
        COMBINATIONS.put("ios app + wechat", new LinkTargets(IOS_APP, null, null, MINI_PROGRAM));
        COMBINATIONS.put("all", new LinkTargets(IOS_APP, ANDROID_WEB, DESKTOP, MINI_PROGRAM));
    }

    /**
     * One row per client: its UA, then the answer for each combination above. {@code url}: a
     * redirect to the main url; {@code ios}, {@code android}, {@code desktop}: a redirect to that
     * target; {@code app:ios}, {@code app:android}, {@code app:wx}: the page that opens that app
     * link (or the mini-program scheme) and falls back to the url; {@code wechat-page}: the page
     * for WeChat's browser.
     */
    static final String[][] MATRIX = {
        //                                                                        ios app    ios web   android app    android web  desktop    wechat        ios app+wx   all
        {"iOS Safari", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
            "app:ios", "ios", "url", "url", "url", "app:wx", "app:ios", "app:ios"},
        {"iOS Chrome", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
            "app:ios", "ios", "url", "url", "url", "app:wx", "app:ios", "app:ios"},
        {"iPad Safari, mobile site", "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
            "app:ios", "ios", "url", "url", "url", "app:wx", "app:ios", "app:ios"},
        {"Android Chrome", "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
            "url", "url", "app:android", "android", "url", "app:wx", "app:wx", "android"},
        {"Samsung Internet", "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
            "url", "url", "app:android", "android", "url", "app:wx", "app:wx", "android"},
        {"Chrome, Windows", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
            "url", "url", "url", "url", "desktop", "url", "url", "desktop"},
        {"Firefox, macOS", "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0",
            "url", "url", "url", "url", "desktop", "url", "url", "desktop"},
        {"iPadOS Safari in desktop mode (a Mac's UA)", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
            "url", "url", "url", "url", "desktop", "url", "url", "desktop"},
        {"WeChat, iOS", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN",
            "app:ios", "ios", "url", "url", "url", "wechat-page", "wechat-page", "wechat-page"},
        {"WeChat, Android", "Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64",
            "url", "url", "app:android", "android", "url", "wechat-page", "wechat-page", "wechat-page"},
        {"WeChat, Windows", "Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13) XWEB/8555 Flue",
            "url", "url", "url", "url", "desktop", "wechat-page", "wechat-page", "wechat-page"},
        {"Googlebot smartphone (says Android)", "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "url", "url", "url", "url", "url", "url", "url", "url"},
        {"bingbot mobile (says iPhone)", "Mozilla/5.0 (iPhone; CPU iPhone OS 7_0 like Mac OS X) AppleWebKit/537.51.1 (KHTML, like Gecko) Version/7.0 Mobile/11A465 Safari/9537.53 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
            "url", "url", "url", "url", "url", "url", "url", "url"},
        {"Googlebot, desktop", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/126.0.6478.126 Safari/537.36",
            "url", "url", "url", "url", "url", "url", "url", "url"},
        {"facebookexternalhit (a link preview)", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
            "url", "url", "url", "url", "url", "url", "url", "url"},
        {"Slackbot-LinkExpanding", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
            "url", "url", "url", "url", "url", "url", "url", "url"},
        {"curl", "curl/8.5.0",
            "url", "url", "url", "url", "url", "url", "url", "url"},
        {"no User-Agent", null,
            "url", "url", "url", "url", "url", "url", "url", "url"},
    };

    static List<Arguments> cells() {
        List<Arguments> cells = new ArrayList<>();
        List<String> names = new ArrayList<>(COMBINATIONS.keySet());
        for (String[] row : MATRIX) {
            for (int i = 0; i < names.size(); i++) {
                cells.add(Arguments.of(row[0], names.get(i), row[1], row[2 + i]));
            }
        }
        return cells;
    }

    private final TargetChooser chooser = new TargetChooser(UserAgents.standard());

    @ParameterizedTest(name = "{0} × {1} → {3}")
    @MethodSource("cells")
    void choose_eachClientAndTargetCombination_answersAsTheDocumentedOrderSays(String client, String combination, String userAgent,
            String expected) {
        LinkRecord link = new LinkRecord("tG7x2", URL, "short", 3_600, false, 1L, "k", 1, COMBINATIONS.get(combination));

        Choice choice = chooser.choose(link, userAgent);

        assertThat(choice).as("%s with %s", client, combination).isEqualTo(expected(expected));
    }

    private static Choice expected(String cell) {
        return switch (cell) {
            case "url" -> new Choice.Redirect(URL);
            case "ios" -> new Choice.Redirect(IOS_WEB);
            case "android" -> new Choice.Redirect(ANDROID_WEB);
            case "desktop" -> new Choice.Redirect(DESKTOP);
            case "app:ios" -> new Choice.OpenApp(IOS_APP, URL);
            case "app:android" -> new Choice.OpenApp(ANDROID_APP, URL);
            case "app:wx" -> new Choice.OpenApp(MINI_PROGRAM_SCHEME, URL);
            case "wechat-page" -> new Choice.InsideWeChat(URL);
            default -> throw new IllegalArgumentException("no such expectation: " + cell);
        };
    }
}

package dev.shortcode.api.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class UserAgentsUnitTests {

    private static final DeviceClass IOS = DeviceClass.IOS;
    private static final DeviceClass ANDROID = DeviceClass.ANDROID;
    private static final DeviceClass DESKTOP = DeviceClass.DESKTOP;
    private static final DeviceClass OTHER = DeviceClass.OTHER;

    /** A UA as sent by the client it is named after, and what it must be classified as. */
    record Case(String name, String ua, Agent expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Case person(String name, DeviceClass device, String ua) {
        return new Case(name, ua, new Agent(device, false, false, false));
    }

    private static Case wechat(String name, DeviceClass device, String ua) {
        return new Case(name, ua, new Agent(device, false, true, false));
    }

    private static Case bot(String name, DeviceClass device, String ua) {
        return new Case(name, ua, new Agent(device, true, false, false));
    }

    private static Case preview(String name, DeviceClass device, String ua) {
        return new Case(name, ua, new Agent(device, true, false, true));
    }

    private static final String IPHONE_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    private static final String CHROME_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

    static final List<Case> CASES = List.of(
            // iOS
            person("iOS Safari, iPhone", IOS,
                    IPHONE_SAFARI),
            person("iOS Safari, iPad asking for the mobile site", IOS,
                    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"),
            person("iPadOS Safari in desktop mode (its default) sends a Mac's UA", DESKTOP,
                    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15"),
            person("iOS Chrome (CriOS)", IOS,
                    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1"),
            person("iOS Firefox (FxiOS)", IOS,
                    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15"),
            person("iPod touch Safari", IOS,
                    "Mozilla/5.0 (iPod touch; CPU iPhone OS 15_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6.6 Mobile/15E148 Safari/604.1"),
            person("iOS app web view without the model", IOS,
                    "Mozilla/5.0 (CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"),
            person("Facebook in-app browser, iOS", IOS,
                    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/21F90 [FBAN/FBIOS;FBAV/468.0.0.37.107;FBBV/612345678;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/614000000]"),
            person("Pinterest in-app browser, iOS (not Pinterest's fetcher)", IOS,
                    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [Pinterest/iOS]"),
            person("QQ in-app browser, iOS", IOS,
                    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 QQ/9.0.65.616 V1_IPH_SQ_9.0.65_1_APP_A Pixel/1179 MiniAppEnable SimpleUISwitch/0 StudyMode/0 CurrentMode/0 CurrentFontScale/1.000000 QQTheme/1000 AppId/537225152 Core/WKWebView Device/Apple(iPhone 15 Pro) NetType/WIFI QBWebViewType/1 WKType/1"),
            // Android
            person("Android Chrome, phone", ANDROID,
                    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36"),
            person("Android Chrome, tablet (no 'Mobile')", ANDROID,
                    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"),
            person("Samsung Internet", ANDROID,
                    "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36"),
            person("Android Firefox", ANDROID,
                    "Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0"),
            person("QQ Browser, Android", ANDROID,
                    "Mozilla/5.0 (Linux; U; Android 12; zh-cn; PFDM00 Build/SP1A.210812.016) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.86 MQQBrowser/14.8 Mobile Safari/537.36 COVC/046701"),
            person("Instagram in-app browser, Android", ANDROID,
                    "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240605.024; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.71 Mobile Safari/537.36 Instagram 337.0.0.35.102 Android (34/14; 420dpi; 1080x2400; Google/google; Pixel 8; shiba; shiba; en_US; 614153214)"),
            person("Google app web view, Android", ANDROID,
                    "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240605.024; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.71 Mobile Safari/537.36 GoogleApp/15.24.29.29.arm64"),
            // desktop
            person("Chrome, Windows", DESKTOP,
                    CHROME_WINDOWS),
            person("Firefox, Windows", DESKTOP,
                    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0"),
            person("Edge, Windows", DESKTOP,
                    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56"),
            person("Chrome, macOS", DESKTOP,
                    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"),
            person("Firefox, macOS", DESKTOP,
                    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0"),
            person("Edge, macOS", DESKTOP,
                    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56"),
            person("Chrome, Linux", DESKTOP,
                    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"),
            person("Firefox, Ubuntu", DESKTOP,
                    "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0"),
            person("Chrome, ChromeOS", DESKTOP,
                    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"),
            person("QQ Browser, Windows", DESKTOP,
                    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/94.0.4606.71 Safari/537.36 Core/1.94.244.400 QQBrowser/12.5.5646.400"),
            // WeChat
            wechat("WeChat in-app browser, iOS", IOS,
                    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN"),
            wechat("WeChat in-app browser, Android", ANDROID,
                    "Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64"),
            wechat("WeChat mini-program web view, Android", ANDROID,
                    "Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64 miniProgram/wx3eb1f1a0f6c6a0b1"),
            wechat("WeChat mini-program web view, iOS", IOS,
                    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x1800282a) NetType/WIFI Language/zh_CN miniProgram/wx3eb1f1a0f6c6a0b1"),
            wechat("WeChat for Windows", DESKTOP,
                    "Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13) XWEB/8555 Flue"),
            // crawlers and scripts
            bot("Googlebot, desktop", OTHER,
                    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/126.0.6478.126 Safari/537.36"),
            bot("Googlebot, smartphone: a bot although it says Android", ANDROID,
                    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"),
            bot("Googlebot, classic", OTHER, "Googlebot/2.1 (+http://www.google.com/bot.html)"),
            bot("bingbot", OTHER,
                    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36"),
            bot("bingbot, mobile", IOS,
                    "Mozilla/5.0 (iPhone; CPU iPhone OS 7_0 like Mac OS X) AppleWebKit/537.51.1 (KHTML, like Gecko) Version/7.0 Mobile/11A465 Safari/9537.53 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"),
            bot("YandexBot", OTHER, "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)"),
            bot("Baiduspider", OTHER, "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)"),
            bot("DuckDuckBot", OTHER, "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)"),
            bot("AhrefsBot", OTHER, "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)"),
            bot("SemrushBot", OTHER, "Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)"),
            bot("GPTBot", OTHER,
                    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"),
            bot("ClaudeBot", OTHER,
                    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)"),
            bot("Slackbot, not its link expander", OTHER, "Slackbot 1.0 (+https://api.slack.com/robots)"),
            bot("curl", OTHER, "curl/8.5.0"),
            bot("Wget", OTHER, "Wget/1.21.4"),
            bot("python-requests", OTHER, "python-requests/2.31.0"),
            bot("Go-http-client/2.0", OTHER, "Go-http-client/2.0"),
            bot("Go-http-client/1.1", OTHER, "Go-http-client/1.1"),
            bot("HeadlessChrome", DESKTOP,
                    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.6478.126 Safari/537.36"),
            // link-preview fetchers
            preview("Slackbot-LinkExpanding", OTHER, "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"),
            preview("facebookexternalhit", OTHER, "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"),
            preview("Facebot", OTHER, "Facebot"),
            preview("Twitterbot", OTHER, "Twitterbot/1.0"),
            preview("WhatsApp, Android", OTHER, "WhatsApp/2.23.20.0 A"),
            preview("WhatsApp, iOS", OTHER, "WhatsApp/2.2413.51 i"),
            preview("TelegramBot", OTHER, "TelegramBot (like TwitterBot)"),
            preview("Discordbot", OTHER, "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)"),
            preview("LinkedInBot", OTHER,
                    "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)"),
            preview("SkypeUriPreview (Skype, Teams)", DESKTOP,
                    "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com"),
            preview("Applebot", DESKTOP,
                    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)"),
            preview("iMessage link preview", DESKTOP,
                    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0"),
            preview("Pinterest", OTHER, "Pinterest/0.2 (+https://www.pinterest.com/bot.html)"),
            preview("Pinterestbot", OTHER, "Mozilla/5.0 (compatible; Pinterestbot/1.0; +https://www.pinterest.com/bot.html)"),
            preview("redditbot", OTHER, "Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)"),
            preview("Embedly", OTHER, "Mozilla/5.0 (compatible; Embedly/0.2; +http://support.embed.ly/)"),
            preview("vkShare", OTHER, "Mozilla/5.0 (compatible; vkShare; +http://vk.com/dev/Share)"),
            preview("Iframely", OTHER, "Iframely/1.3.1 (+https://iframely.com/docs/about)"),
            preview("Snap URL Preview Service", OTHER,
                    "Mozilla/5.0 (compatible; Snap URL Preview Service; bot; snapchat; https://developers.snap.com/robots)"),
            preview("Bluesky Cardyb", OTHER, "Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app)"));

    private final UserAgents agents = UserAgents.standard();

    static Stream<Case> cases() {
        return CASES.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void classify_realUserAgent_givesEveryFieldItsExpectedValue(Case c) {
        Agent agent = agents.classify(c.ua());
        assertThat(agent.device()).as("device").isEqualTo(c.expected().device());
        assertThat(agent.bot()).as("bot").isEqualTo(c.expected().bot());
        assertThat(agent.wechat()).as("wechat").isEqualTo(c.expected().wechat());
        assertThat(agent.linkPreview()).as("linkPreview").isEqualTo(c.expected().linkPreview());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void device_realUserAgent_isTheDeviceClassifyReports(Case c) {
        assertThat(UserAgents.device(c.ua())).isEqualTo(c.expected().device());
    }

    @Test
    void linkPreviewTokens_eachOne_isExercisedByALinkPreviewCase() {
        for (String token : LinkPreviews.TOKENS) {
            assertThat(CASES).as(token)
                    .anyMatch(c -> c.expected().linkPreview() && UserAgents.asciiLower(c.ua()).contains(token));
        }
    }

    @Test
    void classify_nullEmptyOrBlank_isDeviceOtherAndNoBot() {
        Agent nobody = new Agent(OTHER, false, false, false);
        assertThat(agents.classify(null)).isEqualTo(nobody);
        assertThat(agents.classify("")).isEqualTo(nobody);
        assertThat(agents.classify(" \t ")).isEqualTo(nobody);
        assertThat(UserAgents.device(null)).isEqualTo(OTHER);
        assertThat(UserAgents.device("")).isEqualTo(OTHER);
    }

    @Test
    void classify_100KbString_readsOnlyItsFirst512CharactersAndIsNotCached() {
        UserAgents fresh = new UserAgents(CrawlerList.vendored().usable());
        String padded = IPHONE_SAFARI + " ".repeat(UserAgents.MAX_LENGTH) + "Googlebot/2.1 MicroMessenger Twitterbot ".repeat(2_500);
        String noise = CHROME_WINDOWS + " ".repeat(UserAgents.MAX_LENGTH) + " Android Googlebot/2.1 ".repeat(4_400);
        assertThat(padded.length()).isGreaterThan(100_000);
        assertThat(noise.length()).isGreaterThan(100_000);

        assertThat(fresh.classify(padded)).isEqualTo(new Agent(IOS, false, false, false));
        assertThat(fresh.classify(noise)).isEqualTo(new Agent(DESKTOP, false, false, false));
        assertThat(UserAgents.device(noise)).isEqualTo(DESKTOP); // the Android beyond the head is not seen
        assertThat(fresh.cachedCount()).isZero();

        String bot = "Googlebot/2.1 " + "x".repeat(100_000);
        assertThat(fresh.classify(bot).bot()).isTrue();
        assertThat(fresh.cachedCount()).isZero();
    }

    @Test
    void classify_repeatedUserAgent_isAnsweredFromTheCache() {
        UserAgents fresh = new UserAgents(CrawlerList.vendored().usable());
        String ua = IPHONE_SAFARI;
        Agent first = fresh.classify(ua);
        assertThat(fresh.classify(new String(ua.toCharArray()))).isSameAs(first);
        assertThat(fresh.cachedCount()).isEqualTo(1);
    }

    @Test
    void classify_moreDistinctUserAgentsThanTheCacheHolds_keepsTheCacheBounded() {
        UserAgents fresh = new UserAgents(CrawlerList.vendored().usable());
        String base = CHROME_WINDOWS;
        for (int i = 0; i < UserAgents.CACHE_SIZE + 2_000; i++) {
            assertThat(fresh.classify(base + " build/" + i).device()).isEqualTo(DESKTOP);
        }
        assertThat(fresh.cachedCount()).isBetween(1L, UserAgents.CACHE_SIZE);
    }

    @Test
    void classify_fromManyThreadsAtOnce_givesEveryThreadTheSameAnswers() throws Exception {
        UserAgents shared = new UserAgents(CrawlerList.vendored().usable());
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                results.add(pool.submit(() -> {
                    int right = 0;
                    for (int round = 0; round < 50; round++) {
                        for (Case c : CASES) {
                            right += shared.classify(c.ua()).equals(c.expected()) ? 1 : 0;
                        }
                    }
                    return right;
                }));
            }
            for (Future<Integer> result : results) {
                assertThat(result.get(2, TimeUnit.MINUTES)).isEqualTo(50 * CASES.size());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void vendoredList_underJavaRegex_compilesWithNoPatternDropped() {
        CrawlerList list = CrawlerList.vendored();
        // isbot 5.2.3 holds 206 patterns and java.util.regex compiles every one: 0 dropped.
        // A refresh that drops some must be looked at; a handful (under 2%) would be acceptable.
        assertThat(list.usable().size() + list.dropped().size()).isEqualTo(206);
        assertThat(list.dropped()).isEmpty();
        assertThat(UserAgents.standard().classify("Googlebot/2.1").bot()).isTrue();
    }

    @Test
    void crawlerList_javaScriptOnlySyntax_isDroppedAndTheRestKept() {
        // JavaScript reads '[^]' as any character and a lone '{' as itself; Java refuses both.
        CrawlerList list = CrawlerList.of(List.of("crawl", "[^]", "a{", "spider"));
        assertThat(list.usable()).containsExactly("crawl", "spider");
        assertThat(list.dropped()).containsExactly("[^]", "a{");
        UserAgents agents = new UserAgents(list.usable());
        assertThat(agents.classify("SomeCrawler/1.0").bot()).isTrue();
        assertThat(agents.classify(IPHONE_SAFARI).bot()).isFalse();
    }

    @Test
    void botMatcher_onEveryCaseAndOnEachPatternsLiteral_agreesWithTheJoinedPattern() {
        List<String> patterns = CrawlerList.vendored().usable();
        BotMatcher matcher = new BotMatcher(patterns);
        Pattern joined = Pattern.compile(String.join("|", patterns), Pattern.CASE_INSENSITIVE);
        List<String> probes = new ArrayList<>();
        CASES.forEach(c -> probes.add(c.ua()));
        for (String pattern : patterns) {
            RequiredLiteral.Literal literal = RequiredLiteral.of(pattern);
            if (literal != null) {
                // the literal alone, inside a browser's UA, and in upper case: hits and near misses
                probes.add(literal.text());
                probes.add(CHROME_WINDOWS + " " + literal.text() + "/1.0");
                probes.add(CHROME_WINDOWS.substring(0, 40) + literal.text().toUpperCase() + CHROME_WINDOWS.substring(40));
            }
        }
        int matched = 0;
        for (String probe : probes) {
            boolean expected = joined.matcher(probe).find();
            assertThat(matcher.matches(UserAgents.asciiLower(probe))).as(probe).isEqualTo(expected);
            matched += expected ? 1 : 0;
        }
        assertThat(matched).as("the probes hit patterns, not only miss them").isGreaterThan(probes.size() / 2);
    }

    @Test
    void botMatcher_vendoredList_filtersAllButAFewPatternsOnALiteral() {
        BotMatcher matcher = new BotMatcher(CrawlerList.vendored().usable());
        // the ones that run on every UA: anchored shapes like ^[\w \.\-\(?:\):%]+... and ;\s\w+;$
        assertThat(matcher.ungatedCount()).isBetween(1, 20);
    }

    @Test
    void requiredLiteral_knownShapes_readsTheLiteralOrGivesUp() {
        assertThat(RequiredLiteral.of("crawl")).isEqualTo(new RequiredLiteral.Literal("crawl", true));
        assertThat(RequiredLiteral.of("Mail\\.RU/")).isEqualTo(new RequiredLiteral.Literal("mail.ru/", true));
        assertThat(RequiredLiteral.of("(?<!cam)scan")).isEqualTo(new RequiredLiteral.Literal("scan", false));
        assertThat(RequiredLiteral.of("(?<! cu)bots?(?:\\b|_)")).isEqualTo(new RequiredLiteral.Literal("bot", false));
        assertThat(RequiredLiteral.of("\\bperl\\b")).isEqualTo(new RequiredLiteral.Literal("perl", false));
        assertThat(RequiredLiteral.of("ab{2}cd")).isEqualTo(new RequiredLiteral.Literal("cd", false));
        assertThat(RequiredLiteral.of("x[a-z]+yz\\d")).isEqualTo(new RequiredLiteral.Literal("yz", false));
        assertThat(RequiredLiteral.of("^[\\w \\.\\-\\(?:\\):%]+(?:/v?\\d+)?(?:,|$)")).isNull();
        assertThat(RequiredLiteral.of("crawl|spider")).isNull();
        assertThat(RequiredLiteral.of("(?x)a b")).isNull();
        assertThat(RequiredLiteral.of("\\p{L}abc")).isNull();
        assertThat(RequiredLiteral.of("\\x41bc")).isNull();
    }

    @Test
    void anchoredAtStart_knownShapes_isTrueOnlyWhenEveryMatchStartsAtTheStart() {
        assertThat(RequiredLiteral.anchoredAtStart("^mozilla/\\d\\.\\d\\s[\\w\\.-]+$")).isTrue();
        assertThat(RequiredLiteral.anchoredAtStart("^(?:a|b)c[|]")).isTrue();
        assertThat(RequiredLiteral.anchoredAtStart("^rest|crawl")).isFalse();
        assertThat(RequiredLiteral.anchoredAtStart("(?:^|[^g])news")).isFalse();
        assertThat(RequiredLiteral.anchoredAtStart("crawl")).isFalse();
    }
}

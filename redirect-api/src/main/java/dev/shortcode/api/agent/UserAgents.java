package dev.shortcode.api.agent;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.List;

/**
 * Classifies a request's User-Agent: device class, bot, WeChat's in-app browser, link-preview
 * fetcher.
 *
 * <p>Design note. A redirect runs on a Vert.x event loop, so classifying must be cheap and
 * bounded. Traffic repeats a small set of UA strings, so {@link #classify} keeps the answer per
 * distinct string in a bounded Caffeine cache (a repeat costs a hash lookup); a miss costs the
 * substring checks and the crawler patterns ({@link BotMatcher}). Only the first
 * {@value #MAX_LENGTH} characters of a UA are ever read: every marker a real client sends sits in
 * its first ~200, so a longer UA is classified on that head and not cached, and a hostile client
 * can make neither the regexes scan megabytes nor the cache hold them. At most
 * {@value #CACHE_SIZE} strings of at most {@value #MAX_LENGTH} characters are cached: a few MB.
 */
public final class UserAgents {

    /** Characters of a UA that are read; beyond them nothing is matched or cached. */
    static final int MAX_LENGTH = 512;
    static final long CACHE_SIZE = 10_000;

    private static final Agent NOBODY = new Agent(DeviceClass.OTHER, false, false, false);

    private final BotMatcher bots;
    private final Cache<String, Agent> cache = Caffeine.newBuilder()
            .maximumSize(CACHE_SIZE)
            // eviction runs on the caller: O(1) amortised, and no thread of a pool this class cannot close
            .executor(Runnable::run)
            .build();

    /** Over these patterns (regex sources that compile in Java) rather than the vendored list. */
    UserAgents(List<String> patterns) {
        this.bots = new BotMatcher(patterns);
    }

    private static final class Standard {
        static final UserAgents INSTANCE = new UserAgents(CrawlerList.vendored().usable());
    }

    /**
     * The classifier over the vendored crawler list; thread-safe, one per service: every call
     * returns the same instance, so its callers share one cache. The list is read on first use.
     */
    public static UserAgents standard() {
        return Standard.INSTANCE;
    }

    /**
     * Full classification: device ({@link #device}), bot (the vendored crawler list, or a
     * link-preview fetcher), WeChat's in-app browser ({@code MicroMessenger}, on iOS, Android and
     * desktop, including mini-program web views, which add {@code miniProgram}), link-preview
     * fetcher (the explicit list in {@link LinkPreviews}). Cached per distinct UA string (bounded
     * cache), so a repeated UA costs a hash lookup; safe on an event loop. A null or blank UA is
     * device OTHER and no bot.
     */
    public Agent classify(String userAgent) {
        if (userAgent == null || userAgent.isBlank()) {
            return NOBODY;
        }
        if (userAgent.length() > MAX_LENGTH) {
            return compute(userAgent.substring(0, MAX_LENGTH));
        }
        return cache.get(userAgent, this::compute);
    }

    /** The classification itself, without the cache; {@code userAgent} is at most MAX_LENGTH long. */
    Agent compute(String userAgent) {
        String lower = asciiLower(userAgent);
        boolean linkPreview = LinkPreviews.matches(lower);
        boolean bot = linkPreview || bots.matches(lower);
        boolean wechat = lower.contains("micromessenger");
        return new Agent(device(userAgent), bot, wechat, linkPreview);
    }

    /**
     * Only the cheap part (substring checks, no regex, no cache), for callers that need the device
     * class and nothing else. The checks, on the first {@value #MAX_LENGTH} characters, in order,
     * with the tokens spelt as browsers send them (case matters):
     * <ol>
     *   <li>{@code iPhone}, {@code iPad} or {@code iPod}; or {@code Mobile} with {@code CPU OS} or
     *       {@code like Mac OS X} (an iOS app's web view that leaves the model out): IOS
     *   <li>{@code Android}, phones and tablets alike (a tablet's Chrome just leaves out
     *       {@code Mobile}): ANDROID
     *   <li>no {@code Mobile}, and {@code Windows NT}, {@code Macintosh}, {@code X11} with
     *       {@code Linux}, or {@code CrOS}: DESKTOP
     *   <li>anything else, null included: OTHER
     * </ol>
     * iPadOS Safari asks for desktop sites by default and then sends a Mac's UA, so most iPads are
     * counted DESKTOP; so is an Android tablet whose browser asks for the desktop site (it sends
     * {@code X11; Linux x86_64}). A UA carries no reliable way to tell either apart.
     */
    public static DeviceClass device(String userAgent) {
        if (userAgent == null) {
            return DeviceClass.OTHER;
        }
        String ua = userAgent.length() > MAX_LENGTH ? userAgent.substring(0, MAX_LENGTH) : userAgent;
        boolean mobile = ua.contains("Mobile");
        if (ua.contains("iPhone") || ua.contains("iPad") || ua.contains("iPod")
                || (mobile && (ua.contains("CPU OS") || ua.contains("like Mac OS X")))) {
            return DeviceClass.IOS;
        }
        if (ua.contains("Android")) {
            return DeviceClass.ANDROID;
        }
        if (!mobile && (ua.contains("Windows NT") || ua.contains("Macintosh")
                || (ua.contains("X11") && ua.contains("Linux")) || ua.contains("CrOS"))) {
            return DeviceClass.DESKTOP;
        }
        return DeviceClass.OTHER;
    }

    /** How many UA strings the cache holds now, pending evictions done. */
    long cachedCount() {
        cache.cleanUp();
        return cache.estimatedSize();
    }

    /**
     * Lower-cases A-Z only, as {@code CASE_INSENSITIVE} without {@code UNICODE_CASE} folds them;
     * {@link String#toLowerCase} would fold other letters too and could change the length.
     */
    static String asciiLower(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                char[] chars = s.toCharArray();
                for (int j = i; j < chars.length; j++) {
                    char d = chars[j];
                    if (d >= 'A' && d <= 'Z') {
                        chars[j] = (char) (d + ('a' - 'A'));
                    }
                }
                return new String(chars);
            }
        }
        return s;
    }
}

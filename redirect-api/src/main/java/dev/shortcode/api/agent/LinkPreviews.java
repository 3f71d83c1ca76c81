package dev.shortcode.api.agent;

import java.util.List;

/**
 * The fetchers chat and social apps send to draw a preview card when someone shares a link. They
 * are bots, but worth telling apart: a preview is not a visit, yet it shows the link was shared.
 *
 * <p>Each token is matched as a substring of the lower-cased User-Agent. The tokens are the
 * fetchers' own names, not their apps' names: an app's in-app browser ("[Pinterest/iOS]",
 * "Twitter for iPhone", "LinkedInApp", "[FBAN/FBIOS...]") is a person and must not match.
 */
final class LinkPreviews {

    /** Lower-case, one per fetcher; the comment is the form it is seen in. */
    static final List<String> TOKENS = List.of(
            "slackbot-linkexpanding", // Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)
            "facebookexternalhit",    // facebookexternalhit/1.1; also Messenger, Instagram and iMessage's preview form
            "facebot",                // Facebot
            "twitterbot",             // Twitterbot/1.0
            "whatsapp/",              // WhatsApp/2.23.20.0 A (WhatsApp has no in-app browser)
            "telegrambot",            // TelegramBot (like TwitterBot)
            "discordbot",             // Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)
            "linkedinbot",            // LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient ...)
            "skypeuripreview",        // ... SkypeUriPreview Preview/0.5 (Skype and Teams)
            "applebot",               // ... (Applebot/0.1; +http://www.apple.com/go/applebot): Siri and Spotlight cards
            "pinterestbot",           // Mozilla/5.0 (compatible; Pinterestbot/1.0; ...)
            "pinterest/0.",           // Pinterest/0.2 (+https://www.pinterest.com/bot.html), not "[Pinterest/iOS]"
            "redditbot",              // Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)
            "embedly",                // Mozilla/5.0 (compatible; Embedly/0.2; +http://support.embed.ly/)
            "vkshare",                // Mozilla/5.0 (compatible; vkShare; +http://vk.com/dev/Share)
            "iframely",               // Iframely/1.3.1 (+https://iframely.com/docs/about)
            "snap url preview",       // Mozilla/5.0 (compatible; Snap URL Preview Service; bot; snapchat; ...)
            "bluesky cardyb");        // Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app)

    private LinkPreviews() {}

    /** @param lowerUa the User-Agent, ASCII-lower-cased */
    static boolean matches(String lowerUa) {
        for (String token : TOKENS) {
            if (lowerUa.contains(token)) {
                return true;
            }
        }
        return false;
    }
}

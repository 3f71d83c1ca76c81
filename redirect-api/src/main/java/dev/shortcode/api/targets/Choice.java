package dev.shortcode.api.targets;

/** What the redirect answers a client of a link with device targets ({@link TargetChooser}). */
public sealed interface Choice {

    /** A plain redirect to {@code location}: the main url or an http(s) target. */
    record Redirect(String location) implements Choice {}

    /**
     * A page that opens {@code appLink} (a custom scheme: an app, or WeChat's mini-program scheme)
     * and goes on to {@code fallback}, the web url, when nothing took it ({@link AppLinkPage}).
     */
    record OpenApp(String appLink, String fallback) implements Choice {}

    /**
     * Inside WeChat's own browser, for a link with a mini-program: a page that says how to open it
     * and offers {@code fallback}, the web url ({@link WeChatPage}). WeChat's browser opens no app
     * scheme, its own included.
     */
    record InsideWeChat(String fallback) implements Choice {}
}

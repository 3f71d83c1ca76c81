package dev.shortcode.api.targets;

import dev.shortcode.api.agent.Agent;
import dev.shortcode.api.agent.UserAgents;
import dev.shortcode.api.link.TargetPolicy;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkTargets;

/**
 * Where the redirect sends a client of a link with device targets, by its User-Agent. The
 * classifier ({@link UserAgents#classify}) answers from its cache for any UA seen before (a hash
 * lookup), so this is cheap on the event loop; links without targets never get here.
 *
 * <p>The order, first match wins:
 * <ol>
 *   <li>a bot or a link-preview fetcher: the main url (a crawler indexes the web page; a chat
 *       app's card shows it);
 *   <li>WeChat's in-app browser, and the link has a mini-program: a page that says how to open it
 *       and offers the web url ({@link Choice.InsideWeChat});
 *   <li>iOS with an {@code ios} target: that target;
 *   <li>Android with an {@code android} target: that target;
 *   <li>iOS or Android (a phone or tablet outside WeChat) with a mini-program: WeChat's
 *       plaintext scheme for it ({@link MiniProgramScheme});
 *   <li>a desktop browser with a {@code desktop} target: that target;
 *   <li>anything else: the main url.
 * </ol>
 * A target with a scheme of its own (an app link, the WeChat scheme) is answered with a page that
 * tries it and falls back to the main url ({@link Choice.OpenApp}); an https target is a plain
 * redirect. The device rules are {@link UserAgents#device}'s: an iPad that asks for desktop sites
 * counts as desktop.
 */
public final class TargetChooser {

    private final UserAgents agents;

    public TargetChooser(UserAgents agents) {
        this.agents = agents;
    }

    /** The answer for {@code link} (which has targets) to a client sending {@code userAgent} (may be null). */
    public Choice choose(LinkRecord link, String userAgent) {
        return choose(link.targets(), link.url(), agents.classify(userAgent));
    }

    /** The order above, for a client already classified. */
    public static Choice choose(LinkTargets targets, String url, Agent agent) {
        if (agent.bot()) {
            return new Choice.Redirect(url);
        }
        if (agent.wechat() && targets.wechat() != null) {
            return new Choice.InsideWeChat(url);
        }
        String target = switch (agent.device()) {
            case IOS -> targets.ios();
            case ANDROID -> targets.android();
            case DESKTOP -> targets.desktop();
            case OTHER -> null;
        };
        if (target == null) {
            boolean phone = switch (agent.device()) {
                case IOS, ANDROID -> true;
                case DESKTOP, OTHER -> false;
            };
            if (phone && targets.wechat() != null) {
                return new Choice.OpenApp(MiniProgramScheme.of(targets.wechat()), url);
            }
            return new Choice.Redirect(url);
        }
        return TargetPolicy.isAppLink(target) ? new Choice.OpenApp(target, url) : new Choice.Redirect(target);
    }
}

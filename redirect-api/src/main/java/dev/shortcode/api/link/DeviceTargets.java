package dev.shortcode.api.link;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.shortcode.core.store.LinkTargets;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A link's device targets as the API reads and shows them: where iOS, Android and desktop clients
 * go instead of the link's url, and the WeChat mini-program phones open. Every field is optional;
 * what each may hold is {@link TargetPolicy}'s to say.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "Where some devices go instead of url. The redirect decides by User-Agent, in this order: bots and "
        + "link-preview fetchers get url; iOS gets ios; Android gets android; desktop browsers get desktop; anything else url. "
        + "A phone outside WeChat with no ios/android target for it opens the mini-program in wechat; inside WeChat's browser a "
        + "page offers the web url. A custom-scheme target is answered with a small page that tries the app and falls back to "
        + "the web url.")
public record DeviceTargets(
        @Schema(description = "iPhone, iPad, iPod: an https URL (App Store links too) or an app link with its own scheme, "
                + "e.g. jdmobile://item/42", examples = "jdmobile://item/42") String ios,
        @Schema(description = "Android: an https URL (Play links too) or an app link with its own scheme",
                examples = "https://play.google.com/store/apps/details?id=com.example") String android,
        @Schema(description = "Desktop browsers: an http(s) URL", examples = "https://example.com/desktop") String desktop,
        MiniProgram wechat) {

    /** A WeChat mini-program page. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(description = "A WeChat mini-program page, opened with weixin://dl/business/ (the plaintext URL scheme)")
    public record MiniProgram(
            @Schema(description = "The mini-program's AppID: wx and 16 lower-case hex digits", required = true,
                    examples = "wx0123456789abcdef") String appid,
            @Schema(description = "The page, without a query: letters, digits and _-./, at most 1024", examples = "pages/item/index")
            String path,
            @Schema(description = "The page's query, at most 512 of letters, digits and !#$&'()*+,/:;=?@-._~%", examples = "id=42&from=sms")
            String query,
            @Schema(description = "release (the default), trial or develop", enumeration = {"release", "trial", "develop"})
            String envVersion) {}

    /** The view of stored targets; null when there are none, so a link without targets shows no field. */
    public static DeviceTargets of(LinkTargets targets) {
        if (targets.isEmpty()) {
            return null;
        }
        LinkTargets.WeChat w = targets.wechat();
        return new DeviceTargets(targets.ios(), targets.android(), targets.desktop(),
                w == null ? null : new MiniProgram(w.appId(), w.path(), w.query(), w.envVersion()));
    }
}

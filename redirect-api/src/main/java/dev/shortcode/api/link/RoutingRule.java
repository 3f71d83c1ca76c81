package dev.shortcode.api.link;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One conditional target, as requests give it and views show it. */
@Schema(description = "A conditional target: a visitor that meets every part of when goes to url; the first rule met wins")
public record RoutingRule(
        @Schema(required = true) RuleCondition when,
        @Schema(description = "Where visitors that meet the rule go: an http(s) URL like the link's url", required = true,
                examples = "https://example.com/fr/") String url) {}

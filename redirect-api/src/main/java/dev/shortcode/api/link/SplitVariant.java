package dev.shortcode.api.link;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One variant of a split, as requests give it and views show it. */
@Schema(description = "One variant of a split: visitors are shared among the variants by weight, each visitor kept to one")
public record SplitVariant(
        @Schema(description = "Where this variant's visitors go: an http(s) URL like the link's url", required = true,
                examples = "https://example.com/landing-b") String url,
        @Schema(description = "Its share against the other weights: 1 to 1,000; absent: 1", examples = "30") Integer weight) {}

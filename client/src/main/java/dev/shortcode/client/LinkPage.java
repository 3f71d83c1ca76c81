package dev.shortcode.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * One page of {@code GET /api/v1/links}: the links, newest first, and the cursor of the next page
 * (null on the last).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record LinkPage(List<Link> links, String next) {

    public LinkPage {
        links = links == null ? List.of() : List.copyOf(links);
    }
}

package dev.shortcode.core.index;

import dev.shortcode.core.store.LinkRecord;
import java.util.List;

/**
 * What the index found: links in listing order that pass the query's filters, and where to go on.
 *
 * @param links the links, newest first; at most the query's limit
 * @param next  the position to continue after, or null when the index holds nothing further
 */
public record LinkPage(List<LinkRecord> links, Position next) {

    public LinkPage {
        links = List.copyOf(links);
    }
}

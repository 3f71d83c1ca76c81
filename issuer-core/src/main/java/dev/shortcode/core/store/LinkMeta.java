package dev.shortcode.core.store;

import java.util.List;
import java.util.Objects;

/**
 * What a link's maker says about it, for finding it again: a title, tags, and the maker's own id
 * for it. None of it changes where the link goes. Validated before it gets here (lengths,
 * characters); tags are already lower-cased, without duplicates, in the order given.
 *
 * @param title      free text, or null
 * @param tags       the tags, empty when none (never null)
 * @param externalId the caller's id for the link, unique per owner, or null
 */
public record LinkMeta(String title, List<String> tags, String externalId) {

    /** No title, no tags, no external id. */
    public static final LinkMeta NONE = new LinkMeta(null, List.of(), null);

    public LinkMeta {
        tags = tags == null ? List.of() : List.copyOf(tags);
        if (title != null && title.isEmpty()) {
            title = null;
        }
    }

    /** {@link #NONE} for null. */
    public static LinkMeta orNone(LinkMeta meta) {
        return meta == null ? NONE : meta;
    }

    public boolean isEmpty() {
        return title == null && tags.isEmpty() && externalId == null;
    }

    public LinkMeta withTitle(String newTitle) {
        return new LinkMeta(newTitle, tags, externalId);
    }

    public LinkMeta withTags(List<String> newTags) {
        return new LinkMeta(title, newTags, externalId);
    }

    /** Whether both carry the same tags, in any order. */
    public boolean sameTags(LinkMeta other) {
        return tags.size() == other.tags.size() && tags.containsAll(other.tags);
    }

    @Override
    public String toString() {
        return "LinkMeta[title=" + Objects.toString(title) + ", tags=" + tags + ", externalId=" + externalId + "]";
    }
}

package dev.shortcode.core.index;

import dev.shortcode.core.store.LinkRecord;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What a listing asks of the index: one owner's links, every filter that a link's record decides,
 * from a position on. Whether a link is live, expired or disabled is not the index's to know (the
 * hot store and the moderation store say); the listing decides it for the links the index found.
 *
 * @param owner         the API key id whose links to list (required: an all-owners listing merges owners' pages)
 * @param tags          tags every link must carry (lower-cased), empty for any
 * @param externalId    the one external id to find, or null
 * @param host          the target's host, its subdomains included (lower-cased, punycode), or null
 * @param words         words that must all occur in the title or the url (lower-cased), empty for any
 * @param pool          the pool, or null for any
 * @param createdAfter  epoch millis, exclusive, or null
 * @param createdBefore epoch millis, exclusive, or null
 * @param after         continue strictly after this position, or null from the newest
 * @param limit         the most links to return
 * @param budget        the most index entries to look at; a page that runs out of budget ends
 *                      early with a position to continue from, so a filter that matches little
 *                      costs bounded time per request
 */
public record LinkQuery(String owner, List<String> tags, String externalId, String host, List<String> words, String pool,
        Long createdAfter, Long createdBefore, Position after, int limit, int budget) {

    public LinkQuery {
        Objects.requireNonNull(owner, "owner");
        tags = tags == null ? List.of() : List.copyOf(tags);
        words = words == null ? List.of() : List.copyOf(words);
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be positive: " + limit);
        }
        if (budget < limit) {
            throw new IllegalArgumentException("budget must be at least the limit: " + budget);
        }
    }

    /** The same query for another owner (an all-owners listing asks each). */
    public LinkQuery forOwner(String otherOwner) {
        return new LinkQuery(otherOwner, tags, externalId, host, words, pool, createdAfter, createdBefore, after, limit, budget);
    }

    /** The same query from another position with another limit. */
    public LinkQuery from(Position position, int newLimit) {
        return new LinkQuery(owner, tags, externalId, host, words, pool, createdAfter, createdBefore, position, newLimit,
                Math.max(budget, newLimit));
    }

    /**
     * Where a scan starts, strictly after this position: the cursor, or, when {@code createdBefore}
     * is later in the order, the newest link created before it; null from the newest.
     */
    public Position start() {
        if (createdBefore == null) {
            return after;
        }
        // "" sorts before every code: strictly after it is the first link of that millisecond.
        Position bound = new Position(createdBefore - 1, "");
        boolean boundIsLater = after == null || bound.createdAtMillis() < after.createdAtMillis();
        return boundIsLater ? bound : after;
    }

    /** Whether the position comes strictly after {@link #after} in listing order (newest first, then code ascending). */
    public boolean isAfterStart(long createdAtMillis, String code) {
        if (after == null) {
            return true;
        }
        if (createdAtMillis != after.createdAtMillis()) {
            return createdAtMillis < after.createdAtMillis();
        }
        return code.compareTo(after.code()) > 0;
    }

    /** Whether the record passes every filter of this query (its owner included). */
    public boolean matches(LinkRecord link) {
        if (!owner.equals(link.ownerKeyId())) {
            return false;
        }
        if (pool != null && !pool.equals(link.pool())) {
            return false;
        }
        if (createdAfter != null && link.createdAtMillis() <= createdAfter) {
            return false;
        }
        if (createdBefore != null && link.createdAtMillis() >= createdBefore) {
            return false;
        }
        if (externalId != null && !externalId.equals(link.meta().externalId())) {
            return false;
        }
        if (!link.meta().tags().containsAll(tags)) {
            return false;
        }
        if (host != null && !hostMatches(link.url())) {
            return false;
        }
        return words.isEmpty() || wordsMatch(link);
    }

    /** Whether created-time bounds exclude everything older than this creation time (a scan can stop). */
    public boolean pastOldest(long createdAtMillis) {
        return createdAfter != null && createdAtMillis <= createdAfter;
    }

    private boolean hostMatches(String url) {
        String linkHost = IndexKeys.hostOf(url);
        return linkHost != null && (linkHost.equals(host) || linkHost.endsWith("." + host));
    }

    private boolean wordsMatch(LinkRecord link) {
        String title = link.meta().title();
        String text = (title == null ? "" : title.toLowerCase(Locale.ROOT) + "\n") + link.url().toLowerCase(Locale.ROOT);
        for (String word : words) {
            if (!text.contains(word)) {
                return false;
            }
        }
        return true;
    }
}

package dev.shortcode.api.inventory;

import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.link.LinkMetaPolicy;
import dev.shortcode.core.index.Position;
import java.net.IDN;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A listing's query parameters, checked: each bad one a 400 naming it.
 *
 * @param status which links: {@code live}, {@code expired}, {@code disabled} or {@code all}
 * @param owner  the key id whose links an admin lists; null for the caller's own (or, for an admin, everyone's)
 */
public record ListingRequest(int limit, Position after, List<String> tags, String externalId, String host, List<String> words,
        String pool, Long createdAfter, Long createdBefore, Status status, String owner) {

    public static final int DEFAULT_LIMIT = 100;
    public static final int MAX_LIMIT = 1_000;
    private static final int MAX_WORDS = 10;

    /** Which links a listing shows, by what the link is now. */
    public enum Status {
        LIVE, EXPIRED, DISABLED, ALL;

        boolean admits(String linkStatus) {
            return this == ALL || name().toLowerCase(Locale.ROOT).equals(linkStatus);
        }
    }

    /** Reads the parameters as sent (null when absent). */
    public static ListingRequest parse(String limit, String cursor, List<String> tags, String externalId, String host, String q, String pool,
            String createdAfter, String createdBefore, String status, String owner) {
        return new ListingRequest(limit(limit), cursor == null ? null : Cursor.parse(cursor), tags(tags),
                externalId == null ? null : LinkMetaPolicy.externalId(externalId), host(host), words(q), pool(pool),
                instant("createdAfter", createdAfter), instant("createdBefore", createdBefore), status(status), owner(owner));
    }

    /** The same request from another position with another limit (an export's next page). */
    ListingRequest from(Position position, int newLimit) {
        return new ListingRequest(newLimit, position, tags, externalId, host, words, pool, createdAfter, createdBefore, status, owner);
    }

    private static int limit(String limit) {
        if (limit == null) {
            return DEFAULT_LIMIT;
        }
        try {
            int n = Integer.parseInt(limit);
            if (n >= 1 && n <= MAX_LIMIT) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw invalid("limit must be a whole number from 1 to " + MAX_LIMIT + ", not '" + Echo.of(limit) + "'");
    }

    private static List<String> tags(List<String> tags) {
        if (tags == null || tags.isEmpty()) {
            return List.of();
        }
        List<String> normal = new ArrayList<>();
        for (String tag : tags) {
            try {
                String t = LinkMetaPolicy.tag("tag", tag);
                if (!normal.contains(t)) {
                    normal.add(t);
                }
            } catch (InvalidRequestException e) {
                throw invalid("tag must be 1 to " + LinkMetaPolicy.MAX_TAG + " of [a-z0-9_:.-], not '" + Echo.of(tag) + "'");
            }
        }
        if (normal.size() > LinkMetaPolicy.MAX_TAGS) {
            throw invalid("tag may be given at most " + LinkMetaPolicy.MAX_TAGS + " times");
        }
        return normal;
    }

    private static String host(String host) {
        if (host == null) {
            return null;
        }
        String h = host.toLowerCase(Locale.ROOT);
        if (h.endsWith(".")) {
            h = h.substring(0, h.length() - 1);
        }
        try {
            h = IDN.toASCII(h, IDN.USE_STD3_ASCII_RULES);
        } catch (IllegalArgumentException e) {
            throw invalid("host must be a host name such as example.com, not '" + Echo.of(host) + "'");
        }
        if (h.isEmpty() || h.length() > 253 || !h.matches("[a-z0-9.:\\[\\]-]+")) {
            throw invalid("host must be a host name such as example.com, not '" + Echo.of(host) + "'");
        }
        return h;
    }

    private static List<String> words(String q) {
        if (q == null || q.isBlank()) {
            return List.of();
        }
        if (q.length() > 200) {
            throw invalid("q is " + q.length() + " characters long; at most 200 are allowed");
        }
        List<String> words = Arrays.stream(q.toLowerCase(Locale.ROOT).trim().split("\\s+")).distinct().toList();
        if (words.size() > MAX_WORDS) {
            throw invalid("q holds " + words.size() + " words; at most " + MAX_WORDS + " are allowed");
        }
        return words;
    }

    private static String pool(String pool) {
        if (pool != null && !pool.matches("[A-Za-z0-9_-]{1,64}")) {
            throw invalid("pool must be a pool's name, not '" + Echo.of(pool) + "'");
        }
        return pool;
    }

    private static Long instant(String name, String value) {
        if (value == null) {
            return null;
        }
        try {
            return Instant.parse(value).toEpochMilli();
        } catch (DateTimeParseException | ArithmeticException e) {
            throw invalid(name + " must be an ISO-8601 instant such as 2026-01-31T00:00:00Z, not '" + Echo.of(value) + "'");
        }
    }

    private static Status status(String status) {
        if (status == null) {
            return Status.LIVE;
        }
        try {
            return Status.valueOf(status.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw invalid("status must be live, expired, disabled or all, not '" + Echo.of(status) + "'");
        }
    }

    private static String owner(String owner) {
        if (owner != null && !owner.matches("[A-Za-z0-9_-]{1,64}")) {
            throw invalid("owner must be an API key id, not '" + Echo.of(owner) + "'");
        }
        return owner;
    }

    private static InvalidRequestException invalid(String detail) {
        return new InvalidRequestException("invalid-parameter", detail);
    }
}

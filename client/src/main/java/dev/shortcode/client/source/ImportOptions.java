package dev.shortcode.client.source;

import dev.shortcode.client.LinkRequest;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;

/**
 * How another shortener's links become creates: {@code keepCodes} sends each link's old code as
 * its alias; {@code now} is when expiry times are turned into TTLs. The service refuses TTLs
 * beyond its longest pool's ({@link #DEFAULT_LONGEST_TTL} with the default pools): an expiry
 * further ahead than {@code longestTtl} gets {@code longestTtl}, or {@code permanent} when
 * {@code permanentBeyond}. Titles and tags are kept ({@link ImportedMeta} makes them acceptable);
 * {@code domain}, when set, is the branded domain every link is created on.
 */
public record ImportOptions(boolean keepCodes, Instant now, Duration longestTtl, boolean permanentBeyond, String domain) {

    public ImportOptions(boolean keepCodes, Instant now, Duration longestTtl, boolean permanentBeyond) {
        this(keepCodes, now, longestTtl, permanentBeyond, null);
    }

    /** The service's longest finite idle TTL with the default pools. */
    public static final Duration DEFAULT_LONGEST_TTL = Duration.ofDays(100);

    public ImportOptions(boolean keepCodes, Instant now) {
        this(keepCodes, now, DEFAULT_LONGEST_TTL, false);
    }

    /**
     * One imported link as a line: the long URL, the old code as alias when kept, and the time
     * left until its expiry as TTL. A link whose expiry has passed is not sent.
     *
     * @param code   the other tool's code, or null
     * @param expiry the other tool's expiry as it wrote it, or null/blank for none
     */
    SourceLine line(long line, String url, String code, String expiry) {
        return line(line, url, code, expiry, null, List.of());
    }

    /**
     * {@link #line(long, String, String, String)} with the other tool's title and tags, as given
     * (null or empty: none).
     */
    SourceLine line(long line, String url, String code, String expiry, String title, List<String> tags) {
        if (url == null || url.isBlank()) {
            return SourceLine.problem(line, "invalid-line", "line " + line + " has no long URL");
        }
        String ttl = null;
        if (expiry != null && !expiry.isBlank()) {
            Instant until;
            try {
                until = Expiry.parse(expiry);
            } catch (DateTimeParseException e) {
                return SourceLine.problem(line, "invalid-line", "line " + line + ": unreadable expiry '" + expiry + "'");
            }
            Optional<String> left = Expiry.ttlUntil(until, now);
            if (left.isEmpty()) {
                return SourceLine.problem(line, "expired", "line " + line + " expired at " + until);
            }
            ttl = Duration.between(now, until).compareTo(longestTtl) <= 0 ? left.get()
                    : permanentBeyond ? "permanent" : Expiry.label(longestTtl);
        }
        String alias = keepCodes && code != null && !code.isBlank() ? code.trim() : null;
        return SourceLine.of(line, new LinkRequest(url.trim(), ttl, alias, null, ImportedMeta.title(title), ImportedMeta.tags(tags),
                domain));
    }
}

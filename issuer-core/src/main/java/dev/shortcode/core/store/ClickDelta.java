package dev.shortcode.core.store;

import java.time.LocalDate;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.ObjLongConsumer;

/**
 * What one flush adds to one subject's day: counts to add, and visitors to add to the day's
 * unique-visitor estimate.
 *
 * <p>The maps are taken as they are, not copied: a flush builds thousands of deltas a second (an
 * owner's with a field per link) and copying them took a third of the flusher's time. Whoever
 * builds a delta hands its maps over and does not change them after: {@link FieldCounts} and
 * {@link VisitorHashes}, the flush's own shapes, read only from then on, any other map or set is
 * seen through a read-only view.
 *
 * @param subject  a link's code, or an owner's subject ({@code ~<key id>}, {@code ~*} for all)
 * @param day      the UTC day of the clicks
 * @param counts   amounts to add, by {@link ClickFields} name, hours included (never {@code u})
 * @param visitors keyed hashes of the day's visitors (never an IP), as text; the store counts
 *                 the distinct ones
 */
public record ClickDelta(String subject, LocalDate day, Map<String, Long> counts, Set<String> visitors) {

    public ClickDelta {
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(day, "day");
        if (counts instanceof FieldCounts fields) {
            fields.handOver();
        } else {
            counts = Collections.unmodifiableMap(counts);
        }
        if (!(visitors instanceof VisitorHashes)) {
            visitors = Collections.unmodifiableSet(visitors);
        }
        if (subject.isEmpty() || subject.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("bad subject '" + subject + "'");
        }
    }

    /** Every count with its field, without boxing the amounts when they are {@link FieldCounts}. */
    public void forEachCount(ObjLongConsumer<String> action) {
        if (counts instanceof FieldCounts fields) {
            fields.forEachAmount(action);
        } else {
            counts.forEach(action::accept);
        }
    }

    /** The subject of all links of the API key {@code keyId}. */
    public static String ownerSubject(String keyId) {
        return "~" + keyId;
    }

    /** The subject of all links of all owners. */
    public static final String ALL_SUBJECT = "~*";

    /** Whether {@code subject} is an owner's (or all links'), whose days also rank their links; else it is a link's code. */
    public static boolean isOwnerSubject(String subject) {
        return subject.startsWith("~");
    }
}

package dev.shortcode.core.store;

import java.time.LocalDate;
import java.util.Map;
import java.util.Objects;

/**
 * The click counts of one subject (a link, or all links of an owner) in one UTC day or month.
 *
 * @param start  the day, or the first day of the month
 * @param counts by {@link ClickFields} name; absent fields are zero
 */
public record ClickBucket(LocalDate start, Map<String, Long> counts) {

    public ClickBucket {
        Objects.requireNonNull(start, "start");
        counts = Map.copyOf(counts);
    }

    public long count(String field) {
        return counts.getOrDefault(field, 0L);
    }
}

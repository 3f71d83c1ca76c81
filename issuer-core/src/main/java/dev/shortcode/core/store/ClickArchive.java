package dev.shortcode.core.store;

import java.time.LocalDate;
import java.time.YearMonth;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The durable copy of click counts beside the archive (HBase): what the Redis click store rolls
 * up into it, so that losing Redis loses only the counts not rolled up yet. Writes are absolute
 * values, not increments: writing a row again changes nothing, so a roll-up that failed half-way
 * is simply run again. Retention ({@link ClickRetention}) is the archive's own business.
 */
public interface ClickArchive {

    /** Writes each row as the whole of its subject's day (hours included), replacing what was there. */
    CompletionStage<Void> putDays(List<ClickRow> days);

    /** Writes each row as the whole of its subject's month, replacing what was there. */
    CompletionStage<Void> putMonths(List<ClickRow> months);

    /** {@code subject}'s stored days in {@code [from, to]}, oldest first. */
    CompletionStage<List<ClickBucket>> days(String subject, LocalDate from, LocalDate to);

    /** {@code subject}'s stored months in {@code [from, to]}, oldest first. */
    CompletionStage<List<ClickBucket>> months(String subject, YearMonth from, YearMonth to);

    /** Removes every row of {@code subject}. */
    CompletionStage<Void> delete(String subject);

    /** One subject's bucket as it is written. */
    record ClickRow(String subject, ClickBucket bucket) {}
}

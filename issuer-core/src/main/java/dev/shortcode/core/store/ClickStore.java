package dev.shortcode.core.store;

import java.time.LocalDate;
import java.time.YearMonth;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Click statistics: per subject (a link's code, or an owner's subject, see {@link ClickDelta}) per
 * UTC day and month, kept as {@link ClickRetention} says. Written in batches by each node's
 * flusher, read by the stats API. Non-blocking; a store that does not answer fails the stage with
 * a {@link StorageUnavailableException}, and the caller keeps its batch to apply it again.
 *
 * <p>Implementations: Redis over the archive's {@link ClickArchive} (many nodes), embedded
 * (RocksDB, one node).
 */
public interface ClickStore extends AutoCloseable {

    /**
     * Adds {@code deltas} durably. Applying the same call again after a failure (the caller does
     * not know whether any of it was stored) counts nothing twice; the caller applies one batch at
     * a time, each only after the one before it succeeded.
     *
     * @param batch this node's sequence number of the batch, increasing by one per new batch
     */
    CompletionStage<Void> apply(long batch, List<ClickDelta> deltas);

    /**
     * {@code subject}'s days in {@code [from, to]} that have clicks, oldest first. Hourly counts are
     * present only for days still within {@link ClickRetention#HOUR_DAYS}.
     */
    CompletionStage<List<ClickBucket>> days(String subject, LocalDate from, LocalDate to);

    /** {@code subject}'s months in {@code [from, to]} that have clicks, oldest first; each bucket starts on the 1st. */
    CompletionStage<List<ClickBucket>> months(String subject, YearMonth from, YearMonth to);

    /**
     * The secret salt of {@code day}'s visitor hashes, the same on every node, created on first use:
     * 16 random bytes, destroyed by the store 48 hours after the day began.
     */
    CompletionStage<byte[]> salt(LocalDate day);

    /** Removes every count of {@code subject} (a deleted link's). */
    CompletionStage<Void> delete(String subject);

    @Override
    default void close() {}
}

package dev.shortcode.core.store;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * Every link ever created, kept for good: the source of cold reads for permanent pools and of
 * capacity figures. Written in batches, asynchronously; idempotent.
 *
 * <p>Implementations: HBase (many nodes), RocksDB (embedded). Thread-safe.
 */
public interface Archive extends AutoCloseable {

    /**
     * Applies the mutations durably, in order per code. Replaying a batch, in whole or in part,
     * changes nothing.
     */
    CompletionStage<Void> write(List<ArchiveMutation> batch);

    /** The newest version of the link, empty when unknown or removed. */
    CompletionStage<Optional<LinkRecord>> get(String code);

    /** Adds {@code count} to the codes issued by {@code pool} on {@code day} (UTC). */
    CompletionStage<Void> addIssued(String pool, LocalDate day, long count);

    /** Codes issued per day (UTC) by {@code pool} in {@code [from, to]}; days without issues are absent. */
    CompletionStage<Map<LocalDate, Long>> issuedPerDay(String pool, LocalDate from, LocalDate to);

    @Override
    default void close() {}
}

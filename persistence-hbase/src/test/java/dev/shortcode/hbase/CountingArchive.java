package dev.shortcode.hbase;

import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A real archive with counters around its writes: per code, how many writes containing a put of
 * it HBase acknowledged. An outbox that delivers each link once makes that exactly 1 per code,
 * while failed attempts during an outage are counted apart. The counts are updated before the
 * caller sees the write complete, so they are current when the archiver acknowledges the entries.
 *
 * <p>Why count here and not in HBase: replays are invisible there by design (a replayed put writes
 * the same cell with the same timestamp), so HBase cannot tell one delivery from two.
 */
final class CountingArchive implements Archive {

    private final Archive delegate;
    private final Map<String, AtomicInteger> acknowledgedPuts = new ConcurrentHashMap<>();
    private final AtomicLong acknowledgedWrites = new AtomicLong();
    private final AtomicLong failedWrites = new AtomicLong();

    CountingArchive(Archive delegate) {
        this.delegate = delegate;
    }

    @Override
    public CompletionStage<Void> write(List<ArchiveMutation> batch) {
        return delegate.write(batch).whenComplete((ok, failure) -> {
            if (failure != null) {
                failedWrites.incrementAndGet();
                return;
            }
            acknowledgedWrites.incrementAndGet();
            for (ArchiveMutation mutation : batch) {
                if (mutation instanceof ArchiveMutation.Put put) {
                    acknowledgedPuts.computeIfAbsent(put.code(), c -> new AtomicInteger()).incrementAndGet();
                }
            }
        });
    }

    /** Writes with a put of {@code code} that HBase acknowledged. */
    int acknowledgedPutsOf(String code) {
        AtomicInteger n = acknowledgedPuts.get(code);
        return n == null ? 0 : n.get();
    }

    /** Codes with at least one acknowledged put. */
    int acknowledgedCodes() {
        return acknowledgedPuts.size();
    }

    long acknowledgedWrites() {
        return acknowledgedWrites.get();
    }

    long failedWrites() {
        return failedWrites.get();
    }

    @Override
    public CompletionStage<Optional<LinkRecord>> get(String code) {
        return delegate.get(code);
    }

    @Override
    public CompletionStage<Void> addIssued(String pool, LocalDate day, long count) {
        return delegate.addIssued(pool, day, count);
    }

    @Override
    public CompletionStage<Map<LocalDate, Long>> issuedPerDay(String pool, LocalDate from, LocalDate to) {
        return delegate.issuedPerDay(pool, from, to);
    }

    @Override
    public void close() {
        delegate.close();
    }
}

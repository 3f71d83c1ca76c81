package dev.shortcode.core.read;

import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real archive with its reads counted, and reads that can be held back (released by the test)
 * or made to fail: what the single flight and the negative cache are judged by.
 */
final class InstrumentedArchive implements Archive {

    private final Archive real;
    final AtomicInteger reads = new AtomicInteger();
    final AtomicInteger writes = new AtomicInteger();
    private volatile CompletableFuture<Void> gate = CompletableFuture.completedFuture(null);
    private volatile RuntimeException failure;

    InstrumentedArchive(Archive real) {
        this.real = real;
    }

    /** Reads from now on wait until {@link #open} (the archive is slow). */
    void hold() {
        gate = new CompletableFuture<>();
    }

    void open() {
        gate.complete(null);
    }

    /** Reads from now on fail with {@code e}; null to answer again. */
    void failReadsWith(RuntimeException e) {
        failure = e;
    }

    @Override
    public CompletionStage<Optional<LinkRecord>> get(String code) {
        reads.incrementAndGet();
        RuntimeException fail = failure;
        return gate.thenCompose(v -> fail != null ? CompletableFuture.failedFuture(fail) : real.get(code));
    }

    @Override
    public CompletionStage<Void> write(List<ArchiveMutation> batch) {
        writes.incrementAndGet();
        return real.write(batch);
    }

    @Override
    public CompletionStage<Void> addIssued(String pool, LocalDate day, long count) {
        return real.addIssued(pool, day, count);
    }

    @Override
    public CompletionStage<Map<LocalDate, Long>> issuedPerDay(String pool, LocalDate from, LocalDate to) {
        return real.issuedPerDay(pool, from, to);
    }
}

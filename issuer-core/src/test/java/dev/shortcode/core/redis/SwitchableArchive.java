package dev.shortcode.core.redis;

import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Test double of the {@link Archive}: an in-memory map standing in for HBase (which has its own
 * module and tests), with a switch that makes writes fail or hang, and counters for what the
 * outbox and cold-read tests assert (puts per code, reads). Keeps what a real archive keeps: per
 * code the newest version by (creation time, version); a removal hides every older version.
 */
final class SwitchableArchive implements Archive {

    enum Mode {
        /** Writes are stored. */
        ACCEPT,
        /** Writes throw, as when HBase is down. */
        FAIL,
        /** Writes never complete, as when a node stalls mid-batch. */
        HANG
    }

    private volatile Mode mode = Mode.ACCEPT;
    private volatile Duration readDelay = Duration.ZERO;
    private final Map<String, Version> newest = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> putsPerCode = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> removesPerCode = new ConcurrentHashMap<>();
    private final Map<String, Long> issued = new ConcurrentHashMap<>();
    final AtomicLong reads = new AtomicLong();
    final AtomicLong failedWrites = new AtomicLong();
    final AtomicLong acceptedWrites = new AtomicLong();

    void switchTo(Mode next) {
        mode = next;
    }

    /** Every read takes this long: lets concurrent readers of one cold code overlap. */
    void delayReads(Duration delay) {
        readDelay = delay;
    }

    int putsOf(String code) {
        AtomicInteger n = putsPerCode.get(code);
        return n == null ? 0 : n.get();
    }

    int removesOf(String code) {
        AtomicInteger n = removesPerCode.get(code);
        return n == null ? 0 : n.get();
    }

    /** Codes with at least one put. */
    Map<String, AtomicInteger> putsPerCode() {
        return putsPerCode;
    }

    /** Stores directly, bypassing the outbox: what an earlier archiver run left behind. */
    void preload(ArchiveMutation mutation) {
        apply(mutation);
    }

    @Override
    public CompletionStage<Void> write(List<ArchiveMutation> batch) {
        switch (mode) {
            case FAIL -> {
                failedWrites.incrementAndGet();
                return CompletableFuture.failedFuture(new IllegalStateException("archive switched off"));
            }
            case HANG -> {
                return new CompletableFuture<>();
            }
            default -> {
                batch.forEach(this::apply);
                acceptedWrites.incrementAndGet();
                return CompletableFuture.completedFuture(null);
            }
        }
    }

    private void apply(ArchiveMutation mutation) {
        if (mutation instanceof ArchiveMutation.Put put) {
            putsPerCode.computeIfAbsent(put.code(), c -> new AtomicInteger()).incrementAndGet();
            LinkRecord link = put.link();
            newest.merge(link.code(), new Version(link.createdAtMillis(), link.version(), link), Version::newer);
        } else {
            ArchiveMutation.Remove remove = (ArchiveMutation.Remove) mutation;
            removesPerCode.computeIfAbsent(remove.code(), c -> new AtomicInteger()).incrementAndGet();
            newest.merge(remove.code(), new Version(remove.createdAtMillis(), remove.version(), null), Version::newer);
        }
    }

    @Override
    public CompletionStage<Optional<LinkRecord>> get(String code) {
        reads.incrementAndGet();
        Version v = newest.get(code);
        Optional<LinkRecord> found = v == null ? Optional.empty() : Optional.ofNullable(v.link);
        if (readDelay.isZero()) {
            return CompletableFuture.completedFuture(found);
        }
        return CompletableFuture.supplyAsync(() -> found,
                CompletableFuture.delayedExecutor(readDelay.toMillis(), TimeUnit.MILLISECONDS));
    }

    @Override
    public CompletionStage<Void> addIssued(String pool, LocalDate day, long count) {
        issued.merge(pool + "/" + day, count, Long::sum);
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletionStage<Map<LocalDate, Long>> issuedPerDay(String pool, LocalDate from, LocalDate to) {
        Map<LocalDate, Long> days = new TreeMap<>();
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) {
            Long n = issued.get(pool + "/" + d);
            if (n != null) {
                days.put(d, n);
            }
        }
        return CompletableFuture.completedFuture(days);
    }

    /** A stored version; {@code link} null for a removal. */
    private record Version(long createdAtMillis, long version, LinkRecord link) {
        static Version newer(Version a, Version b) {
            int byCreation = Long.compare(a.createdAtMillis, b.createdAtMillis);
            int cmp = byCreation != 0 ? byCreation : Long.compare(a.version, b.version);
            return cmp >= 0 ? a : b;
        }
    }
}

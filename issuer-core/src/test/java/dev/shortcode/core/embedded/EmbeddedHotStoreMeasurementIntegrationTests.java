package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.code.CodeCodec;
import dev.shortcode.core.code.CodeSpace;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.WriterStats;
import dev.shortcode.testing.time.MutableClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Throughput of the embedded hot store and its size on disk after compaction, printed (a shared,
 * noisy VM makes thresholds meaningless). Codes are real 7-character permuted codes, URLs look
 * like campaign links (~110 bytes, partly random).
 *
 * <p>Creates are measured with 1, 8 and 64 concurrent callers, before and after the group-commit
 * writer, in the same database and the same run, each phase for a fixed time:
 * <ul>
 *   <li>before: {@link SynchronousCreatePath} (the earlier code) blocks its caller for the sync, so
 *       N concurrent callers need N threads;
 *   <li>after: {@link EmbeddedHotStore#create} from one thread that keeps N creates in flight (a
 *       new one as soon as one completes), as an event loop would.
 * </ul>
 * Each round uses a fresh database; which variant goes first alternates. Then random gets in one
 * thread and the size after compaction, on the last round's database.
 *
 * <pre>mvn -B -o verify -pl issuer-core -am -Dit.test=EmbeddedHotStoreMeasurementIntegrationTests \
 *     -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dembedded.measure.seconds=10 -Dembedded.measure.rounds=2</pre>
 *
 * The default build runs one round of one second per phase.
 */
class EmbeddedHotStoreMeasurementIntegrationTests {

    private static final long PHASE_NANOS = (long) (Double.parseDouble(System.getProperty("embedded.measure.seconds", "1")) * 1e9);
    private static final int ROUNDS = Integer.getInteger("embedded.measure.rounds", 1);
    private static final int[] CALLERS = {1, 8, 64};
    private static final long TTL_SECONDS = 30L * 86_400;

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z")); // fixed: reads never extend
    private final CodeCodec codec = new CodeCodec(CodeSpace.ofLength(7), 0, "measurement-secret-0123456789".getBytes(StandardCharsets.UTF_8));
    private final AtomicLong nextId = new AtomicLong();

    private LinkRecord nextLink() {
        long id = nextId.getAndIncrement();
        ThreadLocalRandom random = ThreadLocalRandom.current();
        String url = "https://shop.example.com/campaigns/2026/spring/item-" + random.nextInt(1_000_000)
                + "?utm_source=sms&utm_medium=push&uid=" + Long.toString(random.nextLong() & Long.MAX_VALUE, 36);
        return new LinkRecord(codec.encode(id), url, "long", TTL_SECONDS, true, clock.millis(), "key-" + (id % 16), 1);
    }

    @Test
    void createsBeforeAndAfterGroupCommit_getsAndBytesPerLink_printed() throws Exception {
        List<String> rows = new ArrayList<>();
        double[][] before = new double[CALLERS.length][ROUNDS];
        double[][] after = new double[CALLERS.length][ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            // A fresh database per round: later rounds do not pay for the compactions of earlier ones.
            try (EmbeddedDatabase storage = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir.resolve("round-" + round)))) {
                EmbeddedHotStore store = new EmbeddedHotStore(storage, clock);
                SynchronousCreatePath synchronous = new SynchronousCreatePath(storage, clock);
                long firstId = nextId.get();
                for (int c = 0; c < CALLERS.length; c++) {
                    int callers = CALLERS[c];
                    boolean beforeFirst = (round + c) % 2 == 0;
                    double perSync = 0;
                    for (int step = 0; step < 2; step++) {
                        if (beforeFirst == (step == 0)) {
                            before[c][round] = blockingThreads(synchronous, callers);
                        } else {
                            WriterStats start = storage.writer().stats();
                            after[c][round] = inFlightFromOneThread(store, callers);
                            WriterStats end = storage.writer().stats();
                            perSync = (double) (end.operations() - start.operations()) / Math.max(1, end.syncs() - start.syncs());
                        }
                    }
                    rows.add(String.format(Locale.ROOT, "| %d | %d | %,.0f | %,.0f | %.1fx | %.1f |", round + 1, callers,
                            before[c][round], after[c][round], after[c][round] / before[c][round], perSync));
                }
                if (round == ROUNDS - 1) {
                    readsAndSize(storage, store, firstId, nextId.get());
                }
            }
        }

        System.out.printf(Locale.ROOT, "[embedded] creates/s, %.1f s per phase, WAL synced (before: N blocking threads; after: N in flight from one thread)%n",
                PHASE_NANOS / 1e9);
        System.out.println("[embedded] | round | callers | before | after | after/before | after: creates per sync |");
        rows.forEach(r -> System.out.println("[embedded] " + r));
        for (int c = 0; c < CALLERS.length; c++) {
            double b = median(before[c]);
            double a = median(after[c]);
            System.out.printf(Locale.ROOT, "[embedded] median of %d rounds, %d callers: before %,.0f /s, after %,.0f /s (%.1fx)%n",
                    ROUNDS, CALLERS[c], b, a, a / b);
        }
        System.out.println();
    }

    private void readsAndSize(EmbeddedDatabase storage, EmbeddedHotStore store, long firstId, long endId) {
        long linkCount = endId - firstId;
        SplittableRandom random = new SplittableRandom(7);
        int reads = (int) Math.min(200_000, 2 * linkCount);
        int found = 0;
        long began = System.nanoTime();
        for (int i = 0; i < reads; i++) {
            if (store.get(codec.encode(firstId + random.nextLong(linkCount))).toCompletableFuture().join().isPresent()) {
                found++;
            }
        }
        double getSeconds = (System.nanoTime() - began) / 1e9;
        assertThat(found).isEqualTo(reads);

        storage.compactAll();
        long linkBytes = storage.sstBytes(EmbeddedDatabase.LINKS);
        long archiveBytes = storage.sstBytes(EmbeddedDatabase.ARCHIVE);
        System.out.printf(Locale.ROOT, "%n[embedded] gets, 1 thread: %,.0f /s (%.1f us each, random order over %,d links, no extension)%n",
                reads / getSeconds, getSeconds * 1e6 / reads, linkCount);
        System.out.printf(Locale.ROOT, "[embedded] after full compaction: links %.1f B/link, archive %.1f B/link, total %.1f B/link%n",
                (double) linkBytes / linkCount, (double) archiveBytes / linkCount, (double) (linkBytes + archiveBytes) / linkCount);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** Creates per second by {@code callers} threads, each blocking in the synchronous path. */
    private double blockingThreads(SynchronousCreatePath path, int callers) throws InterruptedException {
        AtomicInteger created = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long deadline = System.nanoTime() + PHASE_NANOS;
        long began = System.nanoTime();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < callers; t++) {
            Thread thread = new Thread(() -> {
                try {
                    while (System.nanoTime() < deadline) {
                        if (path.create(nextLink())) {
                            created.incrementAndGet();
                        }
                    }
                } catch (RuntimeException e) {
                    failure.set(e);
                }
            });
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
        double seconds = (System.nanoTime() - began) / 1e9;
        assertThat(failure.get()).isNull();
        assertThat(created.get()).isPositive();
        return created.get() / seconds;
    }

    /** Creates per second with {@code callers} creates kept in flight from this one thread. */
    private double inFlightFromOneThread(EmbeddedHotStore store, int callers) throws InterruptedException {
        Semaphore inFlight = new Semaphore(callers);
        AtomicInteger created = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        long deadline = System.nanoTime() + PHASE_NANOS;
        long began = System.nanoTime();
        while (System.nanoTime() < deadline) {
            inFlight.acquire();
            store.create(nextLink()).whenComplete((ok, e) -> {
                if (e == null && ok) {
                    created.incrementAndGet();
                } else {
                    refused.incrementAndGet();
                }
                inFlight.release();
            });
        }
        inFlight.acquire(callers); // the last ones complete
        double seconds = (System.nanoTime() - began) / 1e9;
        inFlight.release(callers);
        assertThat(refused.get()).isZero();
        assertThat(created.get()).isPositive();
        return created.get() / seconds;
    }
}

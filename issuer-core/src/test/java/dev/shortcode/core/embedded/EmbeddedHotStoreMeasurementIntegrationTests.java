package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.code.CodeCodec;
import dev.shortcode.core.code.CodeSpace;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.testing.time.MutableClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Throughput of the embedded hot store (creates and gets in one thread, creates in 8 threads) and
 * its size on disk after compaction, printed (a shared, noisy VM makes thresholds meaningless). Codes are real 7-character permuted codes, URLs look
 * like campaign links (~110 bytes, partly random).
 *
 * <pre>mvn -B -o verify -pl issuer-core -am -Dit.test=EmbeddedHotStoreMeasurementIntegrationTests \
 *     -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dembedded.measure.links=200000</pre>
 *
 * The default build measures 5,000 links per phase: every create waits for a WAL sync.
 */
class EmbeddedHotStoreMeasurementIntegrationTests {

    private static final int LINKS = Integer.getInteger("embedded.measure.links", 5_000);
    private static final long TTL_SECONDS = 30L * 86_400;
    /** Writers of the second phase: concurrent creates share WAL syncs (group commit). */
    private static final int WRITERS = 8;

    @TempDir
    Path dir;

    @Test
    void createsGetsAndBytesPerLink_printed() {
        MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z")); // fixed: reads never extend
        CodeCodec codec = new CodeCodec(CodeSpace.ofLength(7), 0, "measurement-secret-0123456789".getBytes(StandardCharsets.UTF_8));
        SplittableRandom random = new SplittableRandom(7);
        List<LinkRecord> links = new ArrayList<>(LINKS);
        long urlBytes = 0;
        for (int i = 0; i < 2 * LINKS; i++) { // the first half for one thread, the second for the concurrent phase
            String code = codec.encode(i);
            String url = "https://shop.example.com/campaigns/2026/spring/item-" + random.nextInt(1_000_000)
                    + "?utm_source=sms&utm_medium=push&uid=" + Long.toString(random.nextLong() & Long.MAX_VALUE, 36);
            urlBytes += url.length();
            links.add(new LinkRecord(code, url, "long", TTL_SECONDS, true, clock.millis(), "key-" + (i % 16), 1));
        }

        try (EmbeddedStorage storage = EmbeddedStorage.open(EmbeddedOptions.defaults(dir))) {
            EmbeddedHotStore store = new EmbeddedHotStore(storage, clock);

            long began = System.nanoTime();
            for (LinkRecord link : links.subList(0, LINKS)) {
                assertThat(store.create(link).toCompletableFuture().join()).isTrue();
            }
            double createSeconds = (System.nanoTime() - began) / 1e9;

            int found = 0;
            began = System.nanoTime();
            for (int pass = 0; pass < 2; pass++) {
                for (int i = 0; i < LINKS; i++) {
                    LinkRecord link = links.get(random.nextInt(LINKS));
                    if (store.get(link.code()).toCompletableFuture().join().isPresent()) {
                        found++;
                    }
                }
            }
            double getSeconds = (System.nanoTime() - began) / 1e9;
            assertThat(found).isEqualTo(2 * LINKS);
            assertThat(store.stats().extensionWrites()).isZero();

            began = System.nanoTime();
            List<Thread> writers = new ArrayList<>();
            AtomicInteger created = new AtomicInteger();
            for (int w = 0; w < WRITERS; w++) {
                int first = LINKS + w;
                Thread t = new Thread(() -> {
                    for (int i = first; i < 2 * LINKS; i += WRITERS) {
                        if (store.create(links.get(i)).toCompletableFuture().join()) {
                            created.incrementAndGet();
                        }
                    }
                });
                t.start();
                writers.add(t);
            }
            for (Thread t : writers) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError(e);
                }
            }
            double concurrentSeconds = (System.nanoTime() - began) / 1e9;
            assertThat(created.get()).isEqualTo(LINKS);

            storage.compactAll();
            long linkBytes = storage.sstBytes(EmbeddedStorage.LINKS);
            long archiveBytes = storage.sstBytes(EmbeddedStorage.ARCHIVE);
            assertThat(store.get(links.get(LINKS / 2).code()).toCompletableFuture().join()).contains(links.get(LINKS / 2));

            System.out.printf(Locale.ROOT, "%n[embedded] %,d links per phase, average URL %d bytes%n", LINKS, urlBytes / (2 * LINKS));
            System.out.printf(Locale.ROOT, "[embedded] creates, 1 thread: %,.0f /s (%.0f us each, WAL synced)%n",
                    LINKS / createSeconds, createSeconds * 1e6 / LINKS);
            System.out.printf(Locale.ROOT, "[embedded] creates, %d threads: %,.0f /s (group commit)%n",
                    WRITERS, LINKS / concurrentSeconds);
            System.out.printf(Locale.ROOT, "[embedded] gets, 1 thread: %,.0f /s (%.1f us each, random order, no extension)%n",
                    2 * LINKS / getSeconds, getSeconds * 1e6 / (2 * LINKS));
            System.out.printf(Locale.ROOT, "[embedded] after full compaction: links %.1f B/link, archive %.1f B/link, total %.1f B/link%n%n",
                    (double) linkBytes / (2 * LINKS), (double) archiveBytes / (2 * LINKS), (double) (linkBytes + archiveBytes) / (2 * LINKS));
        }
    }
}

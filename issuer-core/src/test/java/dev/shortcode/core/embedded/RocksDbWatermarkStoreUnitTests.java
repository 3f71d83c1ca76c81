package dev.shortcode.core.embedded;

import dev.shortcode.core.store.StorageUnavailableException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.lease.Block;
import dev.shortcode.core.lease.EmbeddedBlockSource;
import dev.shortcode.core.lease.LeaseException;
import dev.shortcode.core.lease.Watermark;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RocksDbWatermarkStoreUnitTests {

    private static final PoolOptions POOL = PoolOptions.builder("p").length(3).idleTtl(Duration.ofDays(1)).blockSizes(10, 100, 1000).build();

    @TempDir
    Path dir;

    private EmbeddedDatabase storage;
    private RocksDbWatermarkStore store;

    @BeforeEach
    void open() {
        storage = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir));
        store = new RocksDbWatermarkStore(storage);
    }

    @AfterEach
    void close() {
        storage.close();
    }

    private void reopen() {
        storage.close();
        open();
    }

    @Test
    void advance_keepsTheMaximumPerPoolAndSurvivesReopen() {
        assertThat(store.read(5)).isEmpty();
        store.advance(5, new Watermark(0, 500));
        store.advance(5, new Watermark(0, 300)); // a slower caller recording late
        store.advance(6, new Watermark(0, 7));
        assertThat(store.read(5)).contains(new Watermark(0, 500));

        store.advance(5, new Watermark(1, 10)); // a new epoch beats any id of the old one
        reopen();

        assertThat(store.read(5)).contains(new Watermark(1, 10));
        assertThat(store.read(6)).contains(new Watermark(0, 7));
        assertThat(store.read(7)).isEmpty();
    }

    @Test
    void advance_concurrentCallers_neverLowerTheMarkAndEndAtTheMaximum() throws Exception {
        AtomicBoolean running = new AtomicBoolean(true);
        ConcurrentLinkedQueue<String> regressions = new ConcurrentLinkedQueue<>();
        Thread reader = started(() -> {
            Watermark last = Watermark.ZERO;
            while (running.get()) {
                Watermark now = store.read(5).orElse(Watermark.ZERO);
                if (now.compareTo(last) < 0) {
                    regressions.add(last + " -> " + now);
                }
                last = now;
            }
        });
        List<Thread> writers = new ArrayList<>();
        ConcurrentLinkedQueue<Watermark> written = new ConcurrentLinkedQueue<>();
        for (int t = 0; t < 4; t++) {
            writers.add(started(() -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                for (int i = 0; i < 200; i++) {
                    Watermark mark = new Watermark(random.nextInt(3), random.nextLong(1_000_000));
                    store.advance(5, mark);
                    written.add(mark);
                }
            }));
        }
        for (Thread w : writers) {
            w.join();
        }
        running.set(false);
        reader.join();

        Watermark max = written.stream().reduce(Watermark.ZERO, Watermark::max);
        assertThat(regressions).isEmpty();
        assertThat(store.read(5)).contains(max);
        reopen(); // what is on disk, not only in the cache
        assertThat(store.read(5)).contains(max);
    }

    @Test
    void embeddedBlockSource_overThisStore_resumesAboveEverythingLeasedAfterReopen() {
        EmbeddedBlockSource source = new EmbeddedBlockSource(store);
        assertThat(source.lease(POOL, 100)).isEqualTo(new Block(0, 0, 100));
        assertThat(source.lease(POOL, 50)).isEqualTo(new Block(0, 100, 150));

        reopen();

        assertThat(new EmbeddedBlockSource(store).lease(POOL, 10)).isEqualTo(new Block(0, 150, 160));
    }

    @Test
    void advance_onAClosedStorage_failsAsTheSpiSaysAndTheLeaseHandsOutNothing() {
        EmbeddedBlockSource source = new EmbeddedBlockSource(store);
        assertThat(source.lease(POOL, 10)).isEqualTo(new Block(0, 0, 10));
        storage.close();

        assertThatThrownBy(() -> store.advance(5, new Watermark(0, 1))).isInstanceOf(StorageUnavailableException.class);
        assertThatThrownBy(() -> source.lease(POOL, 10)).isInstanceOf(LeaseException.class);
    }

    private static Thread started(Runnable task) {
        Thread t = new Thread(task);
        t.start();
        return t;
    }
}

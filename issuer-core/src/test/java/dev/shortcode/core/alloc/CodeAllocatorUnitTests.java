package dev.shortcode.core.alloc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.shortcode.core.config.LeaseOptions;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.lease.Block;
import dev.shortcode.core.lease.BlockSource;
import dev.shortcode.core.lease.EmbeddedBlockSource;
import dev.shortcode.core.lease.FileWatermarkStore;
import dev.shortcode.core.lease.LeaseException;
import dev.shortcode.core.lease.Reservation;
import dev.shortcode.core.lease.ReservedIds;
import dev.shortcode.core.metrics.IssuerMetrics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CodeAllocatorUnitTests {

    private static final byte[] SECRET = "allocator unit test secret".getBytes(StandardCharsets.UTF_8);
    private static final LeaseOptions OPTIONS = LeaseOptions.DEFAULTS;

    @TempDir
    Path dir;

    private ExecutorService leaseExecutor;
    private EmbeddedBlockSource embedded;

    @BeforeEach
    void setUp() {
        leaseExecutor = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-lease"));
        embedded = new EmbeddedBlockSource(new FileWatermarkStore(dir));
    }

    @AfterEach
    void tearDown() throws InterruptedException {
        leaseExecutor.shutdownNow();
        assertThat(leaseExecutor.awaitTermination(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void next_crossingThePrefetchPoint_leasesTheNextBlockInTheBackgroundWithoutStalling() throws Exception {
        PoolOptions pool = pool(1_000, 1_000, 1_000);
        GatedSource gated = new GatedSource(embedded);
        CodeAllocator allocator = allocator(pool, gated, Ticker.SYSTEM);
        allocator.warmUp();
        gated.permits.release();
        await().atMost(Duration.ofSeconds(5)).until(() -> gated.completed.get() == 1);

        for (int i = 0; i < 800; i++) {
            allocator.next(); // up to the prefetch point: 20% of 1,000 left
        }
        assertThat(gated.calls).hasValue(1);
        allocator.next();
        await().atMost(Duration.ofSeconds(5)).until(() -> gated.calls.get() == 2);
        assertThat(gated.threads).allMatch("test-lease"::equals);

        // The second lease is held back: the caller still has the rest of the block.
        for (int i = 0; i < 199; i++) {
            allocator.next();
        }
        gated.permits.release();
        await().atMost(Duration.ofSeconds(5)).until(() -> gated.completed.get() == 2);
        IssuedCode crossing = allocator.next();
        assertThat(crossing.id()).isEqualTo(1_000);
        assertThat(allocator.stats().stalls()).isZero();
        assertThat(allocator.stats().codesIssued()).isEqualTo(1_001);
    }

    @Test
    void tryNext_whileTheLeaseIsPending_returnsNullInsteadOfWaiting() throws Exception {
        PoolOptions pool = pool(100, 100, 100);
        GatedSource gated = new GatedSource(embedded);
        CodeAllocator allocator = allocator(pool, gated, Ticker.SYSTEM);
        assertThat(allocator.tryNext()).isNull(); // starts the first lease, which waits for a permit
        await().atMost(Duration.ofSeconds(5)).until(() -> gated.calls.get() == 1);
        assertThat(allocator.tryNext()).isNull();
        gated.permits.release();
        await().atMost(Duration.ofSeconds(5)).until(() -> gated.completed.get() == 1);
        assertThat(allocator.tryNext().id()).isZero();
        assertThat(gated.calls).as("a pending lease is not requested twice").hasValue(1);
    }

    @Test
    void next_fastConsumption_doublesTheBlockSizeUpToTheMaximum() {
        PoolOptions pool = pool(100, 100, 1_600);
        RecordingSource recording = new RecordingSource(embedded);
        AtomicLong now = new AtomicLong();
        CodeAllocator allocator = allocator(pool, recording, now::get); // time stands still: every block is "fast"
        for (int i = 0; i < 10_000; i++) {
            allocator.next();
        }
        assertThat(recording.sizes).startsWith(100L, 200L, 400L, 800L, 1_600L, 1_600L);
    }

    @Test
    void next_slowConsumption_halvesTheBlockSizeDownToTheMinimum() {
        PoolOptions pool = pool(100, 1_600, 1_600);
        RecordingSource recording = new RecordingSource(embedded);
        AtomicLong now = new AtomicLong();
        CodeAllocator allocator = allocator(pool, recording, now::get);
        for (int i = 0; i < 4_000; i++) {
            now.addAndGet(TimeUnit.SECONDS.toNanos(1)); // a code per second: every block is "slow"
            allocator.next();
        }
        assertThat(recording.sizes).startsWith(1_600L, 800L, 400L, 200L, 100L, 100L);
    }

    @Test
    void next_whenTheSourceFails_throwsThenRecoversOnTheNextCall() {
        PoolOptions pool = pool(10, 10, 10);
        AtomicBoolean broken = new AtomicBoolean(true);
        BlockSource flaky = (p, size) -> {
            if (broken.get()) {
                throw new LeaseException("redis is down (test)");
            }
            return embedded.lease(p, size);
        };
        CodeAllocator allocator = allocator(pool, flaky, Ticker.SYSTEM);
        assertThatThrownBy(allocator::next).isInstanceOf(IssueException.class).hasMessageContaining("redis is down");
        broken.set(false);
        assertThat(allocator.next().id()).isZero();
        assertThat(allocator.stats().leaseFailures()).isEqualTo(1);
    }

    @Test
    void next_manyThreadsWithSmallBlocks_neverRepeatACode() throws Exception {
        PoolOptions pool = pool(500, 500, 2_000);
        CodeAllocator allocator = allocator(pool, embedded, Ticker.SYSTEM);
        int threads = 8;
        int perThread = 50_000;
        ExecutorService callers = Executors.newFixedThreadPool(threads);
        try {
            List<Future<long[]>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                results.add(callers.submit(() -> {
                    long[] ids = new long[perThread];
                    for (int i = 0; i < perThread; i++) {
                        ids[i] = dev.shortcode.core.code.Base62.decode(allocator.next().code());
                    }
                    return ids;
                }));
            }
            long[] all = new long[threads * perThread];
            int at = 0;
            for (Future<long[]> f : results) {
                long[] ids = f.get(60, TimeUnit.SECONDS);
                System.arraycopy(ids, 0, all, at, ids.length);
                at += ids.length;
            }
            Arrays.sort(all);
            for (int i = 1; i < all.length; i++) {
                assertThat(all[i]).as("duplicate code value").isNotEqualTo(all[i - 1]);
            }
            assertThat(allocator.stats().codesIssued()).isEqualTo((long) threads * perThread);
        } finally {
            callers.shutdownNow();
        }
    }

    @Test
    void close_reportsTheBufferedIdsAsWasted() {
        PoolOptions pool = pool(100, 100, 100);
        AtomicLong wasted = new AtomicLong();
        IssuerMetrics metrics = new IssuerMetrics() {
            @Override
            public void idsWasted(String name, long count) {
                wasted.addAndGet(count);
            }
        };
        CodeAllocator allocator = new CodeAllocator(pool, embedded, leaseExecutor, SECRET, OPTIONS, Ticker.SYSTEM, metrics);
        for (int i = 0; i < 30; i++) {
            allocator.next();
        }
        allocator.close();
        assertThat(wasted).hasValue(70);
        assertThatThrownBy(() -> {
            for (int i = 0; i < 1_000; i++) {
                allocator.next();
            }
        }).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
    }

    /**
     * A tiny pool drained through a wrap and a restart: codes reserved before their blocks were
     * leased, and codes reserved after (their ids already in this node's current block), are
     * never issued, in either epoch.
     */
    @Test
    void next_reservedCodesAheadAndBehindTheCounter_areNeverIssued_acrossARestartAndAWrap() {
        PoolOptions pool = PoolOptions.builder("three").length(3).idleTtl(Duration.ofDays(1)).blockSizes(1_000, 1_000, 1_000).build();
        FileWatermarkStore store = new FileWatermarkStore(dir.resolve("reserving"));
        CodeAllocator first = allocator(pool, new EmbeddedBlockSource(store, new ReservedIds(SECRET)), Ticker.SYSTEM);
        java.util.Random random = new java.util.Random(7);
        java.util.Set<String> reserved = new java.util.HashSet<>();
        for (int i = 0; i < 20; i++) {
            String code = dev.shortcode.core.code.Base62.encode(random.nextLong(pool.capacity()), 3);
            assertThat(first.reserve(code)).isEqualTo(Reservation.AHEAD);
            reserved.add(code);
        }
        java.util.Set<String> issued = new java.util.HashSet<>();
        IssuedCode last = first.next();
        issued.add(last.code());
        // Behind the counter: ids of the current block not handed out yet (the block is [0, 1000)).
        dev.shortcode.core.code.CodeCodec epoch0 = new dev.shortcode.core.code.CodeCodec(pool.space(), 0, SECRET);
        for (long id = 500; id < 510; id++) {
            String code = epoch0.encode(id);
            assertThat(first.reserve(code)).as("id %d", id).isEqualTo(Reservation.LATE);
            reserved.add(code);
        }
        for (int i = 0; i < 100_000; i++) {
            assertThat(issued.add(first.next().code())).isTrue();
        }
        first.close();
        CodeAllocator restarted = allocator(pool, new EmbeddedBlockSource(new FileWatermarkStore(dir.resolve("reserving")),
                new ReservedIds(SECRET)), Ticker.SYSTEM);
        java.util.Set<String> issuedLater = new java.util.HashSet<>();
        for (IssuedCode code = restarted.next(); code.epoch() < 2; code = restarted.next()) {
            java.util.Set<String> epoch = code.epoch() == 0 ? issued : issuedLater;
            assertThat(epoch.add(code.code())).as("repeat %s in epoch %d", code.code(), code.epoch()).isTrue();
        }
        assertThat(issued).as("epoch 0").doesNotContainAnyElementsOf(reserved);
        assertThat(issuedLater).as("epoch 1").doesNotContainAnyElementsOf(reserved);
        assertThat((long) issuedLater.size()).as("epoch 1: every code but the reserved ones").isEqualTo(pool.capacity() - reserved.size());
        assertThat((long) issued.size()).as("epoch 0: every code but the reserved ones and what the first run left unused")
                .isBetween(pool.capacity() - reserved.size() - 2_000, pool.capacity() - reserved.size());
    }

    private CodeAllocator allocator(PoolOptions pool, BlockSource source, Ticker ticker) {
        return new CodeAllocator(pool, source, leaseExecutor, SECRET, OPTIONS, ticker, IssuerMetrics.NOOP);
    }

    private static PoolOptions pool(long min, long initial, long max) {
        return PoolOptions.builder("unit").length(6).idleTtl(Duration.ofDays(1)).blockSizes(min, initial, max).build();
    }

    /** A real source whose leases wait for a permit each, so a test decides when a lease completes. */
    private static final class GatedSource implements BlockSource {
        final BlockSource delegate;
        final Semaphore permits = new Semaphore(0);
        final AtomicLong calls = new AtomicLong();
        final AtomicLong completed = new AtomicLong();
        final List<String> threads = new CopyOnWriteArrayList<>();

        GatedSource(BlockSource delegate) {
            this.delegate = delegate;
        }

        @Override
        public Block lease(PoolOptions pool, long size) {
            calls.incrementAndGet();
            threads.add(Thread.currentThread().getName());
            try {
                permits.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LeaseException("interrupted");
            }
            Block block = delegate.lease(pool, size);
            completed.incrementAndGet();
            return block;
        }
    }

    /** A real source that records the size of every lease. */
    private static final class RecordingSource implements BlockSource {
        final BlockSource delegate;
        final List<Long> sizes = new CopyOnWriteArrayList<>();

        RecordingSource(BlockSource delegate) {
            this.delegate = delegate;
        }

        @Override
        public Block lease(PoolOptions pool, long size) {
            sizes.add(size);
            return delegate.lease(pool, size);
        }
    }
}

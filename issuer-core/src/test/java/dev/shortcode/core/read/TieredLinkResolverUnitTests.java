package dev.shortcode.core.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.Storage;
import dev.shortcode.core.code.CodeCodec;
import dev.shortcode.core.config.IssuerOptions;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.embedded.EmbeddedOptions;
import dev.shortcode.core.embedded.EmbeddedStorage;
import dev.shortcode.core.lease.FileWatermarkStore;
import dev.shortcode.core.lease.Watermark;
import dev.shortcode.core.lease.WatermarkStore;
import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.StorageUnavailableException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read path's cold reads over a real embedded store: one archive read per cold code however
 * many readers, failures forgotten, misses remembered for the negative TTL and no longer, found
 * links never answered from the cache again, restores that write nothing durable.
 */
class TieredLinkResolverUnitTests {

    private static final String SECRET = "resolver unit test secret";
    private static final long ISSUED = 1_000;

    @TempDir
    Path dir;

    private final AtomicLong now = new AtomicLong();
    private IssuerOptions config;
    private PoolOptions longPool;
    private Storage storage;
    private InstrumentedArchive archive;
    private LinkResolver resolver;
    private UnreadableWatermarks watermarks;

    @BeforeEach
    void open() {
        config = IssuerOptions.builder().secret(SECRET)
                .pool(PoolOptions.builder("long").length(7).idleTtl(Duration.ofDays(30)).permanent(true))
                .build();
        longPool = config.pool("long").orElseThrow();
        storage = EmbeddedStorage.open(EmbeddedOptions.defaults(dir.resolve("db")), config, ColdReadOptions.DEFAULTS);
        archive = new InstrumentedArchive(storage.archive());
        watermarks = new UnreadableWatermarks(new FileWatermarkStore(dir.resolve("marks")));
        watermarks.advance(7, new Watermark(0, ISSUED));
        resolver = LinkResolver.over(storage.hotStore(), archive, config, watermarks, Runnable::run, ColdReadOptions.DEFAULTS, now::get,
                Clock.systemUTC());
    }

    @AfterEach
    void close() {
        storage.close();
    }

    private String issued(long id) {
        return new CodeCodec(longPool.space(), 0, SECRET.getBytes(StandardCharsets.UTF_8)).encode(id);
    }

    /** A permanent link only the archive holds, as after its hot TTL ran out. */
    private LinkRecord archivedOnly(long id) {
        LinkRecord link = new LinkRecord(issued(id), "https://example.com/" + id, "long", 3_600, true,
                System.currentTimeMillis() - 86_400_000L, "key1", 1);
        storage.archive().write(List.of(new ArchiveMutation.Put(link))).toCompletableFuture().join();
        return link;
    }

    private Optional<LinkRecord> resolve(String code) {
        return resolver.resolve(code).toCompletableFuture().join();
    }

    @Test
    void resolve_manyReadersOfOneColdCode_shareOneArchiveRead() {
        LinkRecord link = archivedOnly(7);
        archive.hold();
        List<CompletableFuture<Optional<LinkRecord>>> readers = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            readers.add(resolver.resolve(link.code()).toCompletableFuture());
        }
        assertThat(readers).noneMatch(CompletableFuture::isDone);
        archive.open();

        assertThat(readers).allSatisfy(r -> assertThat(r.join()).hasValueSatisfying(found -> assertThat(found.url()).isEqualTo(link.url())));
        assertThat(archive.reads.get()).isEqualTo(1);
        assertThat(resolve(link.code())).as("from the hot store now").isPresent();
        assertThat(archive.reads.get()).isEqualTo(1);
    }

    @Test
    void resolve_restoredLink_getsThePoolsHotTtl_andIsWrittenWithoutSyncOrArchiveWrite() {
        LinkRecord link = archivedOnly(8);
        long syncsBefore = storage.writerStats().orElseThrow().get().syncs();

        Optional<LinkRecord> found = resolve(link.code());

        assertThat(found).hasValueSatisfying(r -> assertThat(r.ttlSeconds()).isEqualTo(Duration.ofDays(30).toSeconds()));
        assertThat(storage.hotStore().peek(link.code()).toCompletableFuture().join()).isEqualTo(found);
        assertThat(archive.writes.get()).as("the archive has it already").isZero();
        assertThat(storage.writerStats().orElseThrow().get().syncs()).as("no fsync for a cache fill").isEqualTo(syncsBefore);
    }

    @Test
    void resolve_failedArchiveRead_failsEveryReaderAndIsForgotten() {
        LinkRecord link = archivedOnly(9);
        archive.failReadsWith(new StorageUnavailableException("test", "archive down"));
        archive.hold();
        CompletableFuture<Optional<LinkRecord>> first = resolver.resolve(link.code()).toCompletableFuture();
        CompletableFuture<Optional<LinkRecord>> second = resolver.resolve(link.code()).toCompletableFuture();
        archive.open();
        for (CompletableFuture<Optional<LinkRecord>> reader : List.of(first, second)) {
            assertThatThrownBy(reader::join).isInstanceOf(CompletionException.class).hasCauseInstanceOf(StorageUnavailableException.class);
        }
        assertThat(archive.reads.get()).isEqualTo(1);

        archive.failReadsWith(null);
        assertThat(resolve(link.code())).as("the next read asks again").isPresent();
        assertThat(archive.reads.get()).isEqualTo(2);
    }

    @Test
    void resolve_codeTheArchiveDoesNotKnow_isRememberedForTheNegativeTtlOnly() {
        String unknown = issued(10);
        for (int i = 0; i < 5; i++) {
            assertThat(resolve(unknown)).isEmpty();
        }
        assertThat(archive.reads.get()).isEqualTo(1);

        now.addAndGet(ColdReadOptions.DEFAULTS.negativeCacheTtl().toNanos() + 1);
        assertThat(resolve(unknown)).isEmpty();
        assertThat(archive.reads.get()).as("asked again once the entry expired").isEqualTo(2);
    }

    @Test
    void resolve_foundThenDeleted_isAbsentAtOnce() {
        LinkRecord link = archivedOnly(11);
        assertThat(resolve(link.code())).isPresent();
        assertThat(storage.hotStore().delete(link.code()).toCompletableFuture().join()).isTrue();
        assertThat(resolve(link.code())).as("no cached copy of the found link answers").isEmpty();
    }

    @Test
    void loadForEdit_coldLink_isRestoredSoAnUpdateCanCompareAgainstIt() {
        LinkRecord link = archivedOnly(12);
        Optional<LinkRecord> editable = resolver.loadForEdit(link.code()).toCompletableFuture().join();
        assertThat(editable).isPresent();
        assertThat(storage.hotStore().update(editable.get().updated("https://example.com/new", editable.get().ttlSeconds(), true))
                .toCompletableFuture().join()).isEqualTo(dev.shortcode.core.store.UpdateResult.UPDATED);
        assertThat(resolve(link.code())).hasValueSatisfying(r -> assertThat(r.url()).isEqualTo("https://example.com/new"));
    }

    @Test
    void resolve_malformedOrNeverIssued_costsNoRead() {
        String beyondSlack = issued(ISSUED + ColdReadOptions.DEFAULTS.slackIds(longPool, config.lease()) + 5);
        for (String code : List.of("", "ab", "abc/def", "x".repeat(65), beyondSlack)) {
            assertThat(resolve(code)).as(code).isEmpty();
        }
        assertThat(archive.reads.get()).isZero();
    }

    /**
     * The node's cached mark grew old and cannot be read again (the watermark table is slow or
     * down), while other nodes issued far past it and the archive took their links. The old mark
     * must not decide that those codes were never issued, or issued moments ago and so only in the
     * hot store: the archive answers.
     */
    @Test
    void resolve_aboveAStaleMarkThatCannotBeReadAgain_isFoundInTheArchive() {
        long slack = ColdReadOptions.DEFAULTS.slackIds(longPool, config.lease());
        LinkRecord withinSlack = archivedOnly(ISSUED + 5);
        LinkRecord beyondSlack = archivedOnly(ISSUED + slack + 5);
        watermarks.unreadable = true;
        now.addAndGet(ColdReadOptions.DEFAULTS.watermarkMaxAge().multipliedBy(10).toNanos());

        for (LinkRecord link : List.of(withinSlack, beyondSlack)) {
            assertThat(resolve(link.code())).as("id %s", link.code())
                    .hasValueSatisfying(found -> assertThat(found.url()).isEqualTo(link.url()));
        }
        assertThat(watermarks.failedReads.get()).as("each read tried a fresh mark first").isPositive();
    }

    /** A watermark store whose reads can be made to fail, as the HBase table's do while it is down. */
    private static final class UnreadableWatermarks implements WatermarkStore {
        private final WatermarkStore store;
        final AtomicLong failedReads = new AtomicLong();
        volatile boolean unreadable;

        UnreadableWatermarks(WatermarkStore store) {
            this.store = store;
        }

        @Override
        public Optional<Watermark> read(int codeLength) {
            if (unreadable) {
                failedReads.incrementAndGet();
                throw new StorageUnavailableException("watermarks", "unreadable in this test");
            }
            return store.read(codeLength);
        }

        @Override
        public void advance(int codeLength, Watermark mark) {
            store.advance(codeLength, mark);
        }
    }
}

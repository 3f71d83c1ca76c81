package dev.shortcode.core.embedded;

import dev.shortcode.core.store.WriterStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.InfoLogLevel;
import org.rocksdb.LRUCache;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteOptions;

/**
 * The single-node store: one RocksDB under {@code <dataDir>/rocksdb} holding everything the
 * embedded mode keeps, each concern in its own column family.
 *
 * <ul>
 *   <li>{@code links}: the hot store, code to expiry + record ({@link HotEntry}), keyed in issue
 *       order ({@link LinkKeys}); expired links stay as the archive's copy until their code is
 *       taken again;
 *   <li>{@code archive}: deletes, imports and replays, code to its newest cell ({@link ArchiveCell}),
 *       merged with RocksDB's built-in {@code max} operator;
 *   <li>{@code watermarks}: code length to the highest leased id, also merged with {@code max};
 *   <li>{@code issued}: pool and UTC day to codes issued, merged with {@code uint64add};
 *   <li>{@code api_keys} and {@code api_key_hashes}: API keys by id, and their ids by secret hash
 *       ({@link EmbeddedApiKeyStore});
 *   <li>{@code idempotency}: idempotency keys to their claim or code, with an expiry
 *       ({@link EmbeddedIdempotencyStore});
 *   <li>{@code moderation}: deny-list rules, disabled links, abuse reports
 *       ({@link EmbeddedModerationStore});
 *   <li>{@code clicks}: click counts per subject and day or month, the day's visitor sketches and
 *       salts ({@link EmbeddedClickStore});
 *   <li>{@code link_index}: an owner's links by time and by tag, the owners' external ids, and
 *       tag counts merged with {@code uint64add} ({@link EmbeddedLinkIndex});
 *   <li>{@code webhook_events}: the events webhooks are sent, by sequence, written in the same batch
 *       as the link change they record ({@link EmbeddedEventJournal});
 *   <li>{@code click_caps}: human clicks served per link with a click limit ({@link EmbeddedClickCaps});
 *   <li>{@code reserved_codes}: codes of a pool's shape taken as aliases, never to be issued
 *       ({@link RocksDbReservedCodes});
 *   <li>{@code webhook_deliveries}: each webhook's recent deliveries ({@link EmbeddedDeliveryLog});
 *   <li>{@code default}: the links' key order and whether every link is under it
 *       ({@link LinkKeyLayout}).
 * </ul>
 * Opening a database written by an older version creates the column families it lacks.
 *
 * <h2>Writes</h2>
 * Every write except watermark merges goes through one {@link GroupCommitWriter} thread, which
 * batches the operations pending at a time into one write and one sync, and is the only writer of
 * the column families whose writes depend on a read (links, API keys, idempotency keys). Callers
 * never wait for the disk: they get a stage that completes after the sync.
 *
 * <h2>Durability</h2>
 * The write-ahead log is on ({@code disableWAL=false}) and flushed to the OS on every write
 * ({@code manual_wal_flush=false}, the default): when {@code put/write} returns, the record is in
 * the kernel's page cache, so killing the process (even {@code kill -9}) loses nothing written.
 * Acknowledged writes (creates, updates, deletes, archive batches, watermarks, day counts, API
 * keys, idempotency claims) use {@link #durable()} ({@code sync=true}): their stage completes only
 * after {@code fdatasync} of the WAL covered their record, so a power loss or
 * kernel crash loses nothing acknowledged either. On open, RocksDB replays the WAL in its default
 * point-in-time mode, which stops at a torn tail record, and every synced record precedes such a
 * tail. Housekeeping that is safe to lose (TTL extensions on read, sweeps of expired idempotency
 * keys) uses {@link #relaxed()} ({@code sync=false}): it survives a process crash, and a power loss only
 * undoes some of it (an extension lost makes a link expire up to one extension window early; a
 * lost purge is redone).
 *
 * <h2>Lifecycle</h2>
 * RocksJava crashes the JVM when a closed handle is used, so every access goes through
 * {@link #call}, which holds a read lock; {@link #close()} first closes the components registered
 * with it (stopping their background work), then the writer (which writes everything queued and
 * stops), then takes the write lock, syncs the WAL and releases the native objects. Later calls
 * fail with {@link EmbeddedStorageException}.
 */
final class EmbeddedDatabase implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(EmbeddedDatabase.class.getName());

    /** Column family names, as {@link #sstBytes(String)} takes them. */
    static final String LINKS = "links";
    static final String ARCHIVE = "archive";
    static final String WATERMARKS = "watermarks";
    static final String ISSUED = "issued";
    static final String API_KEYS = "api_keys";
    static final String API_KEY_HASHES = "api_key_hashes";
    static final String IDEMPOTENCY = "idempotency";
    static final String MODERATION = "moderation";
    static final String CLICKS = "clicks";
    static final String LINK_INDEX = "link_index";
    static final String WEBHOOK_EVENTS = "webhook_events";
    static final String CLICK_CAPS = "click_caps";
    static final String RESERVED_CODES = "reserved_codes";
    static final String WEBHOOK_DELIVERIES = "webhook_deliveries";

    /** Bloom filter bits per key: ~1% false positives, so a get or an NX check of an unknown code rarely touches a data block. */
    private static final double BLOOM_BITS_PER_KEY = 10;
    /**
     * Share of the links memtable given to a whole-key bloom filter. Every create checks that its
     * code is free, and nearly every code is: without the filter, that check walks the memtable's
     * skip list (~3 us of cache misses per create on the development VM, more than the insert of
     * the link itself); with it, an absent code costs a few bit probes (~0.8 us).
     */
    private static final double LINKS_MEMTABLE_BLOOM_RATIO = 0.1;
    /**
     * Memtable per column family that holds links, and idempotency keys (a bulk stream with a ref
     * per line writes one claim and one outcome per link, 240 bytes; in a 4 MB memtable that
     * flushed every 15,000 lines, each a new table to compact, and the flushes kept both
     * versions of each key: RocksDB's compaction thread spent 1 to 10 us per ref, growing with
     * the family; 0.3 to 2 here, where a claim and its outcome meet in the memtable, whose bloom
     * filter answers the claim of a new ref, an absent key, as it does a free code). Small
     * ones get a fraction.
     */
    private static final long LINK_MEMTABLE_BYTES = 32L << 20;
    private static final long SMALL_MEMTABLE_BYTES = 4L << 20;
    /**
     * WAL files are kept until every column family with data in them has flushed; the rarely
     * written ones (watermarks, day counts) would pin old logs forever without this bound.
     */
    private static final long MAX_TOTAL_WAL_BYTES = 128L << 20;
    /**
     * Watermarks and day counts take one merge per lease or flush on a single key; past this many
     * operands in the memtable a merge folds them into one value, so reads never merge thousands.
     */
    private static final int MAX_SUCCESSIVE_MERGES = 64;

    /** The secret of {@link #open(EmbeddedOptions)}. */
    static final byte[] UNCONFIGURED_SECRET = bytes("shortcode/embedded/unconfigured-secret");

    private final EmbeddedOptions options;
    private final Deque<AutoCloseable> nativeObjects = new ArrayDeque<>();
    private final List<AutoCloseable> components = new ArrayList<>();
    private final ReentrantReadWriteLock guard = new ReentrantReadWriteLock();
    private final RocksDB db;
    private final ColumnFamilyHandle meta;
    private final ColumnFamilyHandle links;
    private final ColumnFamilyHandle archive;
    private final ColumnFamilyHandle watermarks;
    private final ColumnFamilyHandle issued;
    private final ColumnFamilyHandle apiKeys;
    private final ColumnFamilyHandle apiKeyHashes;
    private final ColumnFamilyHandle idempotency;
    private final ColumnFamilyHandle moderation;
    private final ColumnFamilyHandle clicks;
    private final ColumnFamilyHandle linkIndex;
    private final ColumnFamilyHandle webhookEvents;
    private final ColumnFamilyHandle clickCaps;
    private final ColumnFamilyHandle reservedCodes;
    private final ColumnFamilyHandle webhookDeliveries;
    private final WriteOptions durable;
    private final WriteOptions relaxed;
    private final LinkKeys linkKeys;
    private final GroupCommitWriter writer;
    private boolean closed; // guarded by guard's write lock

    static {
        RocksDB.loadLibrary();
    }

    private EmbeddedDatabase(EmbeddedOptions options, byte[] secret) {
        this.options = options;
        try {
            Files.createDirectories(options.databaseDir());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create data directory " + options.databaseDir(), e);
        }
        try {
            LRUCache cache = own(new LRUCache(options.blockCacheBytes()));
            BloomFilter bloom = own(new BloomFilter(BLOOM_BITS_PER_KEY));
            DBOptions dbOptions = own(new DBOptions()
                    .setCreateIfMissing(true)
                    .setCreateMissingColumnFamilies(true)
                    .setMaxBackgroundJobs(2)
                    .setMaxTotalWalSize(MAX_TOTAL_WAL_BYTES)
                    .setInfoLogLevel(InfoLogLevel.WARN_LEVEL)
                    .setKeepLogFileNum(3));
            List<ColumnFamilyDescriptor> descriptors = List.of(
                    new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, own(family(cache, bloom, SMALL_MEMTABLE_BYTES))),
                    new ColumnFamilyDescriptor(bytes(LINKS), own(family(cache, bloom, LINK_MEMTABLE_BYTES)
                            .setMemtablePrefixBloomSizeRatio(LINKS_MEMTABLE_BLOOM_RATIO).setMemtableWholeKeyFiltering(true))),
                    new ColumnFamilyDescriptor(bytes(ARCHIVE), own(family(cache, bloom, LINK_MEMTABLE_BYTES).setMergeOperatorName("max"))),
                    new ColumnFamilyDescriptor(bytes(WATERMARKS), own(family(cache, bloom, SMALL_MEMTABLE_BYTES).setMergeOperatorName("max")
                            .setMaxSuccessiveMerges(MAX_SUCCESSIVE_MERGES))),
                    new ColumnFamilyDescriptor(bytes(ISSUED), own(family(cache, bloom, SMALL_MEMTABLE_BYTES).setMergeOperatorName("uint64add")
                            .setMaxSuccessiveMerges(MAX_SUCCESSIVE_MERGES))),
                    new ColumnFamilyDescriptor(bytes(API_KEYS), own(family(cache, bloom, SMALL_MEMTABLE_BYTES))),
                    new ColumnFamilyDescriptor(bytes(API_KEY_HASHES), own(family(cache, bloom, SMALL_MEMTABLE_BYTES))),
                    new ColumnFamilyDescriptor(bytes(IDEMPOTENCY), own(family(cache, bloom, LINK_MEMTABLE_BYTES)
                            .setMemtablePrefixBloomSizeRatio(LINKS_MEMTABLE_BLOOM_RATIO).setMemtableWholeKeyFiltering(true))),
                    new ColumnFamilyDescriptor(bytes(MODERATION), own(family(cache, bloom, SMALL_MEMTABLE_BYTES))),
                    new ColumnFamilyDescriptor(bytes(CLICKS), own(family(cache, bloom, SMALL_MEMTABLE_BYTES))),
                    new ColumnFamilyDescriptor(bytes(LINK_INDEX), own(family(cache, bloom, SMALL_MEMTABLE_BYTES).setMergeOperatorName("uint64add"))),
                    new ColumnFamilyDescriptor(bytes(WEBHOOK_EVENTS), own(family(cache, bloom, SMALL_MEMTABLE_BYTES))),
                    new ColumnFamilyDescriptor(bytes(CLICK_CAPS), own(family(cache, bloom, SMALL_MEMTABLE_BYTES))),
                    new ColumnFamilyDescriptor(bytes(RESERVED_CODES), own(family(cache, bloom, SMALL_MEMTABLE_BYTES))),
                    new ColumnFamilyDescriptor(bytes(WEBHOOK_DELIVERIES), own(family(cache, bloom, SMALL_MEMTABLE_BYTES))));
            List<ColumnFamilyHandle> handles = new ArrayList<>();
            this.db = RocksDB.open(dbOptions, options.databaseDir().toString(), descriptors, handles);
            nativeObjects.push(db);
            handles.forEach(nativeObjects::push); // closed before the database
            this.meta = handles.get(0);
            this.links = handles.get(1);
            this.archive = handles.get(2);
            this.watermarks = handles.get(3);
            this.issued = handles.get(4);
            this.apiKeys = handles.get(5);
            this.apiKeyHashes = handles.get(6);
            this.idempotency = handles.get(7);
            this.moderation = handles.get(8);
            this.clicks = handles.get(9);
            this.linkIndex = handles.get(10);
            this.webhookEvents = handles.get(11);
            this.clickCaps = handles.get(12);
            this.reservedCodes = handles.get(13);
            this.webhookDeliveries = handles.get(14);
            this.durable = own(new WriteOptions().setSync(true).setDisableWAL(false));
            this.relaxed = own(new WriteOptions().setSync(false).setDisableWAL(false));
            this.linkKeys = LinkKeyLayout.open(db, meta, links, watermarks, durable, secret);
            this.writer = new GroupCommitWriter(this, options.writeQueueCapacity(), options.writeBatchMax(), options.commitDelay());
        } catch (RocksDBException | RuntimeException e) {
            releaseNatives();
            throw new EmbeddedStorageException("cannot open the embedded database in " + options.databaseDir() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Opens (creating when missing) the database under {@code options.dataDir()}. One process at a
     * time: RocksDB locks it.
     *
     * @param secret the issuer's permutation secret: a new database keys links in the order of the
     *               codes it issues ({@link LinkKeys})
     */
    static EmbeddedDatabase open(EmbeddedOptions options, byte[] secret) {
        return new EmbeddedDatabase(options, secret);
    }

    /**
     * Opens with {@link #UNCONFIGURED_SECRET}: for tests and tools that create links with codes of
     * their own, or with a codec keyed by that secret.
     */
    static EmbeddedDatabase open(EmbeddedOptions options) {
        return open(options, UNCONFIGURED_SECRET);
    }

    private static ColumnFamilyOptions family(LRUCache cache, BloomFilter bloom, long memtableBytes) {
        // Each table's whole filter and index stay in its reader's memory, outside the block
        // cache: about 2 bytes per key (10 bits of filter, an index entry per 4 KB block), 20 MB
        // for 10 million links. Every create checks its code is free in every level, so the
        // filters are the hottest data there is. In the block cache, whole-file filters of large
        // tables outgrew a shard (64 MB in 64 shards), were evicted and read again on every
        // lookup: 170-220 us per free-code check past ~1.3 million links; partitioned ones under
        // a pinned top level fixed that but cost a partition-index search per table per lookup,
        // growing with the database (writer 5 -> 8 us per link over 2 million links, against a
        // flat 4.5 here; EmbeddedCreateAllMeasurementIntegrationTests, docs/BENCHMARKS.md).
        BlockBasedTableConfig table = new BlockBasedTableConfig()
                .setBlockCache(cache)
                .setFilterPolicy(bloom)
                .setCacheIndexAndFilterBlocks(false);
        // One compression at every level, so that a table whose keys overlap nothing below it
        // moves down without being rewritten: RocksDB moves a file only when its compression is the
        // output level's. Links are keyed in issue order (LinkKeys), so nearly every flushed table
        // is such a file. With LZ4 above a ZSTD bottom, each link was compressed twice (flush, then
        // the compaction into the bottom); ZSTD from the flush on costs the flush more and spares
        // that compaction: 0.85-0.94 -> 0.43-0.51 us of background CPU per link of a bulk stream,
        // and fewer bytes on disk (docs/BENCHMARKS.md).
        return new ColumnFamilyOptions()
                .setTableFormatConfig(table)
                .setWriteBufferSize(memtableBytes)
                .setCompressionType(CompressionType.ZSTD_COMPRESSION)
                .setLevelCompactionDynamicLevelBytes(true);
    }

    private <T extends AutoCloseable> T own(T nativeObject) {
        nativeObjects.push(nativeObject);
        return nativeObject;
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    EmbeddedOptions options() {
        return options;
    }

    /** A RocksDB call that may fail. */
    @FunctionalInterface
    interface DbCall<T> {
        T apply(RocksDB db) throws RocksDBException;
    }

    /** Runs {@code call} against the open database; never overlaps {@link #close()}. */
    <T> T call(DbCall<T> call) {
        ReentrantReadWriteLock.ReadLock lock = guard.readLock();
        lock.lock();
        try {
            if (closed) {
                throw new EmbeddedStorageException("the embedded database in " + options.databaseDir() + " is closed");
            }
            return call.apply(db);
        } catch (RocksDBException e) {
            throw new EmbeddedStorageException("embedded database: " + e.getMessage(), e);
        } finally {
            lock.unlock();
        }
    }

    ColumnFamilyHandle links() {
        return links;
    }

    /** How the links family keys codes. */
    LinkKeys linkKeys() {
        return linkKeys;
    }

    ColumnFamilyHandle archive() {
        return archive;
    }

    ColumnFamilyHandle watermarks() {
        return watermarks;
    }

    ColumnFamilyHandle issued() {
        return issued;
    }

    ColumnFamilyHandle apiKeys() {
        return apiKeys;
    }

    ColumnFamilyHandle apiKeyHashes() {
        return apiKeyHashes;
    }

    ColumnFamilyHandle idempotency() {
        return idempotency;
    }

    ColumnFamilyHandle moderation() {
        return moderation;
    }

    ColumnFamilyHandle webhookEvents() {
        return webhookEvents;
    }

    ColumnFamilyHandle clicks() {
        return clicks;
    }

    ColumnFamilyHandle linkIndex() {
        return linkIndex;
    }

    ColumnFamilyHandle clickCaps() {
        return clickCaps;
    }

    ColumnFamilyHandle reservedCodes() {
        return reservedCodes;
    }

    ColumnFamilyHandle webhookDeliveries() {
        return webhookDeliveries;
    }

    /** The writer's counters, for metrics. */
    WriterStats writerStats() {
        return writer.stats();
    }

    /** The thread every checked or acknowledged write goes through. */
    GroupCommitWriter writer() {
        return writer;
    }

    /** For acknowledged writes: WAL synced before the write returns. */
    WriteOptions durable() {
        return durable;
    }

    /** For housekeeping that may be lost to a power failure (not to a process crash). */
    WriteOptions relaxed() {
        return relaxed;
    }

    /** Closed (in reverse order) by {@link #close()} before the database itself. */
    synchronized void register(AutoCloseable component) {
        components.add(component);
    }

    /**
     * The sequence number of the last write: it grows by one per key written (put, merge or
     * delete), so its difference counts writes independently of the stores' own counters.
     */
    long latestSequenceNumber() {
        return call(RocksDB::getLatestSequenceNumber);
    }

    /** Flushes the memtables and compacts every column family fully (tests, measurements, maintenance). */
    void compactAll() {
        call(db -> {
            try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
                for (ColumnFamilyHandle h : List.of(links, archive, watermarks, issued, apiKeys, apiKeyHashes, idempotency, moderation, clicks, linkIndex, webhookEvents)) {
                    db.flush(flush, h);
                    db.compactRange(h);
                }
            }
            return null;
        });
    }

    /** Bytes of the SST files of one column family ({@code links}, {@code archive}, ...). */
    long sstBytes(String columnFamily) {
        ColumnFamilyHandle h = switch (columnFamily) {
            case LINKS -> links;
            case ARCHIVE -> archive;
            case WATERMARKS -> watermarks;
            case ISSUED -> issued;
            case API_KEYS -> apiKeys;
            case API_KEY_HASHES -> apiKeyHashes;
            case IDEMPOTENCY -> idempotency;
            case MODERATION -> moderation;
            case CLICKS -> clicks;
            case LINK_INDEX -> linkIndex;
            case WEBHOOK_EVENTS -> webhookEvents;
            default -> throw new IllegalArgumentException("no column family " + columnFamily);
        };
        return call(db -> db.getLongProperty(h, "rocksdb.total-sst-files-size"));
    }

    @Override
    public void close() {
        List<AutoCloseable> toClose;
        synchronized (this) {
            toClose = new ArrayList<>(components);
            components.clear();
        }
        for (int i = toClose.size() - 1; i >= 0; i--) {
            try {
                toClose.get(i).close();
            } catch (Exception e) {
                LOG.log(Level.WARNING, "closing " + toClose.get(i) + " failed", e);
            }
        }
        writer.close(); // writes what is queued while the database is still open
        ReentrantReadWriteLock.WriteLock lock = guard.writeLock();
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            try {
                db.syncWal(); // makes the relaxed writes durable too on a clean shutdown
            } catch (RocksDBException e) {
                LOG.log(Level.WARNING, "syncing the WAL on close failed: {0}", e.getMessage());
            }
            releaseNatives();
        } finally {
            lock.unlock();
        }
    }

    private void releaseNatives() {
        while (!nativeObjects.isEmpty()) {
            AutoCloseable o = nativeObjects.pop();
            try {
                if (o instanceof RocksDB rocks) {
                    rocks.closeE();
                } else {
                    o.close();
                }
            } catch (Exception e) {
                LOG.log(Level.WARNING, "closing " + o.getClass().getSimpleName() + " failed", e);
            }
        }
    }
}

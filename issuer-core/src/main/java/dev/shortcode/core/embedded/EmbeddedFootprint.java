package dev.shortcode.core.embedded;

import dev.shortcode.core.capacity.LiveLinks;
import dev.shortcode.core.code.Base62;
import dev.shortcode.core.code.CodeSpace;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.lease.Watermark;
import dev.shortcode.core.store.ArchiveFootprint;
import dev.shortcode.core.store.Footprint;
import dev.shortcode.core.store.HotFootprint;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkTally;
import dev.shortcode.core.store.PoolFootprint;
import dev.shortcode.core.store.SamplingOptions;
import dev.shortcode.core.store.StorageFootprint;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksIterator;

/**
 * The embedded footprint, from RocksDB's own figures and a read of the links column family.
 *
 * <h2>Live links per pool</h2>
 * The links column family holds every code and alias of every pool, with its expiry in the value
 * ({@link HotEntry}). Its {@code rocksdb.estimate-num-keys} (memtables plus table properties,
 * minus deletions: rough after many overwrites) gives the population. Below
 * {@link SamplingOptions#exactBelow()} keys every entry is read and counted by code length, live
 * or expired: exact. Above it, {@link SamplingOptions#sampleSize()} random seeks each take the
 * first key at or after a random point of the key order, drawn so that every link is about as
 * likely as any other: links are keyed in issue order ({@link LinkKeys}), so a code length's keys
 * fill the ids below its watermark densely (all of its capacity once it wrapped), and each draw
 * picks a length in proportion to that span, then a uniform id in it (see {@link #regions}). The
 * {@link LinkTally} binomial estimator applies, with the population's own error on top. Deleted
 * links leave holes whose next key is drawn more often; aliases in the code form are weighed by
 * their count and drawn at random codes, and their share is only roughly right; codes issued
 * under another secret than the database's order (a changed configuration) are not evenly spread,
 * and their share neither.
 *
 * <h2>Bytes</h2>
 * Bytes per link are the sampled entries' key + value bytes, uncompressed; the hot store's used
 * bytes are its table files ({@code rocksdb.total-sst-files-size}) plus memtables
 * ({@code rocksdb.cur-size-all-mem-tables}), and its limit that plus the disk's free space. The
 * archive is the links family (its expired entries are the archive's copies) and the archive family
 * (deletes' removals), measured the same way, its links counted by their key estimates. The hot
 * store's bytes therefore include the expired links: on one disk, they are one copy.
 */
final class EmbeddedFootprint implements StorageFootprint {

    private static final int SEEK_KEY_CHARS = 8;
    /** Aliases counted to weigh their part of a sample; beyond it they are weighed as this many. */
    static final int ALIAS_COUNT_BOUND = 10_000;
    private static final int DEADLINE_CHECK_EVERY = 1_024;
    /** Draws per sample at most, in sample sizes: bounds a store of nearly only expired links. */
    static final int MAX_DRAWS_PER_SAMPLE = 20;

    private final EmbeddedDatabase storage;
    private final SamplingOptions options;
    private final Clock clock;
    private final SplittableRandom random = new SplittableRandom();
    private final LinkKeys keys;

    EmbeddedFootprint(EmbeddedDatabase storage, SamplingOptions options, Clock clock) {
        this.storage = storage;
        this.options = options;
        this.clock = clock;
        this.keys = storage.linkKeys();
    }

    @Override
    public Footprint measure(List<PoolOptions> pools) {
        Instant started = clock.instant();
        long began = System.nanoTime();
        long deadline = began + options.timeBudget().toNanos();
        List<String> notes = new ArrayList<>();
        long[] reads = {0};
        LinkTally tally = new LinkTally(pools, started.toEpochMilli());
        long population = property(storage.links(), "rocksdb.estimate-num-keys");
        String method;
        boolean exact = population <= options.exactBelow();
        if (exact) {
            long seen = countAll(tally, deadline, reads);
            exact = seen >= 0;
            method = exact ? "exact: all " + tally.draws() + " entries of the links column family read"
                    : "first " + tally.draws() + " entries of the links column family (time budget), scaled to rocksdb.estimate-num-keys = " + population;
            if (!exact) {
                notes.add("embedded: the exact count ran out of its " + options.timeBudget() + " budget; scaled instead");
            }
        } else {
            boolean cut = sample(tally, deadline, reads);
            method = tally.draws() + " random seeks into the links column family, scaled to rocksdb.estimate-num-keys = "
                    + population + "; ± is the 95 % sampling error";
            if (cut) {
                notes.add("embedded: " + tally.draws() + " seeks within the time budget, fewer than " + options.sampleSize()
                        + " live links drawn");
            }
        }
        Map<String, PoolFootprint> byPool = new LinkedHashMap<>();
        for (PoolOptions p : pools) {
            Watermark mark = watermark(p.length());
            reads[0]++;
            LiveLinks live = exact ? tally.exact(p.name(), method) : tally.estimate(p.name(), population, method);
            byPool.put(p.name(), new PoolFootprint(p.name(), mark.epoch(), Math.min(mark.highId(), p.capacity()), live,
                    tally.bytesPerLink(p.name()), tally.ages(p.name())));
        }
        long linksBytes = property(storage.links(), "rocksdb.total-sst-files-size") + property(storage.links(), "rocksdb.cur-size-all-mem-tables");
        long free = freeDisk(notes);
        HotFootprint hot = new HotFootprint("rocksdb", linksBytes, free < 0 ? 0 : linksBytes + free, population,
                "links column family: rocksdb.total-sst-files-size + rocksdb.cur-size-all-mem-tables; limit: that plus the free disk space");
        // The links family is the archive's copy of every link, live or expired; the archive family adds deletes' removals.
        long archiveBytes = linksBytes + property(storage.archive(), "rocksdb.total-sst-files-size")
                + property(storage.archive(), "rocksdb.cur-size-all-mem-tables");
        long archived = population + property(storage.archive(), "rocksdb.estimate-num-keys");
        double sampled = meanSampledBytes(tally, pools);
        ArchiveFootprint archive = new ArchiveFootprint("rocksdb", archiveBytes, archived, 1, sampled,
                "links and archive column families (expired links stay in the links family as the archive's copy; the archive "
                        + "family holds deletes' removals): table files + memtables; links by rocksdb.estimate-num-keys of both; "
                        + "bytes per link: the sampled links' key + record");
        reads[0] += 7;
        LiveLinks allLive = exact ? new LiveLinks(tally.allHits(), 0, method)
                : LinkTally.estimate(population, tally.draws(), tally.allHits(), method);
        return new Footprint(started, Duration.ofNanos(System.nanoTime() - began), reads[0], byPool, hot, archive, notes,
                tally.domains(allLive));
    }

    /** Mean key + value bytes over every pool's sampled links, NaN when none was sampled. */
    private static double meanSampledBytes(LinkTally tally, List<PoolOptions> pools) {
        double sum = 0;
        long n = 0;
        for (PoolOptions p : pools) {
            double b = tally.bytesPerLink(p.name());
            if (!Double.isNaN(b)) {
                sum += b * tally.hits(p.name());
                n += tally.hits(p.name());
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /** Reads every entry; -1 when the deadline cut it short. */
    private long countAll(LinkTally tally, long deadline, long[] reads) {
        long now = clock.millis();
        return storage.call(db -> {
            try (ReadOptions read = new ReadOptions().setFillCache(false); RocksIterator it = db.newIterator(storage.links(), read)) {
                long n = 0;
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    classify(tally, it.key(), it.value(), now);
                    reads[0]++;
                    if (++n % DEADLINE_CHECK_EVERY == 0 && System.nanoTime() > deadline) {
                        return -1L;
                    }
                }
                it.status();
                return n;
            }
        });
    }

    /**
     * Draws until {@code sampleSize} live links were drawn, or {@value #MAX_DRAWS_PER_SAMPLE} times
     * as many seeks: expired entries stay in the links family as the archive's copies, and in an
     * old store most draws land on them, which would leave the live links' estimate with few hits
     * and a wide interval. In a store of live links this is {@code sampleSize} draws.
     *
     * @return whether the time budget cut it short
     */
    private boolean sample(LinkTally tally, long deadline, long[] reads) {
        long now = clock.millis();
        long maxDraws = (long) MAX_DRAWS_PER_SAMPLE * options.sampleSize();
        return storage.call(db -> {
            try (ReadOptions read = new ReadOptions().setFillCache(false); RocksIterator it = db.newIterator(storage.links(), read)) {
                Regions regions = regions(it, reads);
                long live = 0;
                long seeks = 0;
                while (live < options.sampleSize() && seeks < maxDraws && regions.total > 0) {
                    if (++seeks % 64 == 0 && System.nanoTime() > deadline) {
                        it.status();
                        return true;
                    }
                    int length = regions.pick(random);
                    it.seek(length == 0 ? randomCode() : keys.idKey(length, random.nextLong(regions.weights[length])));
                    reads[0]++;
                    if (!it.isValid() || LinkKeys.lengthOf(it.key()) != length) {
                        // Past the part's last key (ids leased but not issued yet, or the last aliases): not a
                        // draw, or the first key would stand for the whole gap. Drawn again.
                        continue;
                    }
                    if (classify(tally, it.key(), it.value(), now)) {
                        live++;
                    }
                }
                it.status();
                return false;
            }
        });
    }

    /**
     * Where the links are in the key order, and how many in each part. Keys are in issue order
     * ({@link LinkKeys}), so a random seek is only a uniform draw where keys are evenly dense: a
     * code length's keys fill {@code [0, high id)} of its watermark in its first epoch (ids are
     * issued in order), and all of its capacity once it wrapped (the first epoch issued every id).
     * Each length is drawn in proportion to that span, and within it at a uniform id; aliases in
     * the code form (weighed by counting them, up to a bound) by a random code as before.
     */
    private Regions regions(RocksIterator it, long[] reads) {
        long[] weights = new long[CodeSpace.MAX_LENGTH + 1];
        for (int length = CodeSpace.MIN_LENGTH; length <= CodeSpace.MAX_LENGTH; length++) {
            Watermark mark = watermark(length);
            reads[0]++;
            long capacity = CodeSpace.ofLength(length).capacity();
            weights[length] = mark.epoch() >= 1 ? capacity : Math.min(mark.highId(), capacity);
        }
        long aliases = 0;
        for (it.seek(new byte[] {LinkKeys.CODE_FORM_FLOOR}); it.isValid() && aliases < ALIAS_COUNT_BOUND; it.next()) {
            aliases++;
        }
        reads[0] += aliases + 1;
        weights[0] = aliases;
        return new Regions(weights);
    }

    /** Part weights by code length, aliases at 0; {@link #pick} draws a part in proportion. */
    private static final class Regions {
        final long[] weights;
        final long total;

        Regions(long[] weights) {
            this.weights = weights;
            long sum = 0;
            for (long w : weights) {
                sum += w;
            }
            this.total = sum;
        }

        int pick(SplittableRandom random) {
            long r = random.nextLong(total);
            for (int length = 0; length < weights.length; length++) {
                if (r < weights[length]) {
                    return length;
                }
                r -= weights[length];
            }
            throw new IllegalStateException("weights changed");
        }
    }

    private byte[] randomCode() {
        byte[] target = new byte[SEEK_KEY_CHARS];
        for (int c = 0; c < SEEK_KEY_CHARS; c++) {
            target[c] = (byte) Base62.ALPHABET.charAt(random.nextInt(62));
        }
        return target;
    }

    /** @return whether the entry is a live link */
    private boolean classify(LinkTally tally, byte[] key, byte[] value, long now) {
        if (HotEntry.expiresAt(value) <= now) {
            tally.miss();
            return false;
        }
        String code = keys.codeOf(key);
        LinkRecord record = null;
        try {
            record = HotEntry.link(code, value);
        } catch (IllegalArgumentException e) {
            // counted without its age
        }
        tally.hit(code, record, key.length + (long) value.length);
        return true;
    }

    /** The pool's watermark, read from the column family itself (the store's cache is another object's). */
    private Watermark watermark(int length) {
        return RocksDbWatermarkStore.decodeOrZero(storage.call(db -> db.get(storage.watermarks(), RocksDbWatermarkStore.key(length))));
    }

    private long property(ColumnFamilyHandle family, String name) {
        return storage.call(db -> db.getLongProperty(family, name));
    }

    private long freeDisk(List<String> notes) {
        try {
            return Files.getFileStore(storage.options().databaseDir()).getUsableSpace();
        } catch (IOException e) {
            notes.add("embedded: free disk space unknown: " + e.getMessage());
            return -1;
        }
    }
}

package dev.shortcode.hbase;

import dev.shortcode.core.index.IndexKeys;
import dev.shortcode.core.index.LinkIndex;
import dev.shortcode.core.index.LinkPage;
import dev.shortcode.core.index.LinkQuery;
import dev.shortcode.core.index.Position;
import dev.shortcode.core.store.LinkRecord;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;

/**
 * Listings from the index rows of the links table ({@link IndexCells}, {@link IndexRowKey}).
 *
 * <p>A listing scans the owner's time rows (or the first asked tag's rows) in every salt bucket,
 * each scan starting strictly after the page's position, and merges them in listing order (the
 * keys' byte order: newest first, then code). Scans read a few rows per bucket at first (twice
 * the share of the limit) and twice as many each time a bucket runs dry before the page is full,
 * so a selective filter costs few round trips. The merged rows are checked in steps against the
 * links' own cells (one multi-get per step): a row whose link is gone, or whose code now holds a
 * link of another creation time (a wrapped code), or one left by an update or a removal not yet
 * written, is skipped (a wrapped code's row is also deleted, see {@link #forget}); the query's
 * filters are applied to the link. At most the query's budget of
 * index rows is checked per page; a page that ends on its budget or limit names the last position
 * it checked, like the embedded index. An external id is one Get of its row (whose columns are
 * the codes that carried it) and the check of those links.
 *
 * <p>Stages complete on HBase client threads.
 */
final class HBaseLinkIndex implements LinkIndex {

    private static final System.Logger LOG = System.getLogger(HBaseLinkIndex.class.getName());

    /** Index rows checked against their links in one multi-get. */
    private static final int STEP = 128;
    /** The most rows one bucket's scan reads at once. */
    private static final int MAX_CHUNK = 1024;

    private final AsyncTable<AdvancedScanResultConsumer> links;
    private final IndexRowKey keys;
    private final Duration deadline;
    private final String linksName;

    HBaseLinkIndex(AsyncConnection connection, ArchiveSchema schema, HBaseArchiveOptions config) {
        this.links = BoundedTables.open(connection, schema.links(), config);
        this.keys = new IndexRowKey(config.indexBuckets());
        this.deadline = BoundedTables.deadline(config);
        this.linksName = schema.links().getNameAsString();
    }

    @Override
    public CompletionStage<LinkPage> find(LinkQuery query) {
        try {
            return query.externalId() != null ? byExternalId(query) : new Listing(query).run();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private CompletableFuture<LinkPage> byExternalId(LinkQuery query) {
        Get get = new Get(keys.externalIdRow(query.owner(), query.externalId())).addFamily(IndexCells.FAMILY);
        return Futures.bounded(links.get(get), deadline, "external id lookup in " + linksName).thenCompose(row -> {
            List<String> codes = new ArrayList<>();
            if (!row.isEmpty()) {
                for (Cell cell : row.rawCells()) {
                    codes.add(IndexCells.code(CellUtil.cloneQualifier(cell)));
                }
            }
            return linksOf(codes).thenApply(records -> {
                List<LinkRecord> found = new ArrayList<>();
                for (LinkRecord link : records) {
                    if (link != null && query.matches(link) && query.isAfterStart(link.createdAtMillis(), link.code())) {
                        found.add(link);
                    }
                }
                // one in the normal case (the claims keep the id unique); listing order if ever more
                found.sort(Comparator.comparingLong(LinkRecord::createdAtMillis).reversed().thenComparing(LinkRecord::code));
                return new LinkPage(found.subList(0, Math.min(found.size(), query.limit())), null);
            });
        });
    }

    /** The archived links of {@code codes}, in order; null where there is none (removed, never archived). */
    private CompletableFuture<List<LinkRecord>> linksOf(List<String> codes) {
        if (codes.isEmpty()) {
            return CompletableFuture.completedFuture(List.of());
        }
        List<Get> gets = new ArrayList<>(codes.size());
        for (String code : codes) {
            gets.add(new Get(LinkRowKey.of(code)).addColumn(LinkCells.FAMILY, LinkCells.RECORD));
        }
        return Futures.bounded(links.getAll(gets), deadline, "check of " + gets.size() + " listed links in " + linksName)
                .thenApply(results -> {
                    List<LinkRecord> records = new ArrayList<>(codes.size());
                    for (int i = 0; i < codes.size(); i++) {
                        records.add(LinkCells.read(codes.get(i), results.get(i)).orElse(null));
                    }
                    return records;
                });
    }

    /** One index row met by a scan: its bucket, unsalted key (the merge order), cell timestamp and the position it names. */
    private record Entry(int bucket, byte[] key, long timestamp, Position position) {}

    /** One bucket's scan: the rows read but not merged yet, and where it goes on. */
    private final class Bucket {
        final int bucket;
        final ArrayDeque<Entry> buffered = new ArrayDeque<>();
        byte[] resume;
        int chunk;
        boolean exhausted;

        Bucket(int bucket, byte[] start, int chunk) {
            this.bucket = bucket;
            this.resume = start;
            this.chunk = chunk;
        }

        CompletableFuture<Void> fetch(byte[] stop, int prefixLength) {
            int limit = chunk;
            Scan scan = new Scan()
                    .withStartRow(keys.salted(bucket, resume), true)
                    .withStopRow(keys.salted(bucket, stop), false)
                    .addColumn(IndexCells.FAMILY, IndexCells.ROW)
                    .setLimit(limit)
                    .setCaching(limit)
                    .setReadType(Scan.ReadType.PREAD);
            return Futures.bounded(links.scanAll(scan), deadline, "index scan of bucket " + bucket + " in " + linksName)
                    .thenAccept(rows -> {
                        byte[] lastKey = null;
                        for (Result row : rows) {
                            lastKey = IndexRowKey.unsalted(row.getRow());
                            long timestamp = row.rawCells()[0].getTimestamp();
                            buffered.add(new Entry(bucket, lastKey, timestamp, IndexKeys.position(lastKey, prefixLength)));
                        }
                        if (rows.size() < limit) {
                            exhausted = true;
                        } else {
                            // the smallest key after the last one read
                            resume = Arrays.copyOf(lastKey, lastKey.length + 1);
                            chunk = Math.min(chunk * 2, MAX_CHUNK);
                        }
                    });
        }
    }

    /**
     * One page being found. Touched by one stage at a time (each step starts when the previous
     * one's reads completed), so it needs no locks.
     */
    private final class Listing {
        private final LinkQuery query;
        private final byte[] prefix;
        private final byte[] start;
        private final byte[] stop;
        private final Bucket[] buckets;
        private final List<LinkRecord> found = new ArrayList<>();
        private Position last;
        private int looked;
        private int steps;

        Listing(LinkQuery query) {
            this.query = query;
            this.prefix = query.tags().isEmpty() ? IndexKeys.prefix(query.owner(), IndexKeys.TIME)
                    : IndexKeys.tagPrefix(query.owner(), query.tags().get(0));
            this.start = IndexKeys.seekKey(prefix, query.start());
            // rows created at or before createdAfter sort from prefix ++ newest(createdAfter) on
            this.stop = query.createdAfter() == null ? IndexKeys.prefixEnd(prefix) : concat(prefix, newest(query.createdAfter()));
            int n = keys.buckets();
            int firstChunk = Math.max(4, Math.min(MAX_CHUNK, 2 * Math.min(query.limit(), query.budget()) / n + 4));
            this.buckets = new Bucket[n];
            for (int b = 0; b < n; b++) {
                buckets[b] = new Bucket(b, start, firstChunk);
            }
        }

        CompletableFuture<LinkPage> run() {
            if (Arrays.compareUnsigned(start, stop) >= 0) {
                return CompletableFuture.completedFuture(new LinkPage(List.of(), null));
            }
            return refill().thenCompose(ignored -> step());
        }

        /** Reads on in every bucket that has nothing buffered and may hold more. */
        private CompletableFuture<Void> refill() {
            List<CompletableFuture<Void>> scans = new ArrayList<>();
            for (Bucket bucket : buckets) {
                if (bucket.buffered.isEmpty() && !bucket.exhausted) {
                    scans.add(bucket.fetch(stop, prefix.length));
                }
            }
            return CompletableFuture.allOf(scans.toArray(CompletableFuture[]::new));
        }

        private CompletableFuture<LinkPage> step() {
            // the first step checks no more rows than the page can show: enough when most rows pass
            int size = steps++ == 0 ? Math.min(STEP, query.limit()) : STEP;
            List<Entry> candidates = new ArrayList<>(size);
            boolean end = false;
            merge:
            while (candidates.size() < size && looked + candidates.size() < query.budget()) {
                Bucket next = null;
                for (Bucket bucket : buckets) {
                    Entry head = bucket.buffered.peek();
                    if (head == null) {
                        if (!bucket.exhausted) {
                            break merge; // its next row may come first: read it before merging on
                        }
                    } else if (next == null || Arrays.compareUnsigned(head.key(), next.buffered.peek().key()) < 0) {
                        next = bucket;
                    }
                }
                if (next == null) {
                    end = true;
                    break;
                }
                candidates.add(next.buffered.poll());
            }
            boolean scannedAll = end;
            List<String> codes = new ArrayList<>(candidates.size());
            for (Entry candidate : candidates) {
                codes.add(candidate.position().code());
            }
            return linksOf(codes).thenCompose(records -> {
                for (int i = 0; i < candidates.size(); i++) {
                    Position at = candidates.get(i).position();
                    looked++;
                    last = at;
                    LinkRecord link = records.get(i);
                    if (link != null && link.createdAtMillis() > at.createdAtMillis()) {
                        forget(candidates.get(i));
                    }
                    if (link != null && link.createdAtMillis() == at.createdAtMillis() && query.matches(link)) {
                        found.add(link);
                        if (found.size() == query.limit()) {
                            boolean more = i + 1 < candidates.size() || !scannedAll;
                            return CompletableFuture.completedFuture(new LinkPage(found, more ? last : null));
                        }
                    }
                }
                if (scannedAll) {
                    return CompletableFuture.completedFuture(new LinkPage(found, null));
                }
                if (looked >= query.budget()) {
                    return CompletableFuture.completedFuture(new LinkPage(found, last));
                }
                return refill().thenCompose(ignored -> step());
            });
        }
    }

    /**
     * Deletes the row of a link whose code now holds a later link (the pool wrapped, the old link
     * had expired): no write of the old link can come any more but a late replay, so the row is
     * dead for good, and the listing that met it saves the next ones the check. The Delete hides
     * the row's cells up to the one the listing saw. A row whose link is merely absent is left alone: its link's cell may be on
     * its way. Fire and forget: a failure leaves the row for the next listing.
     */
    private void forget(Entry stale) {
        Delete delete = new Delete(keys.salted(stale.bucket(), stale.key())).addFamily(IndexCells.FAMILY, stale.timestamp());
        links.delete(delete).whenComplete((ok, error) -> {
            if (error != null) {
                LOG.log(System.Logger.Level.DEBUG, "stale index row not deleted: {0}", error.toString());
            }
        });
    }

    /**
     * {@inheritDoc}
     *
     * <p>Counted, not stored: a scan of the owner's tag rows in every bucket, keys only, so it
     * costs one row read per tagged link of the owner (a few hundred thousand a second on one
     * region server). Stored counters would need increments, which a replayed outbox batch would
     * apply twice. Rows of links removed or retagged by writes in flight count until those land.
     */
    @Override
    public CompletionStage<Map<String, Long>> tagCounts(String owner) {
        byte[] prefix = IndexKeys.prefix(owner, IndexKeys.TAG);
        List<CompletableFuture<Map<String, Long>>> scans = new ArrayList<>();
        for (int b = 0; b < keys.buckets(); b++) {
            Scan scan = new Scan()
                    .withStartRow(keys.salted(b, prefix), true)
                    .withStopRow(keys.salted(b, IndexKeys.prefixEnd(prefix)), false)
                    .addColumn(IndexCells.FAMILY, IndexCells.ROW)
                    .setFilter(new KeyOnlyFilter())
                    .setCaching(MAX_CHUNK);
            TagCounter counter = new TagCounter(prefix.length + 1);
            links.scan(scan, counter);
            scans.add(Futures.bounded(counter.done, deadline.multipliedBy(6), "tag counts of bucket " + b + " in " + linksName));
        }
        return CompletableFuture.allOf(scans.toArray(CompletableFuture[]::new)).thenApply(ignored -> {
            Map<String, Long> counts = new TreeMap<>();
            for (CompletableFuture<Map<String, Long>> scan : scans) {
                scan.join().forEach((tag, n) -> counts.merge(tag, n, Long::sum));
            }
            return counts;
        });
    }

    /** Counts a bucket's tag rows by tag as the scan streams them (called by one scan, one batch at a time). */
    private static final class TagCounter implements AdvancedScanResultConsumer {
        final CompletableFuture<Map<String, Long>> done = new CompletableFuture<>();
        private final Map<String, Long> counts = new HashMap<>();
        private final int tagStart;

        TagCounter(int saltedPrefixLength) {
            this.tagStart = saltedPrefixLength;
        }

        @Override
        public void onNext(Result[] results, ScanController controller) {
            for (Result result : results) {
                byte[] row = result.getRow();
                int end = tagStart;
                while (end < row.length && row[end] != 0) {
                    end++;
                }
                counts.merge(new String(row, tagStart, end - tagStart, StandardCharsets.UTF_8), 1L, Long::sum);
            }
        }

        @Override
        public void onError(Throwable error) {
            done.completeExceptionally(error);
        }

        @Override
        public void onComplete() {
            done.complete(counts);
        }
    }

    private static byte[] newest(long createdAtMillis) {
        return ByteBuffer.allocate(Long.BYTES).putLong(Long.MAX_VALUE - createdAtMillis).array();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}

package dev.shortcode.core.embedded;

import dev.shortcode.core.index.ExternalIds;
import dev.shortcode.core.index.IndexKeys;
import dev.shortcode.core.index.LinkIndex;
import dev.shortcode.core.index.LinkPage;
import dev.shortcode.core.index.LinkQuery;
import dev.shortcode.core.index.Position;
import dev.shortcode.core.store.LinkRecord;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/**
 * Listings from the {@code link_index} family ({@link IndexKeys}, rows kept by {@link IndexRows}
 * in the writer's batches): a forward scan of the owner's time rows, or of the first asked tag's
 * rows, from the position a page continues after; the links themselves come from the
 * {@code links} family in multi-gets of a scan step's rows, and the query's other filters are
 * checked on them. An external id is one point read of its claim.
 *
 * <p>Reads run on a thread of their own, not the caller's: a page may walk up to its budget of rows
 * (tens of milliseconds for a filter that matches little), which must not stall an event loop
 * the way a point read of the hot store may. Closed with the database.
 */
final class EmbeddedLinkIndex implements LinkIndex, AutoCloseable {

    /** Index rows read before their links are fetched together. */
    private static final int STEP = 128;

    private final EmbeddedDatabase storage;
    private final ExecutorService readers = Executors.newFixedThreadPool(2, runnable -> {
        Thread thread = new Thread(runnable, "shortcode-listing");
        thread.setDaemon(true);
        return thread;
    });

    EmbeddedLinkIndex(EmbeddedDatabase storage) {
        this.storage = storage;
        storage.register(this);
    }

    @Override
    public CompletionStage<LinkPage> find(LinkQuery query) {
        try {
            return CompletableFuture.supplyAsync(
                    () -> storage.call(db -> query.externalId() != null ? byExternalId(db, query) : scan(db, query)), readers);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new EmbeddedStorageException("the embedded database is closed", e));
        }
    }

    /** Stops taking reads; those running finish (the database closes its handles after its components). */
    @Override
    public void close() {
        readers.shutdown();
    }

    private LinkPage byExternalId(RocksDB db, LinkQuery query) throws RocksDBException {
        byte[] holder = db.get(storage.linkIndex(), IndexKeys.externalIdKey(query.owner(), query.externalId()));
        if (holder == null) {
            return new LinkPage(List.of(), null);
        }
        String code = ExternalIds.Claim.parse(new String(holder, StandardCharsets.UTF_8)).code();
        byte[] entry = db.get(storage.links(), storage.linkKeys().keyOf(code));
        if (entry == null) {
            return new LinkPage(List.of(), null);
        }
        LinkRecord link = HotEntry.link(code, entry);
        boolean found = query.matches(link) && query.isAfterStart(link.createdAtMillis(), code);
        return new LinkPage(found ? List.of(link) : List.of(), null);
    }

    private LinkPage scan(RocksDB db, LinkQuery query) throws RocksDBException {
        byte[] prefix = query.tags().isEmpty() ? IndexKeys.prefix(query.owner(), IndexKeys.TIME)
                : IndexKeys.tagPrefix(query.owner(), query.tags().get(0));
        List<LinkRecord> found = new ArrayList<>(Math.min(query.limit(), STEP));
        Position last = null;
        int looked = 0;
        try (Slice upper = new Slice(IndexKeys.prefixEnd(prefix));
                ReadOptions read = new ReadOptions().setIterateUpperBound(upper);
                RocksIterator it = db.newIterator(storage.linkIndex(), read)) {
            it.seek(IndexKeys.seekKey(prefix, query.start()));
            List<Position> step = new ArrayList<>(STEP);
            while (true) {
                step.clear();
                boolean end = false;
                while (step.size() < STEP && looked + step.size() < query.budget()) {
                    if (!it.isValid()) {
                        end = true;
                        break;
                    }
                    Position at = IndexKeys.position(it.key(), prefix.length);
                    if (query.pastOldest(at.createdAtMillis())) {
                        end = true;
                        break;
                    }
                    step.add(at);
                    it.next();
                }
                it.status();
                List<LinkRecord> links = links(db, step);
                for (int i = 0; i < step.size(); i++) {
                    looked++;
                    last = step.get(i);
                    LinkRecord link = links.get(i);
                    if (link != null && query.matches(link)) {
                        found.add(link);
                        if (found.size() == query.limit()) {
                            return new LinkPage(found, i + 1 < step.size() || !end ? last : null);
                        }
                    }
                }
                if (end) {
                    return new LinkPage(found, null);
                }
                if (looked >= query.budget()) {
                    return new LinkPage(found, last);
                }
            }
        }
    }

    /** The links the positions name, null where the code now holds another link (or none): a row left by a change in flight. */
    private List<LinkRecord> links(RocksDB db, List<Position> positions) throws RocksDBException {
        if (positions.isEmpty()) {
            return List.of();
        }
        List<byte[]> keys = new ArrayList<>(positions.size());
        for (Position p : positions) {
            keys.add(storage.linkKeys().keyOf(p.code()));
        }
        List<byte[]> values = db.multiGetAsList(Collections.nCopies(keys.size(), storage.links()), keys);
        List<LinkRecord> links = new ArrayList<>(positions.size());
        for (int i = 0; i < positions.size(); i++) {
            byte[] value = values.get(i);
            LinkRecord link = value == null ? null : HotEntry.link(positions.get(i).code(), value);
            links.add(link != null && link.createdAtMillis() == positions.get(i).createdAtMillis() ? link : null);
        }
        return links;
    }

    @Override
    public CompletionStage<Map<String, Long>> tagCounts(String owner) {
        try {
            return CompletableFuture.supplyAsync(() -> storage.call(db -> {
                byte[] prefix = IndexKeys.prefix(owner, IndexKeys.TAG_COUNT);
                Map<String, Long> counts = new TreeMap<>();
                try (ReadOptions read = new ReadOptions(); RocksIterator it = db.newIterator(storage.linkIndex(), read)) {
                    for (it.seek(prefix); it.isValid() && IndexKeys.startsWith(it.key(), prefix); it.next()) {
                        long count = IndexRows.countOf(it.value());
                        if (count > 0) {
                            byte[] key = it.key();
                            counts.put(new String(key, prefix.length, key.length - prefix.length, StandardCharsets.UTF_8), count);
                        }
                    }
                    it.status();
                }
                return counts;
            }), readers);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new EmbeddedStorageException("the embedded database is closed", e));
        }
    }
}

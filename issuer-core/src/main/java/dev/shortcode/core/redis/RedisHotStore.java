package dev.shortcode.core.redis;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import dev.shortcode.core.alloc.Ticker;
import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRecordCodec;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * The hot store on Redis, standalone or Cluster: code to link with a sliding TTL, every change
 * also appended to the archive outbox.
 *
 * <h2>Create: one command per create, plus a share of a batched append</h2>
 * {@code SET <ns>:l:{code} record NX EX ttl}; only when Redis answers OK is a {@code Put} handed
 * to the {@link OutboxAppender}, which group-commits it with other creates into one {@code XADD}
 * on the code's outbox shard. The create completes when that {@code XADD} is acknowledged, so a
 * link reported stored is also on its way to the archive. A failed {@code SET NX} (the code is
 * live: after a wrap, or a taken alias) appends nothing, so no phantom {@code Put} can ever
 * overwrite the live link in the archive.
 *
 * <p>Why not {@code SET} and {@code XADD} in one pipelined flush: the {@code XADD} would have to
 * go out before the {@code SET NX} result is known, leaving a {@code Put} for a create that
 * failed, which an archiver may read within microseconds. Why not one script doing both
 * atomically: the link key and its stream would have to share a hash slot, i.e. links could only
 * live in as many slots as there are outbox shards, tying the Cluster's data spread to the shard
 * count for good. The price of the chosen order is latency, not throughput: a create waits for
 * two sequential replies (the {@code SET}, then its batch's {@code XADD}), while Redis sees one
 * command per create plus one per batch (see {@code HotStoreFootprint} for the measurement).
 * If the append fails, the link is taken back (deleted if still ours) and the create fails.
 *
 * <p>{@link #createAll} does the same for a batch at a lower cost per link: all {@code SET NX}
 * commands leave back to back (pipelined), then the created links' puts join the outbox as one
 * group, which fills whole {@code XADD} entries instead of waiting in line one by one.
 *
 * <h2>Read: near cache, extension at most once per window</h2>
 * A node's first read of a code runs a tiny script that reads the record and sets its expiry
 * from the TTL stored in it ({@code GETEX} cannot, since the TTL is per link and unknown before
 * the read). The record then sits in a Caffeine near cache for {@code nearCacheExpiry}
 * (default 1 s), which serves repeats without Redis; concurrent misses of one code share one
 * load. The node remembers when it last extended a code ({@code extensionMarks}, expiring after
 * the code's extension window); a read after that queues one {@code EXPIRE} on the
 * {@link TtlExtender}'s thread and returns at once. A node thus writes at most one extension per
 * hot code per window, and at most one read per second per hot code reaches Redis.
 * Absent codes are not near-cached: a link created on another node is visible at once.
 *
 * <h2>Update and delete: compare-and-set, outbox, invalidation</h2>
 * An update runs a script that replaces the record only if the stored one is the same link
 * (creation time) at the previous version, with the new TTL; a delete is {@code GETDEL}. Both
 * append their mutation to the outbox, drop the code from this node's near cache and publish it
 * on the invalidation channel, so other nodes drop it within milliseconds. A lost message is
 * bounded by the near cache's expiry: no node serves a replaced or deleted link for longer than
 * {@code nearCacheExpiry}. A delete appends a {@code Remove} at the stored version + 1, so the
 * archive hides every version the hot store ever held.
 *
 * <p>Thread-safe, non-blocking: every method returns at once with a stage completed on Lettuce's
 * event loop.
 */
public final class RedisHotStore implements HotStore {

    private static final System.Logger LOG = System.getLogger(RedisHotStore.class.getName());

    /*
     * The scripts read fields of LinkRecordCodec's format 1: "1\t<version>\t<createdAt>\t<ttl>\t...",
     * numbers in base 36 (RedisHotStoreUnitTests pins that layout).
     */

    /** GET and, if present, EXPIRE by the record's own TTL: the first read of a code on a node. */
    private static final LuaScript READ_AND_EXTEND = new LuaScript("""
            local v = redis.call('GET', KEYS[1])
            if v then
              local ttl = string.match(v, '^1\\t[^\\t]*\\t[^\\t]*\\t([0-9a-z]+)\\t')
              if ttl then
                redis.call('EXPIRE', KEYS[1], tonumber(ttl, 36))
              end
            end
            return v
            """, ScriptOutputType.VALUE);

    /** Replace the record iff the stored one has version ARGV[3] and creation time ARGV[4]. */
    private static final LuaScript UPDATE = new LuaScript("""
            local v = redis.call('GET', KEYS[1])
            if not v then
              return 0
            end
            local version, created = string.match(v, '^1\\t([^\\t]*)\\t([^\\t]*)\\t')
            if version ~= ARGV[3] or created ~= ARGV[4] then
              return 0
            end
            redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
            return 1
            """, ScriptOutputType.INTEGER);

    /** Delete iff the key still holds exactly ARGV[1]: taking back a create that failed half-way. */
    private static final LuaScript DELETE_IF_SAME = new LuaScript("""
            if redis.call('GET', KEYS[1]) == ARGV[1] then
              return redis.call('DEL', KEYS[1])
            end
            return 0
            """, ScriptOutputType.INTEGER);

    private final RedisClusterAsyncCommands<String, String> redis;
    private final StoreKeys keys;
    private final HotStoreOptions options;
    private final AsyncCache<String, LinkRecord> nearCache;
    /** Code to its extension window in nanos; present while an extension made by this node is recent. */
    private final Cache<String, Long> extensionMarks;
    private final OutboxAppender outbox;
    private final TtlExtender extender;
    private final InvalidationChannel invalidations;

    public RedisHotStore(RedisConnection connection, StoreKeys keys, HotStoreOptions options) {
        this(connection, keys, options, Ticker.SYSTEM);
    }

    RedisHotStore(RedisConnection connection, StoreKeys keys, HotStoreOptions options, Ticker ticker) {
        this.redis = connection.async();
        this.keys = keys;
        this.options = options;
        this.nearCache = Caffeine.newBuilder()
                .maximumSize(options.nearCacheMaxSize())
                .expireAfterWrite(options.nearCacheExpiry())
                .ticker(ticker::nanos)
                .executor(Runnable::run)
                .buildAsync();
        this.extensionMarks = Caffeine.newBuilder()
                .maximumSize(options.extensionMarksMaxSize())
                .expireAfter(Expiry.<String, Long>writing((code, windowNanos) -> java.time.Duration.ofNanos(windowNanos)))
                .ticker(ticker::nanos)
                .executor(Runnable::run)
                .build();
        this.outbox = new OutboxAppender(redis, keys, options.outboxMaxBatch(), options.outboxMaxQueued());
        this.extender = new TtlExtender(redis, keys, options.extensionQueueCapacity(), options.extensionFlushInterval(),
                extensionMarks::invalidate);
        this.invalidations = new InvalidationChannel(connection, keys.invalidationChannel(), this::dropLocally);
    }

    @Override
    public CompletionStage<Boolean> create(LinkRecord link) {
        String code = link.code();
        String key = keys.link(code);
        String value = LinkRecordCodec.encode(link);
        String put = MutationCodec.encodePut(value); // here, not on the event loop that runs the completion
        return redis.set(key, value, SetArgs.Builder.nx().ex(link.ttlSeconds())).toCompletableFuture()
                .thenCompose(ok -> {
                    if (!"OK".equals(ok)) {
                        return CompletableFuture.completedFuture(Boolean.FALSE);
                    }
                    CompletableFuture<Boolean> archived = outbox.append(code, put).thenApply(v -> Boolean.TRUE);
                    archived.whenComplete((stored, failure) -> {
                        if (failure != null) {
                            takeBack(key, value, failure);
                        }
                    });
                    return archived;
                });
    }

    /**
     * Every {@code SET NX EX} is written before any reply is read, so they leave pipelined (one
     * write per node and event-loop turn, see {@link RedisConnection}); once all have answered,
     * the created links' puts go to the outbox as one group. A code given twice: both commands go
     * to the same node on the same connection in list order, so the first stores, the later ones
     * find it taken. As with {@link #create}, a refused link appends nothing, and the stage
     * completes only once every created link is in the outbox. If some {@code SET}s fail (a timeout,
     * a lost connection), the links the others created are still appended before the stage fails, so
     * none is live without its archive entry. If appends fail, those links are taken back.
     */
    @Override
    public CompletionStage<List<Boolean>> createAll(List<LinkRecord> links) {
        int n = links.size();
        if (n == 0) {
            return CompletableFuture.completedFuture(List.of());
        }
        String[] linkKeys = new String[n];
        String[] values = new String[n];
        String[] puts = new String[n];
        CompletableFuture<?>[] sets = new CompletableFuture<?>[n];
        for (int i = 0; i < n; i++) {
            LinkRecord link = links.get(i);
            linkKeys[i] = keys.link(link.code());
            values[i] = LinkRecordCodec.encode(link);
            puts[i] = MutationCodec.encodePut(values[i]); // here, not on the event loop that runs the completion
            sets[i] = redis.set(linkKeys[i], values[i], SetArgs.Builder.nx().ex(link.ttlSeconds())).toCompletableFuture();
        }
        return CompletableFuture.allOf(sets).handle((v, anyFailure) -> {
            Boolean[] created = new Boolean[n];
            Throwable setFailure = null;
            List<String> codes = new ArrayList<>(n);
            List<String> mutations = new ArrayList<>(n);
            int[] positions = new int[n];
            for (int i = 0; i < n; i++) {
                Object reply;
                try {
                    reply = sets[i].join();
                } catch (CompletionException | CancellationException e) {
                    setFailure = setFailure == null ? e : setFailure;
                    continue;
                }
                created[i] = "OK".equals(reply);
                if (created[i]) {
                    positions[codes.size()] = i;
                    codes.add(links.get(i).code());
                    mutations.add(puts[i]);
                }
            }
            Throwable failedSet = setFailure;
            return outbox.appendAll(codes, mutations).handle((ok, appendFailure) -> {
                if (appendFailure != null) {
                    Throwable cause = appendFailure instanceof CompletionException c && c.getCause() != null ? c.getCause() : appendFailure;
                    if (cause instanceof OutboxAppendException partial) {
                        BitSet missing = partial.notAppended();
                        for (int j = missing.nextSetBit(0); j >= 0; j = missing.nextSetBit(j + 1)) {
                            takeBack(linkKeys[positions[j]], values[positions[j]], partial.getCause());
                        }
                        cause = partial.getCause();
                    }
                    throw cause instanceof CompletionException c ? c : new CompletionException(cause);
                }
                if (failedSet != null) {
                    throw failedSet instanceof CompletionException c ? c : new CompletionException(failedSet);
                }
                return Arrays.asList(created);
            });
        }).thenCompose(stage -> stage);
    }

    @Override
    public CompletionStage<Optional<LinkRecord>> get(String code) {
        CompletableFuture<LinkRecord> cached = nearCache.getIfPresent(code);
        if (cached != null && cached.isDone() && !cached.isCompletedExceptionally()) {
            LinkRecord link = cached.join();
            if (link != null) {
                extendIfDue(link);
            }
            return CompletableFuture.completedFuture(Optional.ofNullable(link));
        }
        return nearCache.get(code, (c, executor) -> load(c)).thenApply(Optional::ofNullable);
    }

    @Override
    public CompletionStage<Boolean> update(LinkRecord link) {
        String code = link.code();
        String value = LinkRecordCodec.encode(link);
        String put = MutationCodec.encodePut(value);
        CompletableFuture<Long> replaced = UPDATE.runAsync(redis, new String[] {keys.link(code)}, value,
                Long.toString(link.ttlSeconds()), Long.toString(link.version() - 1, 36), Long.toString(link.createdAtMillis(), 36));
        return replaced.thenCompose(changed -> {
            if (changed == null || changed != 1L) {
                return CompletableFuture.completedFuture(Boolean.FALSE);
            }
            dropLocally(code);
            extensionMarks.put(code, options.extensionWindowNanos(link.ttlSeconds()));
            CompletableFuture<Void> published = invalidations.publish(code);
            return outbox.append(code, put).thenCombine(published, (a, b) -> Boolean.TRUE);
        });
    }

    @Override
    public CompletionStage<Boolean> delete(String code) {
        return redis.getdel(keys.link(code)).toCompletableFuture().thenCompose(value -> {
            if (value == null) {
                return CompletableFuture.completedFuture(Boolean.FALSE);
            }
            dropLocally(code);
            extensionMarks.invalidate(code);
            CompletableFuture<Void> published = invalidations.publish(code);
            LinkRecord old = LinkRecordCodec.decode(code, value);
            return outbox.append(new ArchiveMutation.Remove(code, old.createdAtMillis(), old.version() + 1))
                    .thenCombine(published, (a, b) -> Boolean.TRUE);
        });
    }

    /**
     * Puts a link read from the archive back into Redis with {@code SET NX EX}, without an outbox
     * entry (the archive has it), and into this node's near cache.
     *
     * @return false when a live link already held the code; it is left as it is
     */
    CompletableFuture<Boolean> rewarm(LinkRecord link) {
        return redis.set(keys.link(link.code()), LinkRecordCodec.encode(link), SetArgs.Builder.nx().ex(link.ttlSeconds()))
                .toCompletableFuture()
                .thenApply(ok -> {
                    if (!"OK".equals(ok)) {
                        return Boolean.FALSE;
                    }
                    extensionMarks.put(link.code(), options.extensionWindowNanos(link.ttlSeconds()));
                    nearCache.put(link.code(), CompletableFuture.completedFuture(link));
                    return Boolean.TRUE;
                });
    }

    /** The near-cached link, without any I/O; null when this node holds none. */
    LinkRecord cached(String code) {
        CompletableFuture<LinkRecord> cached = nearCache.getIfPresent(code);
        return cached != null && cached.isDone() && !cached.isCompletedExceptionally() ? cached.join() : null;
    }

    /** Outbox mutations waiting on this node; for metrics and tests. */
    public int outboxQueued() {
        return outbox.queued();
    }

    StoreKeys keys() {
        return keys;
    }

    private CompletableFuture<LinkRecord> load(String code) {
        boolean extend = extensionMarks.asMap().putIfAbsent(code, options.minExtensionWindow().toNanos()) == null;
        String key = keys.link(code);
        CompletableFuture<String> read = extend
                ? READ_AND_EXTEND.runAsync(redis, new String[] {key})
                : redis.get(key).toCompletableFuture();
        return read.handle((value, failure) -> {
            if (failure != null || value == null) {
                if (extend) {
                    extensionMarks.invalidate(code);
                }
                if (failure != null) {
                    throw failure instanceof CompletionException c ? c : new CompletionException(failure);
                }
                return null;
            }
            LinkRecord link = LinkRecordCodec.decode(code, value);
            if (extend) {
                extensionMarks.put(code, options.extensionWindowNanos(link.ttlSeconds()));
            }
            return link;
        });
    }

    private void extendIfDue(LinkRecord link) {
        String code = link.code();
        if (extensionMarks.asMap().putIfAbsent(code, options.extensionWindowNanos(link.ttlSeconds())) == null
                && !extender.offer(code, link.ttlSeconds())) {
            extensionMarks.invalidate(code);
        }
    }

    private void dropLocally(String code) {
        nearCache.synchronous().invalidate(code);
    }

    private void takeBack(String key, String value, Throwable cause) {
        LOG.log(Level.WARNING, "outbox append failed for {0}; taking the link back: {1}", key, cause.toString());
        DELETE_IF_SAME.<Long>runAsync(redis, new String[] {key}, value).whenComplete((deleted, failure) -> {
            if (failure != null) {
                LOG.log(Level.ERROR, "link {0} is live in Redis but not in the outbox, and could not be taken back: {1}",
                        key, failure.toString());
            }
        });
    }

    @Override
    public void close() {
        extender.close();
        invalidations.close();
    }
}

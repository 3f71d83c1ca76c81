package dev.shortcode.core.redis;

import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.ArchiveMutation;
import io.lettuce.core.Consumer;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XAutoClaimArgs;
import io.lettuce.core.XGroupCreateArgs;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.XReadArgs.StreamOffset;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.lettuce.core.models.stream.ClaimedMessages;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Moves the outbox into the archive: the asynchronous, durable half of every create, update and
 * delete.
 *
 * <h2>Design</h2>
 * Every node runs one archiver; all join one consumer group on every shard stream, so Redis hands
 * each entry to exactly one of them. A worker thread owns a fixed subset of the shards and a
 * connection of its own (blocking reads must not stall the shared connection). Per shard it loops:
 * <ol>
 *   <li>read a batch: {@code XREADGROUP ... COUNT n BLOCK ms STREAMS shard >};
 *   <li>decode the mutations (an entry holds many, see {@link OutboxAppender}) and write them to
 *       the {@link Archive} in one call, waiting at most {@code archiveTimeout};
 *   <li>on success {@code XACK} then {@code XDEL} the entries, pipelined: the stream holds only
 *       what is not yet archived, so it never grows without bound and no {@code MAXLEN} is needed
 *       (one that trims unacknowledged entries would lose them during an archive outage);
 *   <li>on failure leave the entries pending, back off (doubling, capped, jittered) and re-read
 *       this consumer's own pending entries ({@code STREAMS shard 0}) until they go through, before
 *       reading anything new. An archive outage thus stalls the archivers on one batch per shard
 *       while the streams absorb the backlog; nothing is lost and nothing is acknowledged early.
 * </ol>
 * Every {@code claimInterval} a worker runs {@code XAUTOCLAIM} with {@code claimIdle} on its
 * shards: entries a crashed node read but never acknowledged are taken over and archived. It also
 * removes consumers that have nothing pending and were idle for {@code deadConsumerIdle}.
 *
 * <h2>Guarantees</h2>
 * At least once: an entry is acknowledged only after the archive accepted it. Duplicates arise
 * only when a node dies (or its Redis reply is lost) between writing and acknowledging, or when
 * a batch outlives {@code claimIdle} in a live archiver and another one takes it over; archive
 * writes are idempotent (cell timestamps from creation time and version), so a replay changes
 * nothing. Mutations of one code come from one stream in order; across nodes the archive orders
 * them by version.
 *
 * <p>Threads: {@code threads} workers, each with one connection, all stopped by {@link #close}.
 */
final class OutboxArchiver implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(OutboxArchiver.class.getName());

    private final Supplier<RedisConnection> connections;
    private final Archive archive;
    private final StoreKeys keys;
    private final ArchiverOptions options;
    private final OutboxMetrics metrics;
    private final String consumerName;
    private final Clock clock;
    private final List<Worker> workers = new ArrayList<>();
    private volatile boolean running;
    /** Where the events of archived mutations go; null when nobody records them. */
    private volatile RedisEventJournal events;

    /**
     * @param connections  opens a new connection per worker thread (closed by the archiver)
     * @param consumerName this node's name in the consumer group; stable across restarts (the pod
     *                     name) lets a restarted node finish its own pending entries at once instead
     *                     of after {@code claimIdle}
     */
    OutboxArchiver(Supplier<RedisConnection> connections, Archive archive, StoreKeys keys, ArchiverOptions options,
            OutboxMetrics metrics, String consumerName, Clock clock) {
        this.connections = connections;
        this.archive = archive;
        this.keys = keys;
        this.options = options;
        this.metrics = metrics;
        this.consumerName = consumerName;
        this.clock = clock;
    }

    /** Records the webhook events of what it archives into {@code journal}, from its start on. */
    OutboxArchiver recordingEvents(RedisEventJournal journal) {
        this.events = journal;
        return this;
    }

    /** A consumer name unique to this process. */
    static String uniqueConsumerName() {
        return "archiver-" + ProcessHandle.current().pid() + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** Creates the consumer groups where missing and starts the workers. */
    synchronized OutboxArchiver start() {
        if (running) {
            throw new IllegalStateException("already started");
        }
        running = true;
        int threads = Math.min(options.threads(), keys.outboxShards());
        try {
            for (int t = 0; t < threads; t++) {
                List<Integer> mine = new ArrayList<>();
                for (int shard = t; shard < keys.outboxShards(); shard += threads) {
                    mine.add(shard);
                }
                Worker worker = new Worker(t, mine.stream().mapToInt(Integer::intValue).toArray(), connections.get());
                workers.add(worker);
                for (int shard : worker.shards) {
                    worker.ensureGroup(shard);
                }
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        workers.forEach(w -> w.thread.start());
        return this;
    }

    String consumerName() {
        return consumerName;
    }

    /**
     * Stops the workers: each finishes the batch it is on if that takes less than about a second,
     * else it is interrupted and its batch stays pending for another archiver to claim.
     */
    @Override
    public synchronized void close() {
        running = false;
        long graceMillis = options.block().toMillis() * keys.outboxShards() + 1_000;
        for (Worker w : workers) {
            join(w.thread, graceMillis);
        }
        for (Worker w : workers) {
            if (w.thread.isAlive()) {
                w.thread.interrupt();
                join(w.thread, 5_000);
            }
            w.connection.close();
        }
        workers.clear();
    }

    private static void join(Thread thread, long millis) {
        if (!thread.isAlive() || thread == Thread.currentThread()) {
            return;
        }
        try {
            thread.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One thread, one connection, a fixed set of shards. */
    private final class Worker implements Runnable {

        final int[] shards;
        final RedisConnection connection;
        final RedisClusterCommands<String, String> redis;
        final Thread thread;
        final Consumer<String> me;
        /** Per shard: this consumer has pending entries to finish before reading new ones. */
        final boolean[] backlog;
        int consecutiveFailures;
        long nextClaimNanos;
        long nextMetricsNanos;

        Worker(int index, int[] shards, RedisConnection connection) {
            this.shards = shards;
            this.connection = connection;
            this.redis = connection.sync();
            this.me = Consumer.from(options.group(), consumerName);
            this.backlog = new boolean[shards.length];
            java.util.Arrays.fill(backlog, true); // a restart under the same name resumes its own pending entries
            this.thread = new Thread(this, "outbox-archiver-" + keys.namespace() + "-" + index);
            this.thread.setDaemon(true);
        }

        @Override
        public void run() {
            nextClaimNanos = System.nanoTime() + options.claimInterval().toNanos();
            nextMetricsNanos = System.nanoTime();
            while (running) {
                try {
                    long roundStart = System.nanoTime();
                    boolean fullBatchWaiting = false;
                    for (int i = 0; i < shards.length && running; i++) {
                        fullBatchWaiting |= step(i);
                    }
                    if (!fullBatchWaiting) {
                        lingerAfter(roundStart);
                    }
                    long now = System.nanoTime();
                    if (running && now - nextClaimNanos >= 0) {
                        nextClaimNanos = now + options.claimInterval().toNanos();
                        for (int i = 0; i < shards.length && running; i++) {
                            claim(i);
                        }
                    }
                    if (running && now - nextMetricsNanos >= 0) {
                        nextMetricsNanos = now + options.metricsInterval().toNanos();
                        for (int shard : shards) {
                            metrics.outboxLength(shard, redis.xlen(keys.outbox(shard)));
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                } catch (RuntimeException e) {
                    if (!running) {
                        return;
                    }
                    // Redis down or failing over, or a bug: never let the thread die, or archiving stops silently.
                    LOG.log(e instanceof RedisException ? Level.WARNING : Level.ERROR, "outbox archiver: {0}; retrying", e.toString());
                    consecutiveFailures++;
                    try {
                        backOff();
                    } catch (InterruptedException interrupted) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
        }

        /**
         * Waits out the rest of {@code linger} since the round began: entries then gather into
         * larger archive writes (see {@link ArchiverOptions#linger()}). A close interrupts nothing
         * here: the pause is short and {@code running} is checked right after.
         */
        private void lingerAfter(long roundStartNanos) throws InterruptedException {
            long remaining = options.linger().toNanos() - (System.nanoTime() - roundStartNanos);
            if (remaining > 0 && running) {
                TimeUnit.NANOSECONDS.sleep(remaining);
            }
        }

        /**
         * Reads and archives one batch of shard {@code shards[i]}.
         *
         * @return true when the read was full (more may be waiting) or is to be retried, so the
         *     thread should not pause
         */
        private boolean step(int i) throws InterruptedException {
            int shard = shards[i];
            String key = keys.outbox(shard);
            List<StreamMessage<String, String>> entries;
            try {
                entries = backlog[i]
                        ? redis.xreadgroup(me, XReadArgs.Builder.count(options.batchEntries()), StreamOffset.from(key, "0"))
                        : redis.xreadgroup(me, XReadArgs.Builder.count(options.batchEntries()).block(options.block()),
                                StreamOffset.lastConsumed(key));
            } catch (RedisCommandExecutionException e) {
                if (isNoGroup(e)) { // stream or group vanished: Redis restarted empty, or flushed
                    ensureGroup(shard);
                    return true;
                }
                throw e;
            }
            if (entries == null || entries.isEmpty()) {
                backlog[i] = false;
                return false;
            }
            if (archive(shard, key, entries)) {
                consecutiveFailures = 0;
                return backlog[i] || entries.size() >= options.batchEntries();
            }
            backlog[i] = true;
            backOff();
            return true;
        }

        /** Takes over entries idle with any consumer for longer than claimIdle, and archives them. */
        private void claim(int i) throws InterruptedException {
            int shard = shards[i];
            String key = keys.outbox(shard);
            String cursor = "0-0";
            do {
                ClaimedMessages<String, String> claimed;
                try {
                    claimed = redis.xautoclaim(key, XAutoClaimArgs.Builder.xautoclaim(me, options.claimIdle(), cursor)
                            .count(options.batchEntries()));
                } catch (RedisCommandExecutionException e) {
                    if (isNoGroup(e)) {
                        ensureGroup(shard);
                        return;
                    }
                    throw e;
                }
                cursor = claimed.getId();
                List<StreamMessage<String, String>> entries = claimed.getMessages();
                if (!entries.isEmpty()) {
                    metrics.entriesClaimed(shard, entries.size());
                    LOG.log(Level.INFO, "outbox shard {0}: took over {1} entries idle for more than {2}", shard, entries.size(),
                            options.claimIdle());
                    if (!archive(shard, key, entries)) {
                        backlog[i] = true; // they are ours now: retried through the backlog path
                        return;
                    }
                }
            } while (running && cursor != null && !"0-0".equals(cursor));
            removeDeadConsumers(key);
        }

        /** @return true when the entries are archived and acknowledged */
        private boolean archive(int shard, String key, List<StreamMessage<String, String>> entries) throws InterruptedException {
            List<ArchiveMutation> batch = new ArrayList<>();
            List<Long> batchMillis = new ArrayList<>();
            String[] ids = new String[entries.size()];
            long oldestMillis = Long.MAX_VALUE;
            for (int e = 0; e < entries.size(); e++) {
                StreamMessage<String, String> entry = entries.get(e);
                ids[e] = entry.getId();
                oldestMillis = Math.min(oldestMillis, entryMillis(entry.getId()));
                Map<String, String> body = entry.getBody();
                if (body == null) {
                    continue; // deleted from the stream while still pending: nothing left to archive
                }
                for (Map.Entry<String, String> field : body.entrySet()) {
                    try {
                        batch.add(MutationCodec.decode(field.getKey(), field.getValue()));
                        batchMillis.add(entryMillis(entry.getId()));
                    } catch (IllegalArgumentException corrupt) {
                        LOG.log(Level.ERROR, "outbox shard {0}: dropping undecodable mutation in entry {1}: {2}", shard,
                                entry.getId(), corrupt.getMessage());
                        metrics.mutationDropped(shard, entry.getId());
                    }
                }
            }
            long began = System.nanoTime();
            if (!batch.isEmpty()) {
                try {
                    archive.write(batch).toCompletableFuture().get(options.archiveTimeout().toMillis(), TimeUnit.MILLISECONDS);
                } catch (ExecutionException | TimeoutException | RuntimeException e) {
                    Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
                    consecutiveFailures++;
                    metrics.archiveFailed(shard, cause);
                    LOG.log(consecutiveFailures == 1 ? Level.WARNING : Level.DEBUG,
                            "outbox shard {0}: archive write of {1} mutations failed ({2} in a row); entries stay pending: {3}",
                            shard, batch.size(), consecutiveFailures, cause.toString());
                    return false;
                }
            }
            long archiveNanos = System.nanoTime() - began;
            if (events != null && !batch.isEmpty()) {
                // Before the entries go: an archiver that dies here leaves them pending, and the next records their events again.
                try {
                    events.recordArchived(batchMillis, batch).get(options.archiveTimeout().toMillis(), TimeUnit.MILLISECONDS);
                } catch (ExecutionException | TimeoutException | RuntimeException e) {
                    LOG.log(Level.WARNING, "outbox shard {0}: recording webhook events failed; entries stay pending: {1}", shard, e.toString());
                    return false;
                }
            }
            RedisFuture<Long> acked = connection.async().xack(key, options.group(), ids);
            RedisFuture<Long> deleted = connection.async().xdel(key, ids);
            try {
                acked.get();
                deleted.get();
            } catch (ExecutionException e) {
                // Archived but not acknowledged: it will be archived again, which the archive tolerates.
                throw e.getCause() instanceof RedisException r ? r : new RedisException(e.getCause());
            }
            metrics.batchArchived(shard, entries.size(), batch.size(), archiveNanos);
            if (oldestMillis != Long.MAX_VALUE) {
                metrics.archiveLag(Duration.ofMillis(Math.max(0, clock.millis() - oldestMillis)));
            }
            return true;
        }

        private void removeDeadConsumers(String key) {
            for (Object consumer : redis.xinfoConsumers(key, options.group())) {
                if (!(consumer instanceof List<?> fields)) {
                    continue;
                }
                String name = null;
                long pending = -1;
                long idle = -1;
                for (int f = 0; f + 1 < fields.size(); f += 2) {
                    String field = String.valueOf(fields.get(f));
                    Object value = fields.get(f + 1);
                    switch (field) {
                        case "name" -> name = String.valueOf(value);
                        case "pending" -> pending = ((Number) value).longValue();
                        case "idle" -> idle = ((Number) value).longValue();
                        default -> { }
                    }
                }
                if (name != null && !name.equals(consumerName) && pending == 0 && idle > options.deadConsumerIdle().toMillis()) {
                    redis.xgroupDelconsumer(key, Consumer.from(options.group(), name));
                    LOG.log(Level.INFO, "outbox {0}: removed consumer {1}, idle for {2} ms with nothing pending", key, name, idle);
                }
            }
        }

        void ensureGroup(int shard) {
            try {
                redis.xgroupCreate(StreamOffset.from(keys.outbox(shard), "0-0"), options.group(), XGroupCreateArgs.Builder.mkstream());
            } catch (RedisCommandExecutionException e) {
                if (e.getMessage() == null || !e.getMessage().startsWith("BUSYGROUP")) {
                    throw e;
                }
            }
        }

        private void backOff() throws InterruptedException {
            long min = options.retryBackoffMin().toMillis();
            long max = options.retryBackoffMax().toMillis();
            long bound = Math.min(max, min << Math.min(Math.max(consecutiveFailures - 1, 0), 20));
            Thread.sleep(ThreadLocalRandom.current().nextLong(Math.max(1, bound / 2), bound + 1));
        }
    }

    private static boolean isNoGroup(RedisCommandExecutionException e) {
        return e.getMessage() != null && e.getMessage().startsWith("NOGROUP");
    }

    /** The milliseconds part of a stream entry id ({@code <ms>-<seq>}). */
    static long entryMillis(String id) {
        int dash = id.indexOf('-');
        return Long.parseLong(dash < 0 ? id : id.substring(0, dash));
    }
}

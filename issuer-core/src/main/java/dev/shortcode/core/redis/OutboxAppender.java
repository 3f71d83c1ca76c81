package dev.shortcode.core.redis;

import dev.shortcode.core.store.ArchiveMutation;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Appends archive mutations to the sharded outbox streams by group commit.
 *
 * <h2>Design</h2>
 * Each shard stream has a lane with at most one {@code XADD} in flight. A mutation joins its
 * shard's queue; if nothing is in flight it leaves at once in an entry of its own, otherwise it
 * waits for the in-flight {@code XADD} to return and leaves with everything that queued up
 * meanwhile, up to {@code maxBatch} mutations per entry. An idle node thus adds no delay, and a
 * busy one sends one {@code XADD} per batch instead of one per mutation: the outbox costs
 * {@code 1/batch} of a command per create. Callbacks run on Lettuce's event loop; nothing blocks.
 *
 * <p>An entry's fields are codes, its values the encoded mutations ({@link MutationCodec}). A code
 * occurs at most once per entry (a repeat starts the next entry), so readers may treat an entry
 * as a map and a code's mutations stay in order: one lane per stream, one entry after the other.
 *
 * <p>No {@code MAXLEN}/{@code MINID} on {@code XADD}: trimming by length or age would drop entries
 * no archiver has acknowledged yet, exactly the ones an archive outage must keep. Archivers delete
 * entries once acknowledged ({@link OutboxArchiver}), so the stream holds only the backlog.
 *
 * <h2>Groups</h2>
 * {@link #appendAll} hands many mutations over at once (the creates of one batch): each shard's
 * share joins that shard's queue under one lock and leaves in as few entries as {@code maxBatch}
 * allows, and one stage answers for all of them instead of one future per mutation.
 *
 * <p>Bounded: at most {@code maxQueued} mutations wait on this node; beyond that {@link #append}
 * fails at once with {@link OutboxBacklogException}. A group is admitted whenever the bound is not
 * reached yet (it may overshoot it by its own size, and is never refused for being large).
 */
final class OutboxAppender {

    private final RedisClusterAsyncCommands<String, String> redis;
    private final StoreKeys keys;
    private final int maxBatch;
    private final int maxQueued;
    private final Lane[] lanes;
    private final AtomicInteger queued = new AtomicInteger();

    OutboxAppender(RedisClusterAsyncCommands<String, String> redis, StoreKeys keys, int maxBatch, int maxQueued) {
        this.redis = redis;
        this.keys = keys;
        this.maxBatch = maxBatch;
        this.maxQueued = maxQueued;
        this.lanes = new Lane[keys.outboxShards()];
        for (int i = 0; i < lanes.length; i++) {
            lanes[i] = new Lane(keys.outbox(i));
        }
    }

    /** Completes when the mutation is in its outbox stream (acknowledged by Redis). */
    CompletableFuture<Void> append(ArchiveMutation mutation) {
        return append(mutation.code(), MutationCodec.encode(mutation));
    }

    /**
     * Like {@link #append(ArchiveMutation)} with the mutation already encoded by {@link MutationCodec}:
     * callers encode on their own thread, not on the event loop that runs the completions.
     */
    CompletableFuture<Void> append(String code, String encodedMutation) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (queued.incrementAndGet() > maxQueued) {
            queued.decrementAndGet();
            done.completeExceptionally(new OutboxBacklogException(maxQueued));
            return done;
        }
        Lane lane = lanes[keys.shardOf(code)];
        List<Pending> batch;
        synchronized (lane) {
            lane.queue.add(new Pending(code, encodedMutation, (index, failure) -> {
                if (failure == null) {
                    done.complete(null);
                } else {
                    done.completeExceptionally(failure);
                }
            }, 0));
            batch = lane.sending ? null : lane.takeBatch(maxBatch);
        }
        if (batch != null) {
            send(lane, batch);
        }
        return done;
    }

    /**
     * Appends mutations already encoded by {@link MutationCodec}, {@code codes.get(i)} with
     * {@code encodedMutations.get(i)}. Completes when all of them are in their outbox streams; if
     * any is not, fails, once every one has been settled, with an {@link OutboxAppendException}
     * naming which did not make it.
     */
    CompletableFuture<Void> appendAll(List<String> codes, List<String> encodedMutations) {
        int n = codes.size();
        if (n != encodedMutations.size()) {
            throw new IllegalArgumentException(n + " codes but " + encodedMutations.size() + " mutations");
        }
        GroupWaiter group = new GroupWaiter(n);
        if (n == 0) {
            return group.done;
        }
        if (queued.getAndAdd(n) >= maxQueued) {
            queued.addAndGet(-n);
            OutboxBacklogException backlog = new OutboxBacklogException(maxQueued);
            for (int i = 0; i < n; i++) {
                group.settle(i, backlog);
            }
            return group.done;
        }
        @SuppressWarnings("unchecked")
        List<Pending>[] byLane = new List[lanes.length];
        for (int i = 0; i < n; i++) {
            String code = codes.get(i);
            int shard = keys.shardOf(code);
            if (byLane[shard] == null) {
                byLane[shard] = new ArrayList<>();
            }
            byLane[shard].add(new Pending(code, encodedMutations.get(i), group, i));
        }
        for (int shard = 0; shard < lanes.length; shard++) {
            if (byLane[shard] == null) {
                continue;
            }
            Lane lane = lanes[shard];
            List<Pending> batch;
            synchronized (lane) {
                lane.queue.addAll(byLane[shard]);
                batch = lane.sending ? null : lane.takeBatch(maxBatch);
            }
            if (batch != null) {
                send(lane, batch);
            }
        }
        return group.done;
    }

    /** Mutations waiting for or riding on an {@code XADD}; for tests and metrics. */
    int queued() {
        return queued.get();
    }

    /**
     * Sends batches of the lane until one is in flight. A loop, not recursion: on a closed
     * connection every {@code XADD} fails at once, and the whole queue drains here.
     */
    private void send(Lane lane, List<Pending> first) {
        List<Pending> batch = first;
        while (batch != null) {
            CompletableFuture<String> sent = xadd(lane.key, batch);
            if (!sent.isDone()) {
                List<Pending> inFlight = batch;
                sent.whenComplete((id, failure) -> {
                    finish(inFlight, failure);
                    List<Pending> next = next(lane);
                    if (next != null) {
                        send(lane, next);
                    }
                });
                return;
            }
            finish(batch, sent.isCompletedExceptionally() ? sent.handle((id, failure) -> failure).join() : null);
            batch = next(lane);
        }
    }

    private CompletableFuture<String> xadd(String key, List<Pending> batch) {
        Object[] fields = new Object[batch.size() * 2];
        for (int i = 0; i < batch.size(); i++) {
            fields[2 * i] = batch.get(i).code;
            fields[2 * i + 1] = batch.get(i).value;
        }
        try {
            return redis.xadd(key, fields).toCompletableFuture();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private void finish(List<Pending> batch, Throwable failure) {
        queued.addAndGet(-batch.size());
        for (Pending p : batch) {
            p.waiter.settle(p.index, failure);
        }
    }

    private List<Pending> next(Lane lane) {
        synchronized (lane) {
            return lane.takeBatch(maxBatch);
        }
    }

    /** A mutation waiting for its {@code XADD}; {@code index} is its place in its caller's group. */
    private record Pending(String code, String value, Waiter waiter, int index) {}

    /** Who is told when a mutation's {@code XADD} returns: one {@link #append}, or an {@link #appendAll} group. */
    @FunctionalInterface
    private interface Waiter {
        /** @param failure null when the mutation is in its stream */
        void settle(int index, Throwable failure);
    }

    /** Completes its stage when every mutation of the group is settled. */
    private static final class GroupWaiter implements Waiter {
        final CompletableFuture<Void> done = new CompletableFuture<>();
        private final AtomicInteger unsettled;
        private final BitSet failed = new BitSet(); // guarded by this
        private Throwable firstFailure; // guarded by this

        GroupWaiter(int size) {
            this.unsettled = new AtomicInteger(size);
            if (size == 0) {
                done.complete(null);
            }
        }

        @Override
        public void settle(int index, Throwable failure) {
            if (failure != null) {
                synchronized (this) {
                    failed.set(index);
                    if (firstFailure == null) {
                        firstFailure = failure;
                    }
                }
            }
            if (unsettled.decrementAndGet() == 0) {
                synchronized (this) {
                    if (firstFailure == null) {
                        done.complete(null);
                    } else {
                        done.completeExceptionally(new OutboxAppendException(firstFailure, (BitSet) failed.clone()));
                    }
                }
            }
        }
    }

    /** One stream's queue; guarded by its own monitor. */
    private static final class Lane {
        final String key;
        final ArrayDeque<Pending> queue = new ArrayDeque<>();
        boolean sending;

        Lane(String key) {
            this.key = key;
        }

        /** The next batch of distinct codes, or null (and not sending) when the queue is empty. */
        List<Pending> takeBatch(int maxBatch) {
            if (queue.isEmpty()) {
                sending = false;
                return null;
            }
            List<Pending> batch = new ArrayList<>(Math.min(maxBatch, queue.size()));
            Set<String> codes = new HashSet<>();
            while (!queue.isEmpty() && batch.size() < maxBatch && codes.add(queue.peek().code)) {
                batch.add(queue.poll());
            }
            sending = true;
            return batch;
        }
    }
}

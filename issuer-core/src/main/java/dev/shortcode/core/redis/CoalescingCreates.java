package dev.shortcode.core.redis;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Single creates on a standalone Redis, coalesced per outbox shard: what arrives while the shard's
 * previous call is in flight goes out as one script call when it returns.
 *
 * <p>Design note. Each {@link OneScriptCreates#create} is a script call of its own: at thousands of
 * creates a second most of Redis's CPU goes to reading, dispatching and answering calls one at a
 * time, not to the writes. A batch already stores many links in one call
 * ({@link OneScriptCreates#createAll}). This class gives single creates the same economy the way a
 * group commit does, without a timer: a shard with no call in flight sends a create at once, as
 * one {@code CREATE} (an idle node waits for nothing); while a call is in flight, later creates of
 * the shard queue, and when it answers, up to {@code maxPerCall} of them leave as one
 * {@code CREATE_ALL} call, their {@code Put}s one outbox entry. A create waits at most for the call
 * ahead of it, which is what the busy server would have made it wait anyway. Each create still
 * completes with its own outcome (stored, or the code is live), and a failed call fails each of its
 * creates, which the hot store then takes back one by one as before: coalescing changes how
 * creates travel, not what a reply means.
 *
 * <p>Thread safety: a shard's queue and in-flight flag are guarded by the shard; replies arrive on
 * the connection's I/O thread, which sends the next call. Callers' futures are completed outside
 * the lock.
 */
final class CoalescingCreates {

    private final OneScriptCreates scripts;
    private final StoreKeys keys;
    private final int maxPerCall;
    private final Shard[] shards;

    private record Pending(String code, String record, long ttlSeconds, CompletableFuture<Boolean> done) {}

    private static final class Shard {
        final int index;
        /** Guarded by this. */
        boolean inFlight;
        /** Guarded by this. */
        final ArrayDeque<Pending> queue = new ArrayDeque<>();

        Shard(int index) {
            this.index = index;
        }
    }

    CoalescingCreates(OneScriptCreates scripts, StoreKeys keys, int maxPerCall) {
        this.scripts = scripts;
        this.keys = keys;
        this.maxPerCall = Math.min(maxPerCall, OneScriptCreates.MAX_LINKS_PER_CALL);
        this.shards = new Shard[keys.outboxShards()];
        for (int i = 0; i < shards.length; i++) {
            shards[i] = new Shard(i);
        }
    }

    /** As {@link OneScriptCreates#create}: true when stored with its Put in the outbox, false when the code is live. */
    CompletableFuture<Boolean> create(String code, String record, long ttlSeconds) {
        Shard shard = shards[keys.shardOf(code)];
        synchronized (shard) {
            if (shard.inFlight) {
                Pending pending = new Pending(code, record, ttlSeconds, new CompletableFuture<>());
                shard.queue.add(pending);
                return pending.done;
            }
            shard.inFlight = true;
        }
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        scripts.create(code, record, ttlSeconds).whenComplete((stored, failure) -> {
            sendNext(shard);
            if (failure != null) {
                done.completeExceptionally(failure);
            } else {
                done.complete(stored);
            }
        });
        return done;
    }

    /** After a call of {@code shard} answered: the queued creates leave as one call, or the shard is idle again. */
    private void sendNext(Shard shard) {
        Pending[] batch;
        synchronized (shard) {
            int n = Math.min(shard.queue.size(), maxPerCall);
            if (n == 0) {
                shard.inFlight = false;
                return;
            }
            batch = new Pending[n];
            for (int i = 0; i < n; i++) {
                batch[i] = shard.queue.poll();
            }
        }
        String[] codes = new String[batch.length];
        String[] records = new String[batch.length];
        long[] ttls = new long[batch.length];
        for (int i = 0; i < batch.length; i++) {
            codes[i] = batch[i].code;
            records[i] = batch[i].record;
            ttls[i] = batch[i].ttlSeconds;
        }
        CompletableFuture<List<Long>> call;
        try {
            call = scripts.createInShard(shard.index, codes, records, ttls);
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        call.whenComplete((answers, failure) -> {
            sendNext(shard);
            for (int i = 0; i < batch.length; i++) {
                if (failure != null) {
                    batch[i].done.completeExceptionally(failure);
                } else {
                    batch[i].done.complete(answers.get(i) == 1L);
                }
            }
        });
    }

    /** Creates waiting for their shard's call in flight, for tests and metrics. */
    int queued() {
        int n = 0;
        for (Shard shard : shards) {
            synchronized (shard) {
                n += shard.queue.size();
            }
        }
        return n;
    }
}

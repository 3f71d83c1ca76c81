package dev.shortcode.core.redis;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Single creates on a standalone Redis, coalesced: what arrives while the node's previous create
 * call is in flight goes out as one script call when it returns.
 *
 * <p>Design note. Each {@link OneScriptCreates#create} is a script call of its own: at thousands of
 * creates a second most of Redis's CPU goes to reading, dispatching and answering calls one at a
 * time, not to the writes. A batch already stores many links in one call
 * ({@link OneScriptCreates#createAll}). This class gives single creates the same economy the way a
 * group commit does, without a timer: with no create call in flight, a create leaves at once, as
 * one {@code CREATE} (an idle node waits for nothing); while one is in flight, later creates queue,
 * and when it answers, up to {@code maxPerCall} of them leave as one call
 * ({@link OneScriptCreates#createAcross}: a standalone server lets one script touch every outbox
 * shard), their {@code Put}s one entry per shard. A create waits at most for the call ahead of it.
 * One call in flight per node, not per shard: with eight shards a busy node's creates rarely meet
 * in one shard, and a call of a few hundred microseconds carries what a node makes in that time.
 * Each create still completes with its own outcome (stored, or the code is live), and a failed
 * call fails each of its creates, which the hot store then takes back one by one as before:
 * coalescing changes how creates travel, not what a reply means.
 *
 * <p>Thread safety: the queue and the in-flight flag are guarded by {@code this}; replies arrive
 * on the connection's I/O thread, which sends the next call. Callers' futures are completed
 * outside the lock.
 */
final class CoalescingCreates {

    private final OneScriptCreates scripts;
    private final int maxPerCall;
    /** Guarded by this. */
    private boolean inFlight;
    /** Guarded by this. */
    private final ArrayDeque<Pending> queue = new ArrayDeque<>();

    private record Pending(String code, String record, long ttlSeconds, CompletableFuture<Boolean> done) {}

    CoalescingCreates(OneScriptCreates scripts, int maxPerCall) {
        this.scripts = scripts;
        this.maxPerCall = Math.min(maxPerCall, OneScriptCreates.MAX_LINKS_PER_CALL);
    }

    /** As {@link OneScriptCreates#create}: true when stored with its Put in the outbox, false when the code is live. */
    CompletableFuture<Boolean> create(String code, String record, long ttlSeconds) {
        synchronized (this) {
            if (inFlight) {
                Pending pending = new Pending(code, record, ttlSeconds, new CompletableFuture<>());
                queue.add(pending);
                return pending.done;
            }
            inFlight = true;
        }
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        CompletableFuture<Boolean> call;
        try {
            call = scripts.create(code, record, ttlSeconds);
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        call.whenComplete((stored, failure) -> {
            sendNext();
            if (failure != null) {
                done.completeExceptionally(failure);
            } else {
                done.complete(stored);
            }
        });
        return done;
    }

    /** After a call answered: the queued creates leave as one call, or nothing is in flight any more. */
    private void sendNext() {
        Pending[] batch;
        synchronized (this) {
            int n = Math.min(queue.size(), maxPerCall);
            if (n == 0) {
                inFlight = false;
                return;
            }
            batch = new Pending[n];
            for (int i = 0; i < n; i++) {
                batch[i] = queue.poll();
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
            call = scripts.createAcross(codes, records, ttls);
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        call.whenComplete((answers, failure) -> {
            sendNext();
            for (int i = 0; i < batch.length; i++) {
                if (failure != null) {
                    batch[i].done.completeExceptionally(failure);
                } else {
                    batch[i].done.complete(answers.get(i) == 1L);
                }
            }
        });
    }
}

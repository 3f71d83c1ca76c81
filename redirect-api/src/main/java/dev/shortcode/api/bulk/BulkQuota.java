package dev.shortcode.api.bulk;

import dev.shortcode.api.limit.PartialQuota;
import dev.shortcode.api.limit.PartialQuota.Grant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * One stream's way to its key's daily quota: chunk by chunk, in the order the chunks were read.
 *
 * <p>Chunks are in the stores concurrently, and each learns how many links it will make only once
 * its refs are claimed (a ref already done makes none and takes nothing). Were they charged as they
 * got there, a later chunk could take the last links of the day before an earlier one, and the
 * lines refused would not be the last ones. So each chunk takes its {@link Turn} when it is
 * dispatched, on the stream's event loop, and a turn charges the quota only once the turn before
 * it has: one charge at a time per stream, the rest of the chunks' work still overlapping.
 */
final class BulkQuota {

    private final PartialQuota quota;
    /** The last turn handed out; touched on the stream's event loop only. */
    private CompletableFuture<Void> last = CompletableFuture.completedFuture(null);

    BulkQuota(PartialQuota quota) {
        this.quota = quota;
    }

    /** The next chunk's turn; call in dispatch order. */
    Turn next() {
        CompletableFuture<Void> previous = last;
        CompletableFuture<Void> mine = new CompletableFuture<>();
        last = mine;
        return new Turn(previous, mine);
    }

    /** One chunk's place in the line: {@link #take} must be called exactly once, or the chunks after it wait forever. */
    final class Turn {
        private final CompletableFuture<Void> previous;
        private final CompletableFuture<Void> mine;

        private Turn(CompletableFuture<Void> previous, CompletableFuture<Void> mine) {
            this.previous = previous;
            this.mine = mine;
        }

        /** Takes {@code links} (0: nothing, but in turn) once the turns before have taken theirs. */
        CompletionStage<Grant> take(int links) {
            CompletableFuture<Grant> taken = previous.thenCompose(v -> links == 0
                    ? CompletableFuture.completedFuture(Grant.all(0)) : quota.take(links).toCompletableFuture());
            taken.whenComplete((grant, failure) -> mine.complete(null));
            return taken;
        }
    }
}

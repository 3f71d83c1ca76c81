package dev.shortcode.core.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Pushes links' expiry out off the request path: readers {@link #offer} an extension (never
 * blocking; a full queue refuses it), and a {@link GatheringSender} sends what gathered every
 * flush interval as a pipelined batch of extensions ({@link LinkSlots#extend}: an {@code EXPIRE}, or a script
 * with links in groups), at most one batch in flight. An
 * extension that fails is handed to {@code onLost}, which lets the next read of that link try
 * again.
 */
final class TtlExtender implements AutoCloseable {

    /** Upper bound of one pipelined batch; more waits for the next round. */
    static final int MAX_BATCH = 4_096;

    private final LinkSlots slots;
    private final Consumer<String> onLost;
    private final GatheringSender<Extension> sender;

    TtlExtender(LinkSlots slots, String namespace, int capacity, Duration flushInterval, Consumer<String> onLost) {
        this.slots = slots;
        this.onLost = onLost;
        this.sender = new GatheringSender<>("hot-store-ttl-" + namespace, capacity, MAX_BATCH, flushInterval,
                this::send, e -> onLost.accept(e.code));
    }

    /** False when the queue is full: the extension is not made now. */
    boolean offer(String code, long ttlSeconds) {
        return sender.offer(new Extension(code, ttlSeconds));
    }

    /** Pipelines the batch's extensions; completes once every reply is in, after handing failed ones to onLost. */
    private CompletableFuture<?> send(List<Extension> batch) {
        List<CompletableFuture<Boolean>> replies = new ArrayList<>(batch.size());
        for (Extension e : batch) {
            replies.add(slots.extend(e.code, e.ttlSeconds));
        }
        return CompletableFuture.allOf(replies.toArray(CompletableFuture[]::new)).handle((ignored, failure) -> {
            for (int i = 0; i < batch.size(); i++) {
                if (replies.get(i).isCompletedExceptionally()) {
                    onLost.accept(batch.get(i).code);
                }
            }
            return null;
        });
    }

    @Override
    public void close() {
        sender.close();
    }

    private record Extension(String code, long ttlSeconds) {}
}

package dev.shortcode.core.store;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletionStage;
import java.util.function.UnaryOperator;

/**
 * The registered webhooks, and how far each has been sent along the {@link EventJournal}. Few,
 * rarely written, read by every node every few seconds (each keeps a snapshot), durable like the
 * archive. Non-blocking; failures are {@link StorageUnavailableException}s.
 *
 * <p>Implementations: rows of the moderation store ({@link RowModerationStore#webhooks()}), so
 * HBase and embedded alike.
 */
public interface WebhookStore {

    CompletionStage<List<Webhook>> webhooks();

    /** @return false when a webhook with this id exists already */
    CompletionStage<Boolean> add(Webhook webhook);

    /** Replaces the webhook by {@code change} of it, atomically; empty when there is no such webhook. */
    CompletionStage<Optional<Webhook>> update(String id, UnaryOperator<Webhook> change);

    /** Removes the webhook and its position; false when there was none. */
    CompletionStage<Boolean> remove(String id);

    /** The journal sequence of the last event sent to (or skipped for) the webhook; empty when nothing was sent yet. */
    CompletionStage<OptionalLong> position(String id);

    /** Moves the webhook's position to {@code sequence}. */
    CompletionStage<Void> advance(String id, long sequence);
}

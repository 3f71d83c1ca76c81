package dev.shortcode.core.store;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The recent deliveries of each webhook, as whichever node sent them last recorded them, so that
 * any node can show them and a restart keeps them. An entry is opaque here (the service encodes
 * it); each delivery has one, replaced as its attempts go on.
 */
public interface DeliveryLog {

    /**
     * Keeps {@code entry} as the latest state of delivery {@code deliveryId} of {@code webhookId},
     * made at {@code createdAtMillis}; of a webhook's deliveries, the newest {@code keep} are kept.
     */
    CompletionStage<Void> record(String webhookId, String deliveryId, long createdAtMillis, String entry, int keep);

    /** The webhook's kept deliveries, newest first. */
    CompletionStage<List<String>> recent(String webhookId);

    /** Forgets the deliveries of a deleted webhook. */
    CompletionStage<Void> forget(String webhookId);

    /** Asks the node that delivers to {@code webhookId} to send delivery {@code deliveryId} again. */
    CompletionStage<Void> requestRetry(String webhookId, String deliveryId);

    /** The retries asked for the webhook since the last call, taken: each is handed to one caller. */
    CompletionStage<List<String>> takeRetries(String webhookId);

    /** A log that keeps nothing. */
    DeliveryLog NONE = new DeliveryLog() {
        @Override
        public CompletionStage<Void> record(String webhookId, String deliveryId, long createdAtMillis, String entry, int keep) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<List<String>> recent(String webhookId) {
            return CompletableFuture.completedFuture(List.of());
        }

        @Override
        public CompletionStage<Void> forget(String webhookId) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Void> requestRetry(String webhookId, String deliveryId) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<List<String>> takeRetries(String webhookId) {
            return CompletableFuture.completedFuture(List.of());
        }
    };
}

package dev.shortcode.core.store;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.UnaryOperator;

/**
 * The {@link WebhookStore} in the rows of a {@link RowModerationStore}: {@code w<id>} a webhook,
 * {@code x<id>} its journal position. Webhooks are like the moderation records (few, written by
 * people, read by every node into a snapshot), so they share its table or column family instead
 * of adding one per backend.
 */
final class RowWebhookStore implements WebhookStore {

    private static final String WEBHOOK = "w";
    private static final String POSITION = "x";

    private final RowModerationStore rows;

    RowWebhookStore(RowModerationStore rows) {
        this.rows = rows;
    }

    @Override
    public CompletionStage<List<Webhook>> webhooks() {
        return rows.scan(WEBHOOK).thenApply(values -> values.stream().map(Webhook::decode)
                .sorted(Comparator.comparingLong(Webhook::createdAtMillis)).toList());
    }

    @Override
    public CompletionStage<Boolean> add(Webhook webhook) {
        return rows.putIfAbsent(WEBHOOK + webhook.id(), webhook.encode());
    }

    @Override
    public CompletionStage<Optional<Webhook>> update(String id, UnaryOperator<Webhook> change) {
        return rows.get(WEBHOOK + id).thenCompose(current -> {
            if (current.isEmpty()) {
                return CompletableFuture.completedFuture(Optional.<Webhook>empty());
            }
            // Atomic per row: a webhook removed meanwhile stays removed (the empty value below deletes nothing it did not hold).
            return rows.update(WEBHOOK + id, stored -> stored.map(Webhook::decode).map(change).map(Webhook::encode).orElse(""))
                    .thenCompose(written -> written.isEmpty()
                            ? rows.delete(WEBHOOK + id).thenApply(gone -> Optional.<Webhook>empty())
                            : CompletableFuture.completedFuture(Optional.of(Webhook.decode(written))));
        });
    }

    @Override
    public CompletionStage<Boolean> remove(String id) {
        return rows.delete(WEBHOOK + id).thenCompose(removed -> rows.delete(POSITION + id).thenApply(ignored -> removed));
    }

    @Override
    public CompletionStage<OptionalLong> position(String id) {
        return rows.get(POSITION + id).thenApply(v -> v.map(s -> OptionalLong.of(Long.parseLong(s))).orElse(OptionalLong.empty()));
    }

    @Override
    public CompletionStage<Void> advance(String id, long sequence) {
        return rows.put(POSITION + id, Long.toString(sequence));
    }
}

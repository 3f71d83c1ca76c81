package dev.shortcode.core.store;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * The {@link ModerationStore} over any store of text rows, so that the HBase and the embedded
 * backend share the logic and differ only in a few row operations. Rows: {@code r<id>} a deny
 * rule, {@code d<code>} a disabled link, {@code p<code>} a link's report record. A report is merged
 * into its record with {@link #update}, atomic per row, so racing reporters all count. Webhooks
 * ({@code w}, {@code x}) and domains ({@code h}) have rows here too.
 */
public abstract class RowModerationStore implements ModerationStore {

    private static final String RULE = "r";
    private static final String DISABLED = "d";
    private static final String REPORT = "p";
    /** The row's value, empty when absent. */
    protected abstract CompletionStage<Optional<String>> get(String row);

    /** The values of every row whose key starts with {@code prefix}. */
    protected abstract CompletionStage<List<String>> scan(String prefix);

    /** Writes the row only if it is absent. */
    protected abstract CompletionStage<Boolean> putIfAbsent(String row, String value);

    /** Replaces the row by {@code change} of its current value (empty when absent), atomically; completes with the new value. */
    protected abstract CompletionStage<String> update(String row, Function<Optional<String>, String> change);

    protected abstract CompletionStage<Void> put(String row, String value);

    /** @return whether the row existed */
    protected abstract CompletionStage<Boolean> delete(String row);

    /** The webhooks, in rows of their own beside the moderation records. */
    public WebhookStore webhooks() {
        return new RowWebhookStore(this);
    }

    /** The branded domains, in rows of their own beside the moderation records. */
    public DomainStore domains() {
        return new RowDomainStore(this);
    }

    @Override
    public CompletionStage<List<DenyRule>> rules() {
        return scan(RULE).thenApply(rows -> rows.stream().map(DenyRule::decode).sorted(Comparator.comparingLong(DenyRule::createdAtMillis))
                .toList());
    }

    @Override
    public CompletionStage<Boolean> addRule(DenyRule rule) {
        return putIfAbsent(RULE + rule.id(), rule.encode());
    }

    @Override
    public CompletionStage<Boolean> removeRule(String id) {
        return delete(RULE + id);
    }

    @Override
    public CompletionStage<List<LinkDisable>> disabled() {
        return scan(DISABLED).thenApply(rows -> rows.stream().map(LinkDisable::decode).toList());
    }

    @Override
    public CompletionStage<Optional<LinkDisable>> disabled(String code) {
        return get(DISABLED + code).thenApply(row -> row.map(LinkDisable::decode));
    }

    @Override
    public CompletionStage<Void> disable(LinkDisable disable) {
        return put(DISABLED + disable.code(), disable.encode());
    }

    @Override
    public CompletionStage<Boolean> enable(String code) {
        return delete(DISABLED + code);
    }

    @Override
    public CompletionStage<List<AbuseReport>> reports() {
        return scan(REPORT).thenApply(rows -> rows.stream().map(AbuseReport::decode)
                .sorted(Comparator.comparingLong(AbuseReport::lastAtMillis).reversed()).toList());
    }

    @Override
    public CompletionStage<AbuseReport> report(String code, String reason, long atMillis) {
        return update(REPORT + code, current -> current.map(AbuseReport::decode).map(r -> r.plus(reason, atMillis))
                .orElseGet(() -> new AbuseReport(code, 1, reason, atMillis, atMillis, "", "")).encode())
                .thenApply(AbuseReport::decode);
    }

    @Override
    public CompletionStage<Boolean> resolve(String code, String resolution, String by) {
        String row = REPORT + code;
        return get(row).thenCompose(current -> current.isEmpty() ? CompletableFuture.completedFuture(false)
                : put(row, AbuseReport.decode(current.get()).resolved(resolution, by).encode()).thenApply(v -> true));
    }

    @Override
    public CompletionStage<Void> forget(String code) {
        return delete(DISABLED + code).thenCompose(v -> delete(REPORT + code)).thenApply(v -> null);
    }
}

package dev.shortcode.core.store;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The {@link ModerationStore} over any store of text rows, so that the HBase and the embedded
 * backend share the logic and differ only in five row operations. Rows: {@code r<id>} a deny
 * rule, {@code d<code>} a disabled link, {@code p<code>} a link's report record. A report is merged
 * with a compare-and-set, retried a few times when reporters race.
 */
public abstract class RowModerationStore implements ModerationStore {

    private static final String RULE = "r";
    private static final String DISABLED = "d";
    private static final String REPORT = "p";
    /** Racing reports of one code settle within a few tries; beyond, the report fails as an outage would. */
    private static final int MAX_MERGE_ATTEMPTS = 5;

    /** The row's value, empty when absent. */
    protected abstract CompletionStage<Optional<String>> get(String row);

    /** The values of every row whose key starts with {@code prefix}. */
    protected abstract CompletionStage<List<String>> scan(String prefix);

    /** Writes the row; with {@code expected} non-null, only if it holds exactly that, with null only if absent. */
    protected abstract CompletionStage<Boolean> compareAndSet(String row, String expected, String value);

    protected abstract CompletionStage<Void> put(String row, String value);

    /** @return whether the row existed */
    protected abstract CompletionStage<Boolean> delete(String row);

    /** What {@link #compareAndSet} tells its store, for the message of a merge that kept losing. */
    protected abstract String storeName();

    @Override
    public CompletionStage<List<DenyRule>> rules() {
        return scan(RULE).thenApply(rows -> rows.stream().map(DenyRule::decode).sorted(Comparator.comparingLong(DenyRule::createdAtMillis))
                .toList());
    }

    @Override
    public CompletionStage<Boolean> addRule(DenyRule rule) {
        return compareAndSet(RULE + rule.id(), null, rule.encode());
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
        return merge(code, reason, atMillis, 1);
    }

    private CompletionStage<AbuseReport> merge(String code, String reason, long atMillis, int attempt) {
        String row = REPORT + code;
        return get(row).thenCompose(current -> {
            AbuseReport next = current.map(AbuseReport::decode).map(r -> r.plus(reason, atMillis))
                    .orElseGet(() -> new AbuseReport(code, 1, reason, atMillis, atMillis, "", ""));
            return compareAndSet(row, current.orElse(null), next.encode()).thenCompose(done -> {
                if (done) {
                    return CompletableFuture.completedFuture(next);
                }
                if (attempt >= MAX_MERGE_ATTEMPTS) {
                    return CompletableFuture.failedFuture(new StorageUnavailableException(storeName(),
                            "the report of " + code + " kept changing under " + MAX_MERGE_ATTEMPTS + " attempts"));
                }
                return merge(code, reason, atMillis, attempt + 1);
            });
        });
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

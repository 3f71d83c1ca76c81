package dev.shortcode.core.store;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Concurrent loads of one key share one load: the first caller runs it, the others get its stage.
 * Cold reads use it so that a thousand concurrent redirects of one archived code cost one archive
 * read, not a thousand.
 *
 * <p>A caller may answer without loading: {@code answeredMeanwhile} runs under the table's lock on
 * the key, so it sees whatever a leader that just finished left behind (a re-warmed copy, a
 * remembered miss) before that leader removed itself; a leader fills those before it completes.
 */
public final class SingleFlight<K, V> {

    private final ConcurrentHashMap<K, CompletableFuture<V>> inFlight = new ConcurrentHashMap<>();

    /**
     * @param answeredMeanwhile an answer known without loading, or null to load (or join a load)
     * @param load              the load, run by the first caller only
     * @return the answer, the running load's stage, or this caller's new load's stage
     */
    public CompletableFuture<V> join(K key, Function<K, CompletableFuture<V>> answeredMeanwhile,
            Supplier<? extends CompletionStage<V>> load) {
        CompletableFuture<V> mine = new CompletableFuture<>();
        CompletableFuture<V> flight = inFlight.computeIfAbsent(key, k -> {
            CompletableFuture<V> known = answeredMeanwhile.apply(k);
            return known != null ? known : mine;
        });
        if (flight != mine) {
            if (flight.isDone()) {
                inFlight.remove(key, flight); // a known answer, never a load: nobody else removes it
            }
            return flight;
        }
        CompletionStage<V> loading;
        try {
            loading = load.get();
        } catch (RuntimeException e) {
            loading = CompletableFuture.failedFuture(e);
        }
        loading.whenComplete((value, failure) -> {
            inFlight.remove(key, mine);
            if (failure != null) {
                mine.completeExceptionally(failure);
            } else {
                mine.complete(value);
            }
        });
        return mine;
    }

    /** Loads in progress (for tests and metrics). */
    public int inFlight() {
        return inFlight.size();
    }
}

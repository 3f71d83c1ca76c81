package dev.shortcode.api.bulk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.IdempotencyStore;
import dev.shortcode.core.store.IdempotencyStore.Claim;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/**
 * A chunk's refs go to the store in one call each for claims, outcomes and releases, scoped to
 * the key's bulk refs; only a ref found pending is asked again, on its own, until it is done.
 */
class BulkRefsUnitTests {

    /** Answers each key's claims from a script (then Won), and records every call. */
    private static final class ScriptedStore implements IdempotencyStore {
        final Map<String, Queue<Claim>> script = new HashMap<>();
        final List<String> calls = new ArrayList<>();

        @Override
        public CompletionStage<Claim> claim(String scope, String key, Duration ttl) {
            calls.add("claim " + scope + " " + key);
            Queue<Claim> next = script.get(key);
            return CompletableFuture.completedFuture(next == null || next.isEmpty() ? new Claim.Won() : next.poll());
        }

        @Override
        public List<CompletionStage<Claim>> claimAll(String scope, List<String> keys, Duration ttl) {
            calls.add("claimAll " + scope + " " + keys);
            return keys.stream().map(k -> {
                Queue<Claim> next = script.get(k);
                return (CompletionStage<Claim>) CompletableFuture.completedFuture(
                        next == null || next.isEmpty() ? new Claim.Won() : next.poll());
            }).toList();
        }

        @Override
        public CompletionStage<Void> complete(String scope, String key, String outcome, Duration ttl) {
            throw new AssertionError("a chunk completes its refs together");
        }

        @Override
        public List<CompletionStage<Void>> completeAll(String scope, List<Completion> completions, Duration ttl) {
            calls.add("completeAll " + scope + " " + completions + " " + ttl);
            return completions.stream().map(c -> (CompletionStage<Void>) CompletableFuture.<Void>completedFuture(null)).toList();
        }

        @Override
        public CompletionStage<Void> release(String scope, String key) {
            throw new AssertionError("a chunk releases its refs together");
        }

        @Override
        public List<CompletionStage<Void>> releaseAll(String scope, List<String> keys) {
            calls.add("releaseAll " + scope + " " + keys);
            return keys.stream().map(k -> (CompletionStage<Void>) CompletableFuture.<Void>completedFuture(null)).toList();
        }
    }

    private final ScriptedStore store = new ScriptedStore();
    private final BulkRefs refs = new BulkRefs(store, Duration.ofDays(7));

    @Test
    void claimAll_asksTheStoreOnceAndAsksAgainOnlyForAPendingRef() {
        store.script.put("b", new ArrayDeque<>(List.of(new Claim.Pending(), new Claim.Pending(), new Claim.Done("c0de fp"))));
        store.script.put("c", new ArrayDeque<>(List.of(new Claim.Done("c0d3 fp"))));

        List<Claim> claims = refs.claimAll("key1", List.of("a", "b", "c")).stream()
                .map(s -> s.toCompletableFuture().join()).toList();

        assertThat(claims).containsExactly(new Claim.Won(), new Claim.Done("c0de fp"), new Claim.Done("c0d3 fp"));
        assertThat(store.calls).containsExactly("claimAll key1/bulk [a, b, c]", "claim key1/bulk b", "claim key1/bulk b");
    }

    @Test
    void completeAllAndReleaseAll_recordCodeAndFingerprintForTheRefsLifetime() {
        refs.completeAll("key1", List.of(new BulkRefs.Made("a", "c0de", "fp1"), new BulkRefs.Made("b", "c0d3", "fp2")));
        refs.releaseAll("key1", List.of("c"));

        assertThat(store.calls).containsExactly(
                "completeAll key1/bulk [Completion[idempotencyKey=a, outcome=c0de fp1], Completion[idempotencyKey=b, outcome=c0d3 fp2]] PT168H",
                "releaseAll key1/bulk [c]");
        assertThat(BulkRefs.Outcome.of("c0de fp1", "fp1")).isEqualTo(new BulkRefs.Outcome("c0de", true));
        assertThat(BulkRefs.Outcome.of("c0de fp1", "fp2")).isEqualTo(new BulkRefs.Outcome("c0de", false));
    }
}

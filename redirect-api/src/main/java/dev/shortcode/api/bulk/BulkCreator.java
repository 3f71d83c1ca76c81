package dev.shortcode.api.bulk;

import dev.shortcode.api.error.RefInProgressException;
import dev.shortcode.api.error.RefReusedException;
import dev.shortcode.api.http.CallerContext;
import dev.shortcode.api.limit.PartialQuota.Grant;
import dev.shortcode.api.link.BatchCreator;
import dev.shortcode.api.link.BatchItemResult;
import dev.shortcode.api.link.LinkReader;
import dev.shortcode.api.link.LinkRequests;
import dev.shortcode.api.ttl.TtlPolicy;
import dev.shortcode.api.link.ValidLink;
import dev.shortcode.api.problem.ErrorMapping;
import dev.shortcode.api.problem.ProblemResponse;
import dev.shortcode.core.store.IdempotencyStore.Claim;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Creates the links of one chunk of bulk lines and answers each line, in order.
 *
 * <p>Every readable line is validated first (a bad one fails alone and claims nothing). Lines
 * without a ref, and those whose ref this chunk wins ({@link BulkRefs}), are created together by
 * the {@link BatchCreator} (codes issued per pool at once, one {@code createAll} per round, the
 * store's durability before its stage completes); the won refs are then completed, and only then
 * is the chunk answered. A ref given again later in the same chunk follows its first line's fate
 * (its claim would otherwise wait for the very chunk it is part of).
 *
 * <p>The lines that will make a link (those without a ref, and the won refs) take their links
 * from the key's daily quota in the chunk's {@link BulkQuota.Turn}, before any code is issued: as
 * many as fit, in line order; each line beyond answers the 429 {@code quota-exceeded} problem on
 * its own, and its won ref is released, so the line sent again later makes its link. Invalid
 * lines, and lines whose ref is done already (a file sent again), take nothing.
 */
final class BulkCreator {

    private final LinkRequests requests;
    private final BatchCreator batches;
    private final LinkReader reader;
    private final BulkRefs refs;

    BulkCreator(LinkRequests requests, BatchCreator batches, LinkReader reader, BulkRefs refs) {
        this.requests = requests;
        this.batches = batches;
        this.reader = reader;
        this.refs = refs;
    }

    /**
     * @param ttlChoices TTL choices made so far in this stream, by the text asked for (the policy
     *                   is asked once per distinct ttl); used from the stream's own thread only
     */
    CompletionStage<List<BulkResult>> create(List<BulkLine> lines, String owner, Map<String, TtlPolicy.Choice> ttlChoices,
            BulkQuota.Turn turn) {
        try {
            return start(lines, owner, ttlChoices, turn);
        } catch (RuntimeException e) { // a bug: this chunk fails, the chunks after it still take their turns
            turn.take(0);
            return CompletableFuture.failedFuture(e);
        }
    }

    private CompletionStage<List<BulkResult>> start(List<BulkLine> lines, String owner, Map<String, TtlPolicy.Choice> ttlChoices,
            BulkQuota.Turn turn) {
        Chunk chunk = new Chunk(lines, owner, turn, CallerContext.current());
        Map<String, Integer> firstOfRef = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            BulkLine line = lines.get(i);
            if (line.unreadable() != null) {
                chunk.fail(i, line.unreadable());
                continue;
            }
            ValidLink valid;
            try {
                valid = requests.validate(line.item().request(), ttlChoices);
            } catch (RuntimeException e) { // a refusal, or a bug: either way this line alone fails
                chunk.fail(i, e);
                continue;
            }
            chunk.valid[i] = valid;
            if (line.ref() == null) {
                chunk.toCreate.add(i);
            } else if (firstOfRef.putIfAbsent(line.ref(), i) != null) {
                chunk.followerOf[i] = firstOfRef.get(line.ref());
            } else {
                chunk.claims.add(i);
            }
        }
        chunk.claimRefs();
        CompletableFuture<?>[] claims = chunk.claims.stream().map(i -> chunk.claimed[i]).toArray(CompletableFuture[]::new);
        // Back on the stream's context: claims complete on the store's thread.
        return CompletableFuture.allOf(claims).handleAsync((v, ignored) -> chunk.afterClaims(), chunk.caller).thenCompose(stage -> stage)
                .thenApply(v -> chunk.answers());
    }

    /** One chunk in progress. */
    private final class Chunk {
        final List<BulkLine> lines;
        final String owner;
        final BulkQuota.Turn turn;
        final Executor caller;
        final BulkResult[] results;
        final ValidLink[] valid;
        final CompletableFuture<Claim>[] claimed;
        final int[] followerOf;
        final List<Integer> toCreate = new ArrayList<>();
        final List<Integer> claims = new ArrayList<>();

        @SuppressWarnings("unchecked")
        Chunk(List<BulkLine> lines, String owner, BulkQuota.Turn turn, Executor caller) {
            this.lines = lines;
            this.owner = owner;
            this.turn = turn;
            this.caller = caller;
            int n = lines.size();
            this.results = new BulkResult[n];
            this.valid = new ValidLink[n];
            this.claimed = new CompletableFuture[n];
            this.followerOf = new int[n];
            java.util.Arrays.fill(followerOf, -1);
        }

        /** Claims the refs of {@link #claims} (distinct: a repeated ref follows its first line) together. */
        void claimRefs() {
            if (claims.isEmpty()) {
                return;
            }
            List<String> claimedRefs = new ArrayList<>(claims.size());
            for (int i : claims) {
                claimedRefs.add(lines.get(i).ref());
            }
            List<CompletionStage<Claim>> answers = refs.claimAll(owner, claimedRefs);
            for (int k = 0; k < claims.size(); k++) {
                claimed[claims.get(k)] = answers.get(k).toCompletableFuture();
            }
        }

        void fail(int i, Throwable failure) {
            ProblemResponse problem = ErrorMapping.map(failure, null);
            results[i] = new BulkResult(lines.get(i).number(), problem.status(), lines.get(i).ref(), null, problem.problem());
        }

        /** Every claim has answered: answer the done refs, take the rest from the quota, create those that fit, complete the won refs. */
        CompletionStage<Void> afterClaims() {
            List<CompletableFuture<?>> waits = new ArrayList<>();
            List<Integer> won = new ArrayList<>();
            try {
                sortClaims(won, waits);
            } catch (RuntimeException e) { // a bug: as in create, the turn is still taken
                turn.take(0);
                throw e;
            }
            toCreate.sort(null); // the order of the lines: a repeated alias goes to its first line; the quota's last links to the first lines
            CompletableFuture<Void> created = turn.take(toCreate.size()).toCompletableFuture()
                    .handleAsync(this::granted, caller)
                    .thenCompose(this::createGranted)
                    .thenCompose(v -> settleRefs(won));
            waits.add(created);
            return CompletableFuture.allOf(waits.toArray(CompletableFuture[]::new));
        }

        /** Sorts the claimed lines by their claim: won (to create), done (answered with their link), pending (409). */
        void sortClaims(List<Integer> won, List<CompletableFuture<?>> waits) {
            for (int i : claims) {
                BulkLine line = lines.get(i);
                Claim claim;
                try {
                    claim = claimed[i].join();
                } catch (RuntimeException e) {
                    fail(i, e);
                    continue;
                }
                if (claim instanceof Claim.Won) {
                    toCreate.add(i);
                    won.add(i);
                } else if (claim instanceof Claim.Done done) {
                    answerDone(i, done, waits);
                    // Its followers in this chunk were made by the same earlier line: each is judged on its own request.
                    for (int j = i + 1; j < followerOf.length; j++) {
                        if (followerOf[j] == i) {
                            followerOf[j] = -1;
                            answerDone(j, done, waits);
                        }
                    }
                } else {
                    fail(i, new RefInProgressException(line.ref()));
                }
            }
        }

        /** Refuses the lines beyond what the quota granted (all of them if it failed); the lines that may be made. */
        List<Integer> granted(Grant grant, Throwable failure) {
            if (failure != null) {
                toCreate.forEach(i -> fail(i, failure));
                return List.of();
            }
            for (int j = grant.granted(); j < toCreate.size(); j++) {
                fail(toCreate.get(j), grant.refusal());
            }
            return toCreate.subList(0, grant.granted());
        }

        /** Creates the granted lines' links, and answers those lines. */
        CompletionStage<Void> createGranted(List<Integer> granted) {
            if (granted.isEmpty()) {
                return CompletableFuture.completedFuture(null);
            }
            List<ValidLink> links = new ArrayList<>(granted.size());
            for (int i : granted) {
                links.add(valid[i]);
            }
            return batches.createValid(links, owner).toCompletableFuture().handle((answers, failure) -> {
                for (int j = 0; j < granted.size(); j++) {
                    int i = granted.get(j);
                    if (failure != null) {
                        fail(i, failure);
                    } else {
                        BatchItemResult answer = answers.get(j);
                        results[i] = new BulkResult(lines.get(i).number(), answer.status(), lines.get(i).ref(), answer.link(),
                                answer.problem());
                    }
                }
                return null;
            });
        }

        /** A line whose ref an earlier line already made a link for: that link, or 422 when this line asks for another. */
        void answerDone(int i, Claim.Done done, List<CompletableFuture<?>> waits) {
            BulkLine line = lines.get(i);
            BulkRefs.Outcome outcome = BulkRefs.Outcome.of(done.outcome(), valid[i].fingerprint());
            if (!outcome.sameRequest()) {
                fail(i, new RefReusedException(line.ref(), outcome.code(), refs.ttl()));
                return;
            }
            waits.add(reader.get(outcome.code()).toCompletableFuture().handle((view, failure) -> {
                if (failure != null) {
                    fail(i, failure);
                } else {
                    results[i] = new BulkResult(line.number(), 201, line.ref(), view, null);
                }
                return null;
            }));
        }

        /** Records the won refs' links, releases the refs whose create failed; done when every outcome is durable. */
        CompletableFuture<Void> settleRefs(List<Integer> won) {
            List<Integer> made = new ArrayList<>(won.size());
            List<BulkRefs.Made> outcomes = new ArrayList<>(won.size());
            List<String> unmade = new ArrayList<>();
            for (int i : won) {
                BulkResult result = results[i];
                if (result.link() == null) {
                    unmade.add(lines.get(i).ref());
                } else {
                    made.add(i);
                    outcomes.add(new BulkRefs.Made(lines.get(i).ref(), result.link().code(), valid[i].fingerprint()));
                }
            }
            List<CompletableFuture<?>> settling = new ArrayList<>(won.size());
            if (!unmade.isEmpty()) {
                for (CompletionStage<Void> released : refs.releaseAll(owner, unmade)) {
                    settling.add(released.toCompletableFuture().exceptionally(e -> null));
                }
            }
            if (!outcomes.isEmpty()) {
                List<CompletionStage<Void>> recorded = refs.completeAll(owner, outcomes);
                for (int k = 0; k < made.size(); k++) {
                    int at = made.get(k);
                    settling.add(recorded.get(k).toCompletableFuture().handle((v, failure) -> {
                        if (failure != null) {
                            fail(at, failure); // the link exists, but its ref is not recorded: not acknowledged
                        }
                        return null;
                    }));
                }
            }
            return CompletableFuture.allOf(settling.toArray(CompletableFuture[]::new));
        }

        /** Followers take their first line's answer; the answers in line order. */
        List<BulkResult> answers() {
            for (int i = 0; i < results.length; i++) {
                int first = followerOf[i];
                if (first < 0) {
                    continue;
                }
                BulkLine line = lines.get(i);
                BulkResult leader = results[first];
                if (leader.link() != null && !valid[first].fingerprint().equals(valid[i].fingerprint())) {
                    fail(i, new RefReusedException(line.ref(), leader.link().code(), refs.ttl()));
                } else {
                    results[i] = new BulkResult(line.number(), leader.status(), line.ref(), leader.link(), leader.problem());
                }
            }
            return java.util.Arrays.asList(results);
        }
    }
}

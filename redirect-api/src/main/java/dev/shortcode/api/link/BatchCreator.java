package dev.shortcode.api.link;

import dev.shortcode.api.error.AliasTakenException;
import dev.shortcode.api.error.DomainException;
import dev.shortcode.api.error.ExternalIdTakenException;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.error.PoolExhaustedException;
import dev.shortcode.api.http.CallerContext;
import dev.shortcode.api.limit.QuotaCharge;
import dev.shortcode.api.problem.ErrorMapping;
import dev.shortcode.api.problem.ProblemResponse;
import dev.shortcode.api.ttl.TtlPolicy;
import dev.shortcode.core.alloc.CodeIssuer;
import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.LinkRecord;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Creates a batch of links; each item succeeds or fails on its own, answers keep the order.
 *
 * <p>The same rules as {@link LinkCreator} item by item, at a fraction of the cost: every item is
 * validated first (a bad one gets its own 400 and takes no code), the items are grouped by pool
 * so each pool's codes come from its allocator in one call ({@link CodeIssuer#issue(String, int)}),
 * and the links go to the hot store in one {@link HotStore#createAll} per round. An alias found
 * taken answers 409 for its item; an issued code found taken (a live link after a wrap) is
 * skipped, and only those items go round again with fresh codes, each at most
 * {@link LinkCreator#MAX_CODE_ATTEMPTS} times in all. Each round's answers are built on the
 * caller's context, not on the thread that completed the store's stage (the embedded writer).
 *
 * <p>The key's daily quota ({@link QuotaCharge}) is charged here, once the items are validated and
 * before any code is issued: the batch counts the items that will be made (invalid ones make
 * nothing and cost nothing), all or none, so a batch the quota cannot cover answers 429 whole and
 * takes no code. An item refused later (its alias taken) has been counted: the quota is a guard
 * against volume, and giving units back would cost each batch a second round trip.
 */
public final class BatchCreator {

    private final LinkRequests requests;
    private final CodeIssuer issuer;
    private final HotStore hotStore;
    private final LinkViews views;
    private final LinkEvents events;
    private final Clock clock;
    private final ExternalIdGuard externalIds;

    public BatchCreator(LinkRequests requests, CodeIssuer issuer, HotStore hotStore, LinkViews views, LinkEvents events, Clock clock,
            ExternalIdGuard externalIds) {
        this.externalIds = externalIds;
        this.requests = requests;
        this.issuer = issuer;
        this.hotStore = hotStore;
        this.views = views;
        this.events = events;
        this.clock = clock;
    }

    /**
     * Creates every readable item of {@code items} (at most the batch limit, checked by the caller),
     * the items that will be made taken from {@code quota} first.
     *
     * @param unreadable items the caller could not read (JSON of the wrong shape), answered by their
     *                   problem, by index; they take no code
     */
    public CompletionStage<List<BatchItemResult>> create(List<CreateLinkRequest> items, Map<Integer, ? extends DomainException> unreadable,
            String owner, QuotaCharge quota) {
        Batch batch = new Batch(items.size(), owner, clock.millis(), CallerContext.current());
        Map<String, TtlPolicy.Choice> ttlChoices = new HashMap<>(); // most batches repeat one or two ttl values
        List<Item> pending = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            DomainException refused = unreadable.get(i);
            if (refused != null) {
                batch.fail(i, refused);
                continue;
            }
            try {
                ValidLink valid = requests.validate(items.get(i), ttlChoices); // a null item is refused here
                if (items.get(i).password() != null) {
                    throw new InvalidRequestException("invalid-routing", "password: set passwords one link at a time (POST /api/v1/links,"
                            + " or PATCH): each is a deliberately slow hash");
                }
                pending.add(new Item(i, valid));
            } catch (RuntimeException e) { // a refusal, or a bug: either way this item alone fails
                batch.fail(i, e);
            }
        }
        // Grouped by pool (a stable sort: a repeated alias still goes to its first item).
        pending.sort(Comparator.comparing(item -> item.valid.pool()));
        CompletionStage<Void> charged = pending.isEmpty() ? CompletableFuture.completedFuture(null) : quota.take(pending.size());
        // Back on the caller's context whatever the quota's answer (it completes on the shared store's thread).
        return charged.handleAsync((v, refused) -> refused, batch.answerOn)
                .thenCompose(refused -> refused != null ? CompletableFuture.<Void>failedFuture(refused) : round(batch, pending, 1))
                .thenApplyAsync(v -> Arrays.asList(batch.results), batch.answerOn);
    }

    /**
     * Creates links already validated (by {@link LinkRequests#validate}), one result per link in
     * the order given: the bulk stream validates each line itself, before it claims the line's ref.
     */
    public CompletionStage<List<BatchItemResult>> createValid(List<ValidLink> links, String owner) {
        Batch batch = new Batch(links.size(), owner, clock.millis(), CallerContext.current());
        List<Item> pending = new ArrayList<>(links.size());
        for (int i = 0; i < links.size(); i++) {
            pending.add(new Item(i, links.get(i)));
        }
        pending.sort(Comparator.comparing(item -> item.valid.pool()));
        return round(batch, pending, 1).thenApplyAsync(v -> Arrays.asList(batch.results), batch.answerOn);
    }

    /** One batch in progress: the answers so far, and what its items share. */
    private final class Batch {
        final BatchItemResult[] results;
        final String owner;
        final long now;
        final Executor answerOn;
        final LinkViews.Batch views;

        Batch(int size, String owner, long now, Executor answerOn) {
            this.results = new BatchItemResult[size];
            this.owner = owner;
            this.now = now;
            this.answerOn = answerOn;
            this.views = BatchCreator.this.views.batch(now);
        }

        void fail(int index, Throwable failure) {
            ProblemResponse problem = ErrorMapping.map(failure, null);
            results[index] = new BatchItemResult(index, problem.status(), null, problem.problem());
        }
    }

    /** A valid item: where its answer goes, and its code once one is issued (the alias for aliases). */
    private static final class Item {
        final int index;
        final ValidLink valid;
        String code;

        Item(int index, ValidLink valid) {
            this.index = index;
            this.valid = valid;
            this.code = valid.alias();
        }
    }

    /** Issues codes, stores every item that has one with one {@code createAll}, answers what is decided, goes round for the skipped. */
    private CompletionStage<Void> round(Batch batch, List<Item> items, int attempt) {
        if (items.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        CompletionStage<List<Item>> reserved = attempt == 1 ? reserveAliases(batch, items) : CompletableFuture.completedFuture(items);
        return reserved.thenCompose(kept -> issueCodes(batch, kept)).thenCompose(issued -> claimExternalIds(batch, issued)).thenCompose(ready -> {
            if (ready.isEmpty()) {
                return CompletableFuture.completedFuture(null);
            }
            List<LinkRecord> records = new ArrayList<>(ready.size());
            for (Item item : ready) {
                records.add(item.valid.record(item.code, batch.owner, batch.now));
            }
            return hotStore.createAll(records).handleAsync((created, failure) -> {
                if (failure != null) {
                    ready.forEach(item -> batch.fail(item.index, failure));
                    records.forEach(externalIds::releaseQuietly);
                    return CompletableFuture.completedFuture(List.<Item>of());
                }
                List<Item> retry = new ArrayList<>();
                List<CompletableFuture<Void>> releases = new ArrayList<>();
                for (int j = 0; j < ready.size(); j++) {
                    Item item = ready.get(j);
                    LinkRecord record = records.get(j);
                    if (!created.get(j) && record.meta().externalId() != null) {
                        releases.add(externalIds.release(record).toCompletableFuture()); // before a new code claims it again
                    }
                    if (created.get(j)) {
                        events.created(record.pool());
                        batch.results[item.index] = new BatchItemResult(item.index, 201, batch.views.of(record, item.valid.ttl().label()), null);
                    } else if (item.valid.alias() != null) {
                        batch.fail(item.index, new AliasTakenException(item.valid.alias()));
                    } else {
                        // A live link from an older epoch holds this code: skip it, never overwrite.
                        events.codeSkipped(record.pool());
                        if (attempt >= LinkCreator.MAX_CODE_ATTEMPTS) {
                            batch.fail(item.index, new PoolExhaustedException(record.pool(), attempt));
                        } else {
                            retry.add(item);
                        }
                    }
                }
                return CompletableFuture.allOf(releases.toArray(CompletableFuture[]::new)).thenApply(v -> retry);
            }, batch.answerOn).thenCompose((CompletableFuture<List<Item>> released) -> released).thenCompose(retry -> round(batch, retry, attempt + 1));
        });
    }

    /**
     * Reserves the aliases of a pool's shape ({@link CodeIssuer#reserve}; the others complete at
     * once); an item whose reservation fails is answered with that failure.
     *
     * @return the items that may go on, in the order given
     */
    private CompletionStage<List<Item>> reserveAliases(Batch batch, List<Item> items) {
        List<CompletableFuture<Void>> reservations = new ArrayList<>();
        boolean[] refused = new boolean[items.size()];
        for (int i = 0; i < items.size(); i++) {
            Item item = items.get(i);
            if (item.valid.alias() == null) {
                continue;
            }
            int at = i;
            reservations.add(issuer.reserve(item.code).<Void>handle((outcome, failure) -> {
                if (failure != null) {
                    refused[at] = true;
                    batch.fail(item.index, failure);
                }
                return null;
            }).toCompletableFuture());
        }
        if (reservations.isEmpty()) {
            return CompletableFuture.completedFuture(items);
        }
        return CompletableFuture.allOf(reservations.toArray(CompletableFuture[]::new))
                .thenApplyAsync(v -> notRefused(items, refused), batch.answerOn);
    }

    /** The items not marked refused, in the order given. */
    private static List<Item> notRefused(List<Item> items, boolean[] refused) {
        List<Item> kept = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            if (!refused[i]) {
                kept.add(items.get(i));
            }
        }
        return kept;
    }

    /**
     * Claims the external ids of the items that have one, all at once ({@link ExternalIdGuard});
     * an item whose id is taken, or given by an earlier item of the batch, is answered 409.
     *
     * @return the items that may be stored now, in the order given
     */
    private CompletionStage<List<Item>> claimExternalIds(Batch batch, List<Item> items) {
        Map<String, String> firstCodes = new HashMap<>();
        List<CompletableFuture<Void>> claims = new ArrayList<>();
        boolean[] refused = new boolean[items.size()];
        for (int i = 0; i < items.size(); i++) {
            Item item = items.get(i);
            String externalId = item.valid.meta().externalId();
            if (externalId == null) {
                continue;
            }
            String first = firstCodes.putIfAbsent(externalId, item.code);
            if (first != null) {
                refused[i] = true;
                batch.fail(item.index, new ExternalIdTakenException(externalId, first));
                continue;
            }
            int at = i;
            claims.add(externalIds.claim(item.valid.record(item.code, batch.owner, batch.now)).handle((v, failure) -> {
                if (failure != null) {
                    refused[at] = true;
                    batch.fail(item.index, failure);
                }
                return v;
            }).toCompletableFuture());
        }
        if (claims.isEmpty() && firstCodes.isEmpty()) {
            return CompletableFuture.completedFuture(items);
        }
        return CompletableFuture.allOf(claims.toArray(CompletableFuture[]::new))
                .thenApplyAsync(v -> notRefused(items, refused), batch.answerOn);
    }

    /**
     * Gives every non-alias item a fresh code, one issuer call per pool (items are grouped by
     * pool). The items of a pool that cannot issue now are answered with that failure.
     *
     * @return the items that have a code now, aliases included, in the order given
     */
    private CompletionStage<List<Item>> issueCodes(Batch batch, List<Item> items) {
        List<CompletableFuture<?>> issuing = new ArrayList<>();
        int from = 0;
        while (from < items.size()) {
            String pool = items.get(from).valid.pool();
            int to = from;
            while (to < items.size() && items.get(to).valid.pool().equals(pool)) {
                to++;
            }
            if (items.get(from).valid.alias() == null) {
                List<Item> group = items.subList(from, to);
                issuing.add(issuer.issue(pool, group.size()).<Void>handle((codes, failure) -> {
                    for (int k = 0; k < group.size(); k++) {
                        Item item = group.get(k);
                        item.code = failure == null ? codes.get(k).code() : null;
                        if (failure != null) {
                            batch.fail(item.index, failure);
                        }
                    }
                    return null;
                }).toCompletableFuture());
            }
            from = to;
        }
        return CompletableFuture.allOf(issuing.toArray(CompletableFuture[]::new)).thenApply(v -> {
            List<Item> ready = new ArrayList<>(items.size());
            for (Item item : items) {
                if (item.code != null) {
                    ready.add(item);
                }
            }
            return ready;
        });
    }
}

package dev.shortcode.api.link;

import dev.shortcode.api.auth.ApiKeys;
import dev.shortcode.api.problem.ProblemException;
import dev.shortcode.api.problem.StorageOutage;
import dev.shortcode.core.alloc.CodeAllocator;
import dev.shortcode.core.alloc.CodeIssuer;
import dev.shortcode.core.alloc.IssueException;
import dev.shortcode.core.alloc.IssuedCode;
import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.IdempotencyStore;
import dev.shortcode.core.store.IdempotencyStore.Claim;
import dev.shortcode.core.store.LinkRecord;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The link operations behind the HTTP API, independent of HTTP: validation, pool choice, issuing
 * with skip-on-conflict, idempotent retries. Non-blocking throughout; the only step that may
 * wait (a node that ran out of ids) hops to the blocking executor.
 */
public final class LinkService {

    /** Issued codes that may be taken by live links after a wrap (or by aliases) before giving up. */
    static final int MAX_CODE_ATTEMPTS = 16;
    /** How long a retry waits for the racing request that owns its Idempotency-Key. */
    static final Duration IDEMPOTENCY_WAIT = Duration.ofSeconds(10);
    private static final long IDEMPOTENCY_POLL_MILLIS = 20;
    /** The pool name recorded for custom aliases, which no allocator issues. */
    public static final String ALIAS_POOL = "alias";

    private final CodeIssuer issuer;
    private final HotStore hotStore;
    private final LinkResolver resolver;
    private final IdempotencyStore idempotency;
    private final UrlPolicy urls;
    private final AliasPolicy aliases;
    private final TtlPolicy ttls;
    private final Clock clock;
    private final Executor blocking;
    private final Duration idempotencyTtl;
    private final String baseUrl;
    private final LinkEvents events;
    private final Archive archive;
    private static final System.Logger LOG = System.getLogger(LinkService.class.getName());

    public LinkService(CodeIssuer issuer, HotStore hotStore, LinkResolver resolver, IdempotencyStore idempotency,
            UrlPolicy urls, AliasPolicy aliases, TtlPolicy ttls, Clock clock, Executor blocking, Duration idempotencyTtl,
            String baseUrl, LinkEvents events, Archive archive) {
        this.archive = archive;
        this.issuer = issuer;
        this.hotStore = hotStore;
        this.resolver = resolver;
        this.idempotency = idempotency;
        this.urls = urls;
        this.aliases = aliases;
        this.ttls = ttls;
        this.clock = clock;
        this.blocking = blocking;
        this.idempotencyTtl = idempotencyTtl;
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.events = events;
    }

    /** Creates a link; with an idempotency key, a retry returns the link the first request made. */
    public CompletionStage<LinkView> create(CreateLinkRequest request, String owner, String idempotencyKey) {
        if (idempotencyKey == null) {
            return create(request, owner);
        }
        if (idempotencyKey.isBlank() || idempotencyKey.length() > 255 || !idempotencyKey.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
            return CompletableFuture.failedFuture(ProblemException.badRequest("invalid-idempotency-key",
                    "Idempotency-Key must be 1 to 255 visible ASCII characters; an empty or blank one is refused, not taken as absent"));
        }
        // Validate first: a bad request must not claim the key.
        String fingerprint;
        try {
            fingerprint = validate(request).fingerprint();
        } catch (ProblemException e) {
            return CompletableFuture.failedFuture(e);
        }
        long deadline = System.nanoTime() + IDEMPOTENCY_WAIT.toNanos();
        return idempotent(request, fingerprint, owner, idempotencyKey, deadline);
    }

    /**
     * What an Idempotency-Key is remembered with: the code it made and the request's fingerprint,
     * so that a retry can be told from a client reusing the key for another request. Stored as
     * "code fingerprint" (codes hold no spaces); an outcome stored before fingerprints is a bare
     * code and matches any request.
     */
    private record Outcome(String code, String fingerprint) {
        String encode() {
            return code + " " + fingerprint;
        }

        static Outcome decode(String stored) {
            int space = stored.indexOf(' ');
            return space < 0 ? new Outcome(stored, null) : new Outcome(stored.substring(0, space), stored.substring(space + 1));
        }

        boolean madeBy(String requestFingerprint) {
            return fingerprint == null || fingerprint.equals(requestFingerprint);
        }
    }

    private CompletionStage<LinkView> idempotent(CreateLinkRequest request, String fingerprint, String owner, String key, long deadline) {
        return idempotency.claim(owner, key, idempotencyTtl).thenCompose(claim -> {
            if (claim instanceof Claim.Done done) {
                Outcome outcome = Outcome.decode(done.outcome());
                if (!outcome.madeBy(fingerprint)) {
                    return CompletableFuture.failedFuture(new ProblemException(422, "idempotency-key-reused", "Idempotency-Key reused",
                            "Idempotency-Key '" + dev.shortcode.api.problem.Echo.of(key) + "' was used in the last " + idempotencyTtl.toHours() + " h for a different "
                                    + "request (another url, ttl or alias), which made link '" + outcome.code() + "'; send a new key"));
                }
                return live(outcome.code(), () -> "Idempotency-Key '" + dev.shortcode.api.problem.Echo.of(key) + "' made link '" + outcome.code()
                        + "', which has since been deleted or has expired; send a new key to create another");
            }
            if (claim instanceof Claim.Pending) {
                if (System.nanoTime() > deadline) {
                    return CompletableFuture.failedFuture(ProblemException.conflict("idempotency-in-progress",
                            "a request with this Idempotency-Key is still being processed; retry later"));
                }
                Executor later = CompletableFuture.delayedExecutor(IDEMPOTENCY_POLL_MILLIS, TimeUnit.MILLISECONDS);
                return CompletableFuture.supplyAsync(() -> null, later)
                        .thenCompose(v -> idempotent(request, fingerprint, owner, key, deadline));
            }
            return create(request, owner).handle((view, failure) -> {
                if (failure != null) {
                    return idempotency.release(owner, key).<LinkView>thenCompose(v -> CompletableFuture.failedFuture(unwrap(failure)));
                }
                return idempotency.complete(owner, key, new Outcome(view.code(), fingerprint).encode(), idempotencyTtl)
                        .thenApply(v -> view);
            }).thenCompose(stage -> stage);
        });
    }

    private record Valid(String url, TtlPolicy.Choice ttl, String alias) {
        /** What makes two creates the same request: the stored url, the ttl asked for, the alias. */
        String fingerprint() {
            String canonical = url + "\n" + ttl.label() + "\n" + (alias == null ? "" : alias);
            return ApiKeys.sha256(canonical).substring(0, 16);
        }
    }

    private Valid validate(CreateLinkRequest request) {
        return validate(request, null);
    }

    /** @param ttlChoices the TTL choices made so far for the same request text, or null to choose afresh */
    private Valid validate(CreateLinkRequest request, Map<String, TtlPolicy.Choice> ttlChoices) {
        if (request == null) {
            throw ProblemException.badRequest("invalid-body", "a JSON object with at least \"url\" is required");
        }
        String url = urls.normalise(request.url());
        TtlPolicy.Choice ttl = chooseTtl(request.ttl(), ttlChoices);
        String alias = request.alias() == null ? null : aliases.validate(request.alias());
        return new Valid(url, ttl, alias);
    }

    private TtlPolicy.Choice chooseTtl(String requested, Map<String, TtlPolicy.Choice> choices) {
        if (choices == null || requested == null) {
            return ttls.choose(requested); // the default is chosen once, in the policy
        }
        TtlPolicy.Choice choice = choices.get(requested);
        if (choice == null) {
            choice = ttls.choose(requested); // a refusal throws and is not remembered: the next item asks again
            choices.put(requested, choice);
        }
        return choice;
    }

    /** Creates one link without idempotency. */
    public CompletionStage<LinkView> create(CreateLinkRequest request, String owner) {
        Valid valid;
        try {
            valid = validate(request);
        } catch (ProblemException e) {
            return CompletableFuture.failedFuture(e);
        }
        long now = clock.millis();
        if (valid.alias() != null) {
            LinkRecord record = record(valid.alias(), valid, owner, now);
            return hotStore.create(record).thenApply(created -> {
                if (!created) {
                    throw aliasTaken(valid.alias());
                }
                events.created(record.pool());
                return view(record, valid.ttl().label());
            });
        }
        return issueAndStore(valid, owner, now, 1);
    }

    private CompletionStage<LinkView> issueAndStore(Valid valid, String owner, long now, int attempt) {
        CodeAllocator allocator = issuer.allocator(valid.ttl().pool().name());
        return nextCode(allocator).thenCompose(issued -> {
            LinkRecord record = record(issued.code(), valid, owner, now);
            return hotStore.create(record).thenCompose(created -> {
                if (created) {
                    events.created(record.pool());
                    return CompletableFuture.completedFuture(view(record, valid.ttl().label()));
                }
                // A live link from an older epoch or an alias holds this code: skip it, never overwrite.
                events.codeSkipped(record.pool());
                if (attempt >= MAX_CODE_ATTEMPTS) {
                    return CompletableFuture.failedFuture(poolNearlyFull(record.pool(), attempt));
                }
                return issueAndStore(valid, owner, now, attempt + 1);
            });
        });
    }

    private CompletionStage<IssuedCode> nextCode(CodeAllocator allocator) {
        try {
            IssuedCode code = allocator.tryNext();
            if (code != null) {
                return CompletableFuture.completedFuture(code);
            }
            return CompletableFuture.supplyAsync(allocator::next, blocking);
        } catch (IssueException e) {
            return CompletableFuture.failedFuture(noCodes(e));
        }
    }

    private static ProblemException aliasTaken(String alias) {
        return ProblemException.conflict("alias-taken", "alias '" + alias + "' is already taken");
    }

    private static ProblemException poolNearlyFull(String pool, int attempts) {
        return ProblemException.unavailable("pool " + pool + " found " + attempts + " taken codes in a row; it is nearly full, add a longer pool");
    }

    private static ProblemException noCodes(IssueException e) {
        return ProblemException.unavailable("no codes can be issued now: " + e.getMessage());
    }

    /**
     * Creates up to the batch limit; each item succeeds or fails on its own, answers keep the order.
     *
     * <p>The same rules as {@link #create} item by item, at a fraction of the cost: every item is
     * validated first (a bad one gets its own 400 and takes no code), codes come from the
     * allocators without a stage per item, and the links go to the hot store in one
     * {@link HotStore#createAll} per round. An alias found taken answers 409 for its item; an issued
     * code found taken (a live link after a wrap) is skipped, and only those items go round again
     * with fresh codes, each at most {@link #MAX_CODE_ATTEMPTS} times in all.
     */
    public CompletionStage<List<BatchItemResult>> createBatch(List<CreateLinkRequest> requests, String owner) {
        return createBatch(requests, Map.of(), owner, Runnable::run);
    }

    /**
     * Like {@link #createBatch(List, String)}, with items the caller could not read (JSON of the
     * wrong shape) answered by their problem, by index (they take no code), and the answers of each
     * round built on {@code answerOn} (the caller's event loop) instead of the thread that completed
     * the store's stage: the embedded store completes on its single writer thread, which then goes
     * on with the next write instead of building a thousand link views.
     */
    public CompletionStage<List<BatchItemResult>> createBatch(List<CreateLinkRequest> requests, Map<Integer, ProblemException> unreadable,
            String owner, Executor answerOn) {
        Batch batch = new Batch(requests.size(), owner, clock.millis(), answerOn);
        Map<String, TtlPolicy.Choice> ttlChoices = new HashMap<>(); // most batches repeat one or two ttl values
        List<BatchItem> pending = new ArrayList<>(requests.size());
        for (int i = 0; i < requests.size(); i++) {
            ProblemException refused = unreadable.get(i);
            if (refused != null) {
                batch.results[i] = failed(i, refused);
                continue;
            }
            try {
                pending.add(new BatchItem(i, validate(requests.get(i), ttlChoices)));
            } catch (RuntimeException e) { // a refusal, or a bug: either way this item alone fails
                batch.results[i] = failed(i, e);
            }
        }
        // Grouped by pool (a stable sort: a repeated alias still goes to its first item), so each
        // allocator is asked for its codes in one run.
        pending.sort(Comparator.comparing(BatchItem::pool));
        return storeRound(batch, pending, 1).thenApply(v -> Arrays.asList(batch.results));
    }

    /** One batch request in progress: the answers so far, and what its items share. */
    private final class Batch {
        final BatchItemResult[] results;
        final String owner;
        final long now;
        final Executor answerOn;
        /** Shared by every link view of the batch: formatted once when serialised (see LinkView). */
        final Instant createdAt;
        /** Expiry per TTL in seconds, computed once per batch: links created together expire together. */
        private final Map<Long, Instant> expiries = new HashMap<>();
        private Instant answeredAt;

        Batch(int size, String owner, long now, Executor answerOn) {
            this.results = new BatchItemResult[size];
            this.owner = owner;
            this.now = now;
            this.answerOn = answerOn;
            this.createdAt = Instant.ofEpochMilli(now);
        }

        LinkView view(LinkRecord r, String ttlLabel) {
            Instant expires = null;
            if (!r.permanent()) {
                if (answeredAt == null) {
                    answeredAt = Instant.ofEpochMilli(clock.millis()); // milliseconds, like createdAt
                }
                expires = expiries.computeIfAbsent(r.ttlSeconds(), answeredAt::plusSeconds);
            }
            return new LinkView(r.code(), baseUrl + "/" + r.code(), r.url(), ttlLabel, r.pool(), createdAt, expires);
        }
    }

    /** A valid item of a batch: where its answer goes, and its code once one is issued (the alias for aliases). */
    private static final class BatchItem {
        final int index;
        final Valid valid;
        String code;

        BatchItem(int index, Valid valid) {
            this.index = index;
            this.valid = valid;
            this.code = valid.alias();
        }

        String pool() {
            return valid.alias() != null ? ALIAS_POOL : valid.ttl().pool().name();
        }
    }

    /**
     * Issues codes to the items that need one (all but aliases), stores every item that has a
     * code with one {@link HotStore#createAll}, answers what is decided, and goes round again
     * for the issued codes that were taken.
     */
    private CompletionStage<Void> storeRound(Batch batch, List<BatchItem> items, int attempt) {
        if (items.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        return issueCodes(batch, items).thenCompose(ready -> {
            if (ready.isEmpty()) {
                return CompletableFuture.completedFuture(null);
            }
            List<LinkRecord> records = new ArrayList<>(ready.size());
            for (BatchItem item : ready) {
                records.add(record(item.code, item.valid, batch.owner, batch.now));
            }
            return hotStore.createAll(records).handleAsync((created, failure) -> {
                if (failure != null) {
                    Throwable cause = unwrap(failure);
                    for (BatchItem item : ready) {
                        batch.results[item.index] = failed(item.index, cause);
                    }
                    return List.<BatchItem>of();
                }
                List<BatchItem> retry = new ArrayList<>();
                for (int j = 0; j < ready.size(); j++) {
                    BatchItem item = ready.get(j);
                    LinkRecord record = records.get(j);
                    if (created.get(j)) {
                        events.created(record.pool());
                        batch.results[item.index] = new BatchItemResult(item.index, 201, batch.view(record, item.valid.ttl().label()), null);
                    } else if (item.valid.alias() != null) {
                        batch.results[item.index] = failed(item.index, aliasTaken(item.valid.alias()));
                    } else {
                        // A live link from an older epoch or an alias holds this code: skip it, never overwrite.
                        events.codeSkipped(record.pool());
                        if (attempt >= MAX_CODE_ATTEMPTS) {
                            batch.results[item.index] = failed(item.index, poolNearlyFull(record.pool(), attempt));
                        } else {
                            retry.add(item);
                        }
                    }
                }
                return retry;
            }, batch.answerOn).thenCompose(retry -> storeRound(batch, retry, attempt + 1));
        });
    }

    /**
     * Gives every non-alias item a fresh code, without a stage per item: from the allocators
     * directly while they have ids at hand, and in one hop to the blocking executor for the items
     * of a pool whose allocator is waiting for its next block. An item that cannot get a code is
     * answered 503 at once.
     *
     * @return the items that have a code now, aliases included, in the order given
     */
    private CompletionStage<List<BatchItem>> issueCodes(Batch batch, List<BatchItem> items) {
        List<BatchItem> waiting = null; // items whose allocator had no id ready
        String stalledPool = null;
        for (BatchItem item : items) {
            if (item.valid.alias() != null) {
                continue;
            }
            item.code = null;
            String pool = item.pool();
            if (pool.equals(stalledPool)) {
                waiting.add(item);
                continue;
            }
            try {
                IssuedCode issued = issuer.allocator(pool).tryNext();
                if (issued != null) {
                    item.code = issued.code();
                } else {
                    stalledPool = pool; // items are grouped by pool: the rest of this pool waits too
                    if (waiting == null) {
                        waiting = new ArrayList<>();
                    }
                    waiting.add(item);
                }
            } catch (IssueException e) {
                batch.results[item.index] = failed(item.index, noCodes(e));
            }
        }
        if (waiting == null) {
            return CompletableFuture.completedFuture(withCodes(items));
        }
        List<BatchItem> blocked = waiting;
        try {
            return CompletableFuture.supplyAsync(() -> {
                for (BatchItem item : blocked) {
                    try {
                        item.code = issuer.allocator(item.pool()).next().code();
                    } catch (IssueException e) {
                        batch.results[item.index] = failed(item.index, noCodes(e));
                    }
                }
                return withCodes(items);
            }, blocking);
        } catch (RejectedExecutionException e) {
            for (BatchItem item : blocked) {
                batch.results[item.index] = failed(item.index, ProblemException.unavailable("no codes can be issued now: " + e));
            }
            return CompletableFuture.completedFuture(withCodes(items));
        }
    }

    private static List<BatchItem> withCodes(List<BatchItem> items) {
        List<BatchItem> ready = new ArrayList<>(items.size());
        for (BatchItem item : items) {
            if (item.code != null) {
                ready.add(item);
            }
        }
        return ready;
    }

    private static BatchItemResult failed(int index, Throwable failure) {
        ProblemException problem = failure instanceof ProblemException p ? p
                : StorageOutage.describe(failure).map(ProblemException::unavailable).orElseGet(() -> {
                    LOG.log(System.Logger.Level.ERROR, "batch item " + index + " failed unexpectedly", failure);
                    return new ProblemException(500, "internal", "Internal error", "this item failed: " + failure.getClass().getSimpleName());
                });
        return new BatchItemResult(index, problem.status(), null, problem.toProblem(null));
    }

    /** The live link of a code. */
    public CompletionStage<LinkView> get(String code) {
        return live(code, () -> "no live link has the code '" + code + "'");
    }

    /** The live link of a code, or a 404 saying {@code absent}. */
    private CompletionStage<LinkView> live(String code, java.util.function.Supplier<String> absent) {
        return resolver.resolve(code).thenApply(found -> found.map(this::view).orElseThrow(() -> ProblemException.notFound(absent.get())));
    }

    /** Where a code redirects to, extending its life; empty when unknown or expired. */
    public CompletionStage<Optional<String>> target(String code) {
        return resolver.resolve(code).thenApply(found -> found.map(LinkRecord::url));
    }

    /**
     * Only the API key that created a link, or an admin key, may change or delete it: any
     * links:write key could otherwise repoint another client's links. Reading stays open to
     * links:read (the target is public through the redirect anyway).
     */
    private static void requireOwner(LinkRecord link, ApiKey caller) {
        if (caller != null && !caller.allows(ApiKey.Scope.ADMIN) && !caller.id().equals(link.ownerKeyId())) {
            throw new ProblemException(403, "not-owner", "Forbidden", "link '" + link.code() + "' was created by another API key; "
                    + "only that key or an admin key may change or delete it");
        }
    }

    /** Changes a link as {@code caller} (null: unchecked, for callers inside the service). */
    public CompletionStage<LinkView> update(String code, UpdateLinkRequest request, ApiKey caller) {
        if (request == null || (request.url() == null && request.ttl() == null)) {
            return CompletableFuture.failedFuture(ProblemException.badRequest("invalid-body", "give \"url\" and/or \"ttl\" to change"));
        }
        String url;
        TtlPolicy.Choice ttl;
        try {
            url = request.url() == null ? null : urls.normalise(request.url());
            ttl = request.ttl() == null ? null : ttls.choose(request.ttl());
        } catch (ProblemException e) {
            return CompletableFuture.failedFuture(e);
        }
        return resolver.resolve(code).thenCompose(found -> {
            LinkRecord current = found.orElseThrow(() -> ProblemException.notFound("no live link has the code '" + code + "'"));
            requireOwner(current, caller);
            if (ttl != null && !current.pool().equals(ALIAS_POOL) && !ttl.pool().name().equals(current.pool())) {
                throw ProblemException.badRequest("invalid-ttl", "ttl " + ttl.label() + " needs pool " + ttl.pool().name()
                        + " but this link's code belongs to pool " + current.pool() + "; create a new link instead");
            }
            LinkRecord next = current.updated(url != null ? url : current.url(),
                    ttl != null ? ttl.ttl().toSeconds() : current.ttlSeconds(), ttl != null ? ttl.permanent() : current.permanent());
            return hotStore.update(next).thenApply(updated -> {
                if (!updated) {
                    throw ProblemException.conflict("concurrent-update", "the link changed or expired meanwhile; read it and retry");
                }
                return view(next);
            });
        });
    }

    /**
     * Deletes a live link. Besides the hot store (whose outbox also carries the removal), the
     * removal is written to the archive before answering: otherwise a read racing the outbox could
     * find the link in the archive, take it for one Redis lost, and bring it back. If the archive
     * is down the delete still stands (the outbox delivers it later); the log says so.
     */
    public CompletionStage<Void> delete(String code, ApiKey caller) {
        return resolver.resolve(code).thenCompose(found -> {
            LinkRecord current = found.orElseThrow(() -> ProblemException.notFound("no live link has the code '" + code + "'"));
            requireOwner(current, caller);
            return hotStore.delete(code).thenCompose(deleted -> {
                if (!deleted) {
                    throw ProblemException.notFound("no live link has the code '" + code + "'");
                }
                return archive.write(List.of(new ArchiveMutation.Remove(code, current.createdAtMillis(), current.version() + 1)))
                        .exceptionally(failure -> {
                            LOG.log(System.Logger.Level.WARNING, "removal of {0} not yet in the archive ({1}); the outbox will deliver it",
                                    code, failure.toString());
                            return null;
                        });
            });
        });
    }

    private static LinkRecord record(String code, Valid valid, String owner, long now) {
        String pool = valid.alias() != null ? ALIAS_POOL : valid.ttl().pool().name();
        return new LinkRecord(code, valid.url(), pool, valid.ttl().ttl().toSeconds(), valid.ttl().permanent(), now, owner, 1);
    }

    LinkView view(LinkRecord r) {
        return view(r, r.permanent() ? TtlPolicy.PERMANENT : TtlPolicy.label(r.ttl()));
    }

    private LinkView view(LinkRecord r, String ttlLabel) {
        // Milliseconds, like createdAt: clients compare the two.
        Instant expires = r.permanent() ? null : Instant.ofEpochMilli(clock.millis()).plusSeconds(r.ttlSeconds());
        return new LinkView(r.code(), baseUrl + "/" + r.code(), r.url(), ttlLabel, r.pool(), r.createdAt(), expires);
    }

    static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }
}

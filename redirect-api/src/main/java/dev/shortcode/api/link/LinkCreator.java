package dev.shortcode.api.link;

import dev.shortcode.api.error.AliasTakenException;
import dev.shortcode.api.error.PoolExhaustedException;
import dev.shortcode.core.alloc.CodeIssuer;
import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.LinkRecord;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Makes one link of a valid request: an alias is stored under its name or refused as taken (one of
 * a pool's shape reserved first, whether taken or not: a reservation is never undone); an
 * issued code is stored, and when a live link holds it (after a wrap) it is skipped for the next
 * one, never overwritten, at most {@link #MAX_CODE_ATTEMPTS} times. The batch engine applies the
 * same rules to many links at once ({@link BatchCreator}).
 */
public final class LinkCreator {

    /** Issued codes that may be taken by live links after a wrap before giving up. */
    public static final int MAX_CODE_ATTEMPTS = 16;

    private final CodeIssuer issuer;
    private final HotStore hotStore;
    private final LinkViews views;
    private final LinkEvents events;
    private final Clock clock;
    private final ExternalIdGuard externalIds;

    public LinkCreator(CodeIssuer issuer, HotStore hotStore, LinkViews views, LinkEvents events, Clock clock, ExternalIdGuard externalIds) {
        this.externalIds = externalIds;
        this.issuer = issuer;
        this.hotStore = hotStore;
        this.views = views;
        this.events = events;
        this.clock = clock;
    }

    /** Stores the link; its stage completes once the store made it durable. */
    public CompletionStage<LinkView> create(ValidLink valid, String owner) {
        long now = clock.millis();
        if (valid.alias() != null) {
            LinkRecord record = valid.record(valid.alias(), owner, now);
            // An alias of a pool's shape is reserved first, so that no node issues it once it is stored.
            return issuer.reserve(valid.alias()).thenCompose(reserved -> store(record)).thenApply(created -> {
                if (!created) {
                    throw new AliasTakenException(valid.alias());
                }
                events.created(record.pool());
                return views.of(record, valid.ttl().label());
            });
        }
        return issueAndStore(valid, owner, now, 1);
    }

    private CompletionStage<LinkView> issueAndStore(ValidLink valid, String owner, long now, int attempt) {
        return issuer.issue(valid.pool()).thenCompose(issued -> {
            LinkRecord record = valid.record(issued.code(), owner, now);
            return store(record).thenCompose(created -> {
                if (created) {
                    events.created(record.pool());
                    return CompletableFuture.completedFuture(views.of(record, valid.ttl().label()));
                }
                // A live link from an older epoch holds this code: skip it, never overwrite.
                events.codeSkipped(record.pool());
                if (attempt >= MAX_CODE_ATTEMPTS) {
                    return CompletableFuture.failedFuture(new PoolExhaustedException(record.pool(), attempt));
                }
                return issueAndStore(valid, owner, now, attempt + 1);
            });
        });
    }

    /**
     * The hot store's create, behind the claim of the link's external id; a link not stored
     * releases its claim (waited for when its code was taken, so the next code's claim finds it free).
     */
    private CompletionStage<Boolean> store(LinkRecord record) {
        if (record.meta().externalId() == null) {
            return hotStore.create(record);
        }
        return externalIds.claim(record).thenCompose(v -> hotStore.create(record).handle((created, failure) -> {
            if (failure != null) {
                externalIds.releaseQuietly(record);
                return CompletableFuture.<Boolean>failedFuture(failure);
            }
            return created ? CompletableFuture.completedFuture(true) : externalIds.release(record).thenApply(released -> false);
        }).thenCompose(stored -> stored));
    }
}

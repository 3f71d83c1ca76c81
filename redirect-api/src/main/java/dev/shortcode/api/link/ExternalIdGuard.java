package dev.shortcode.api.link;

import dev.shortcode.api.error.ExternalIdTakenException;
import dev.shortcode.core.index.ExternalIds;
import dev.shortcode.core.index.ExternalIds.Claim;
import dev.shortcode.core.read.LinkResolver;
import dev.shortcode.core.store.LinkRecord;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Keeps an owner's external ids unique among the owner's live links: a create claims its external
 * id for its code before storing the link ({@link ExternalIds}), and a delete releases it.
 *
 * <p>A claim found held is looked into: when the holder's link lives and carries the id, the create
 * answers 409 naming that link; when it does not (the holder's create failed, its node died, or its
 * link expired or was deleted without the release), the claim is taken over, but only once it is
 * older than {@link #IN_FLIGHT_MILLIS}: a younger one may be a create still on its way to the
 * store, and a second create of the same id then answers 409 too, naming the code the first will
 * have.
 */
public final class ExternalIdGuard {

    private static final System.Logger LOG = System.getLogger(ExternalIdGuard.class.getName());
    /** Longer than a create takes between its claim and its store's answer, however loaded. */
    static final long IN_FLIGHT_MILLIS = 30_000;
    private static final int MAX_ATTEMPTS = 3;

    private final ExternalIds claims;
    private final LinkResolver resolver;
    private final Clock clock;

    public ExternalIdGuard(ExternalIds claims, LinkResolver resolver, Clock clock) {
        this.claims = claims;
        this.resolver = resolver;
        this.clock = clock;
    }

    /** Claims the link's external id for its code, or fails with {@link ExternalIdTakenException}; nothing to do without one. */
    public CompletionStage<Void> claim(LinkRecord link) {
        String externalId = link.meta().externalId();
        if (externalId == null) {
            return CompletableFuture.completedFuture(null);
        }
        return claim(link.ownerKeyId(), externalId, link.code(), 1);
    }

    private CompletionStage<Void> claim(String owner, String externalId, String code, int attempt) {
        Claim mine = new Claim(code, clock.millis());
        return claims.claim(owner, externalId, mine).thenCompose(held -> {
            if (held.isEmpty()) {
                return CompletableFuture.completedFuture(null);
            }
            Claim holder = held.get();
            return resolver.loadForEdit(holder.code()).thenCompose(link -> {
                if (carries(link, owner, externalId) || mine.claimedAtMillis() - holder.claimedAtMillis() < IN_FLIGHT_MILLIS
                        || attempt >= MAX_ATTEMPTS) {
                    throw new ExternalIdTakenException(externalId, holder.code());
                }
                return claims.replace(owner, externalId, holder, mine)
                        .thenCompose(moved -> moved ? CompletableFuture.<Void>completedFuture(null) : claim(owner, externalId, code, attempt + 1));
            });
        });
    }

    private static boolean carries(Optional<LinkRecord> link, String owner, String externalId) {
        return link.isPresent() && link.get().ownerKeyId().equals(owner) && externalId.equals(link.get().meta().externalId());
    }

    /** Releases the link's external id (a delete, or a create that did not store it). */
    public CompletionStage<Void> release(LinkRecord link) {
        String externalId = link.meta().externalId();
        if (externalId == null) {
            return CompletableFuture.completedFuture(null);
        }
        return claims.release(link.ownerKeyId(), externalId, link.code());
    }

    /** {@link #release} for a create that failed: not waited for; a claim left behind is taken over later. */
    public void releaseQuietly(LinkRecord link) {
        release(link).whenComplete((v, e) -> {
            if (e != null) {
                LOG.log(Level.DEBUG, "releasing the external id of {0} failed: {1}", link.code(), e.toString());
            }
        });
    }
}

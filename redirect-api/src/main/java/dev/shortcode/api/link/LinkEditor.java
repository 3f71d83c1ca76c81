package dev.shortcode.api.link;

import dev.shortcode.api.error.ConcurrentUpdateException;
import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.error.NotFoundException;
import dev.shortcode.api.error.NotOwnerException;
import dev.shortcode.api.http.CallerContext;
import dev.shortcode.api.password.PasswordWork;
import dev.shortcode.api.ttl.TtlPolicy;
import dev.shortcode.core.read.LinkResolver;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.LinkMeta;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRouting;
import dev.shortcode.core.store.LinkTargets;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Changes and deletes of live links. Each loads the link for edit first
 * ({@link LinkResolver#loadForEdit}: the hot store's own current version, restored from the
 * archive when only the archive holds it), checks who may change it, and writes a
 * compare-and-set against that version; the store records the change in the archive itself.
 *
 * <p>Only the API key that created a link, or an admin key, may change or delete it: any
 * links:write key could otherwise repoint another client's links. Reading stays open to links:read
 * (the target is public through the redirect anyway).
 */
public final class LinkEditor {

    private final LinkResolver resolver;
    private final HotStore hotStore;
    private final LinkRequests requests;
    private final LinkViews views;
    /** Told the code of each link deleted, after the delete, not waited for: its moderation records and stats go with it. */
    private final Consumer<String> afterDelete;
    private final ExternalIdGuard externalIds;
    /** Where a new password is hashed; null: a PATCH that sets one is refused. */
    private final PasswordWork passwords;

    public LinkEditor(LinkResolver resolver, HotStore hotStore, LinkRequests requests, LinkViews views, ExternalIdGuard externalIds) {
        this(resolver, hotStore, requests, views, externalIds, code -> {});
    }

    public LinkEditor(LinkResolver resolver, HotStore hotStore, LinkRequests requests, LinkViews views, ExternalIdGuard externalIds,
            Consumer<String> afterDelete) {
        this(resolver, hotStore, requests, views, externalIds, afterDelete, null);
    }

    public LinkEditor(LinkResolver resolver, HotStore hotStore, LinkRequests requests, LinkViews views, ExternalIdGuard externalIds,
            Consumer<String> afterDelete, PasswordWork passwords) {
        this.passwords = passwords;
        this.externalIds = externalIds;
        this.resolver = resolver;
        this.hotStore = hotStore;
        this.requests = requests;
        this.views = views;
        this.afterDelete = afterDelete;
    }

    /**
     * Changes a link's url, ttl, targets, title and/or tags as {@code caller} (null: unchecked, for
     * callers inside the service). Targets given replace the whole set; {@code "targets": null}
     * clears it; tags given replace the whole set too; an empty title removes it.
     */
    public CompletionStage<LinkView> update(String code, UpdateLinkRequest request, ApiKey caller) {
        return update(code, request, null, caller);
    }

    /**
     * {@link #update} whose tags, after the request's own, go through {@code retag} (a bulk
     * update's tags to add and remove; null for none); the result is checked like tags given.
     */
    public CompletionStage<LinkView> update(String code, UpdateLinkRequest request, UnaryOperator<List<String>> retag, ApiKey caller) {
        boolean retags = retag != null;
        String url;
        TtlPolicy.Choice ttl;
        LinkTargets targets;
        String title;
        List<String> tags;
        UnaryOperator<LinkRouting> changedRouting;
        try {
            if (request == null || (request.url() == null && request.ttl() == null && request.targets() == null
                    && request.title() == null && request.tags() == null && !request.changesRouting() && !retags)) {
                throw new InvalidRequestException("invalid-body", "give \"url\", \"ttl\", \"targets\", \"title\", \"tags\" and/or a routing field"
                        + " (forwardQuery, validFrom, validUntil, expiredUrl, maxClicks, split, rules, password) to change");
            }
            changedRouting = routingChange(request);
            if (request.password() != null) {
                RoutingPolicy.password("password", request.password());
                if (passwords == null) {
                    throw new InvalidRequestException("invalid-routing", "password: this service sets no passwords");
                }
            }
            title = request.title() == null ? null : Objects.requireNonNullElse(LinkMetaPolicy.title(request.title()), "");
            tags = request.tags() == null ? null : LinkMetaPolicy.tags(request.tags());
            url = request.url() == null ? null : requests.url(request.url());
            ttl = request.ttl() == null ? null : requests.ttl(request.ttl());
            targets = request.targets() == null ? null : requests.targets(request.targets().orElse(null));
        } catch (InvalidRequestException e) {
            return CompletableFuture.failedFuture(e);
        }
        // A new password's slow hash on threads of its own, once everything else was checked and the caller may edit the link.
        return CallerContext.resume(editable(code, caller).thenCompose(current -> (request.password() == null
                ? CompletableFuture.<String>completedFuture(null) : passwords.hash(request.password())).thenCompose(hash -> {
            if (ttl != null && !current.pool().equals(ValidLink.ALIAS_POOL) && !ttl.pool().name().equals(current.pool())) {
                throw new InvalidRequestException("invalid-ttl", "ttl " + ttl.label() + " needs pool " + ttl.pool().name()
                        + " but this link's code belongs to pool " + current.pool() + "; create a new link instead");
            }
            LinkMeta meta = current.meta();
            if (title != null) {
                meta = meta.withTitle(title);
            }
            if (tags != null) {
                meta = meta.withTags(tags);
            }
            if (retags) {
                meta = meta.withTags(LinkMetaPolicy.tags(retag.apply(meta.tags())));
            }
            LinkRecord next = current.updated(url != null ? url : current.url(),
                    ttl != null ? ttl.ttl().toSeconds() : current.ttlSeconds(), ttl != null ? ttl.permanent() : current.permanent(),
                    targets != null ? targets : current.targets(), meta, routed(changedRouting.apply(current.routing()), request, hash));
            return hotStore.update(next).thenApply(result -> switch (result) {
                case UPDATED -> views.of(next);
                case MISSING -> throw notFound(code);
                case STALE -> throw new ConcurrentUpdateException(code);
            });
        })));
    }

    /** The routing with the PATCH's password: its new hash, or none for {@code "password": null}; kept when not given. */
    private static LinkRouting routed(LinkRouting routing, UpdateLinkRequest request, String hash) {
        return request.gives("password") ? routing.withPasswordHash(hash) : routing;
    }

    /**
     * What a PATCH does to a link's routing: each field it gives replaces the link's (null removes
     * it), the others are kept; the window is checked as a whole once applied. Parsed and checked
     * here, before the link is loaded, so a bad value changes nothing.
     */
    private UnaryOperator<LinkRouting> routingChange(UpdateLinkRequest request) {
        if (!request.changesRouting()) {
            return UnaryOperator.identity();
        }
        Long from = request.gives("validFrom") ? RoutingPolicy.instant("validFrom", request.validFrom()) : null;
        Long until = request.gives("validUntil") ? RoutingPolicy.instant("validUntil", request.validUntil()) : null;
        String expired = request.gives("expiredUrl") && request.expiredUrl() != null ? requests.expiredUrl(request.expiredUrl()) : null;
        List<LinkRouting.Variant> split = request.gives("split") ? requests.split(request.split()) : null;
        List<LinkRouting.Rule> rules = request.gives("rules") ? requests.rules(request.rules()) : null;
        Long max = request.gives("maxClicks") ? RoutingPolicy.maxClicks(request.maxClicks()) : null;
        return current -> {
            LinkRouting next = request.gives("forwardQuery") ? current.withForwardQuery(request.forwardQuery()) : current;
            next = split != null ? next.withSplit(split) : next;
            next = rules != null ? next.withRules(rules) : next;
            Long newFrom = request.gives("validFrom") ? from : current.validFromMillis();
            Long newUntil = request.gives("validUntil") ? until : current.validUntilMillis();
            next = next.withMaxClicks(request.gives("maxClicks") ? max : current.maxClicks());
            // Removing the last way to be over (validUntil, maxClicks) removes where visitors go then.
            boolean canBeOver = newUntil != null || next.maxClicks() != null;
            String newExpired = request.gives("expiredUrl") ? expired : canBeOver ? current.expiredUrl() : null;
            return RoutingPolicy.window(next, newFrom, newUntil, newExpired);
        };
    }

    /** Deletes a live link as {@code caller}: one write, which the store also records in the archive. */
    public CompletionStage<Void> delete(String code, ApiKey caller) {
        return CallerContext.resume(editable(code, caller).thenCompose(current -> hotStore.delete(code).thenCompose(deleted -> {
            if (!deleted) {
                throw notFound(code);
            }
            afterDelete.accept(code);
            return externalIds.release(current);
        })));
    }

    private CompletionStage<LinkRecord> editable(String code, ApiKey caller) {
        return resolver.loadForEdit(code).thenApply(found -> {
            LinkRecord current = found.orElseThrow(() -> notFound(code));
            if (caller != null && !caller.allows(ApiKey.Scope.ADMIN) && !caller.id().equals(current.ownerKeyId())) {
                throw new NotOwnerException(code);
            }
            return current;
        });
    }

    private static NotFoundException notFound(String code) {
        return new NotFoundException("no live link has the code '" + Echo.of(code) + "'");
    }
}

package dev.shortcode.api.inventory;

import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.link.LinkReader;
import dev.shortcode.api.link.LinkView;
import dev.shortcode.core.index.LinkIndex;
import dev.shortcode.core.index.LinkPage;
import dev.shortcode.core.index.LinkQuery;
import dev.shortcode.core.index.Position;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.ApiKeyStore;
import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.Restorable;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Listings of links: the {@link LinkIndex} finds an owner's links by what their records say, and
 * this class decides what each link is now and keeps those the request's {@code status} asks for.
 *
 * <h2>Status</h2>
 * A link is {@code disabled} when moderation holds it (an admin's disable or a deny-list rule),
 * else {@code live} when the hot store holds this link (the same creation time: not a later link
 * of a wrapped code) or a read would bring it back from the archive ({@link Restorable}: a
 * permanent link, or one younger than its TTL, which a lost Redis dropped), else {@code expired}.
 * Nothing sweeps expired links: the status is read at listing time, so it is always right.
 *
 * <h2>Several owners</h2>
 * An admin listing without {@code owner} merges the pages of every key's links. Each owner's page
 * ends at its own position (its limit or its scan budget reached); links after the earliest of
 * those positions are left for the next round, which starts there, so the merged order has no gap.
 *
 * <h2>Filling a page</h2>
 * Links filtered out by status leave a page short: another round continues from where the last
 * ended, at most {@value #MAX_ROUNDS} rounds; a page still short then says where to go on
 * ({@code next}) rather than scan on, so a filter that matches little costs bounded time per request.
 */
public final class LinkInventory {

    /** Index entries one owner's page may look at per round. */
    static final int BUDGET_PER_ROUND = 20_000;
    static final int MAX_ROUNDS = 4;
    /** Newest first, then code ascending: the order of {@link Position}. */
    static final Comparator<Position> ORDER = Comparator.comparingLong(Position::createdAtMillis).reversed()
            .thenComparing(Position::code);

    private final LinkIndex index;
    private final HotStore hotStore;
    private final ApiKeyStore keys;
    private final LinkReader reader;
    private final Clock clock;

    public LinkInventory(LinkIndex index, HotStore hotStore, ApiKeyStore keys, LinkReader reader, Clock clock) {
        this.clock = clock;
        this.index = index;
        this.hotStore = hotStore;
        this.keys = keys;
        this.reader = reader;
    }

    /** One page of a listing: the links, and where the next page starts (null when this is the last). */
    public record Page(List<LinkView> links, Position next) {}

    /** A page of the links {@code caller} may see that the request asks for. */
    public CompletionStage<Page> list(ListingRequest request, ApiKey caller) {
        return owners(request, caller).thenCompose(owners -> round(request, owners, request.after(), new ArrayList<>(), 1));
    }

    /** The caller's tags with how many links carry each (an admin's: the owner's given, or the admin key's own). */
    public CompletionStage<Map<String, Long>> tags(String owner, ApiKey caller) {
        if (owner != null && !caller.allows(ApiKey.Scope.ADMIN)) {
            return CompletableFuture.failedFuture(ownerIsForAdmins());
        }
        return index.tagCounts(owner != null ? owner : caller.id());
    }

    private CompletionStage<List<String>> owners(ListingRequest request, ApiKey caller) {
        boolean admin = caller.allows(ApiKey.Scope.ADMIN);
        if (request.owner() != null) {
            return admin ? CompletableFuture.completedFuture(List.of(request.owner())) : CompletableFuture.failedFuture(ownerIsForAdmins());
        }
        if (!admin) {
            return CompletableFuture.completedFuture(List.of(caller.id()));
        }
        return keys.list().thenApply(all -> all.stream().map(ApiKey::id).distinct().toList());
    }

    private static InvalidRequestException ownerIsForAdmins() {
        return new InvalidRequestException("invalid-parameter", "owner is for admin keys; a key sees its own links without it");
    }

    private CompletionStage<Page> round(ListingRequest request, List<String> owners, Position after, List<LinkView> found, int round) {
        int need = request.limit() - found.size();
        List<CompletableFuture<LinkPage>> pages = new ArrayList<>(owners.size());
        for (String owner : owners) {
            LinkQuery query = new LinkQuery(owner, request.tags(), request.externalId(), request.host(), request.words(), request.pool(),
                    request.createdAfter(), request.createdBefore(), after, need, Math.max(need, BUDGET_PER_ROUND));
            pages.add(index.find(query).toCompletableFuture());
        }
        return CompletableFuture.allOf(pages.toArray(CompletableFuture[]::new)).thenCompose(v -> {
            Position frontier = null; // the earliest place where some owner's page stopped short of its end
            List<LinkRecord> candidates = new ArrayList<>();
            for (CompletableFuture<LinkPage> page : pages) {
                LinkPage p = page.join();
                candidates.addAll(p.links());
                if (p.next() != null && (frontier == null || ORDER.compare(p.next(), frontier) < 0)) {
                    frontier = p.next();
                }
            }
            Position end = frontier;
            List<LinkRecord> inOrder = candidates.stream().sorted(Comparator.comparing(LinkInventory::position, ORDER))
                    .filter(link -> end == null || ORDER.compare(position(link), end) <= 0).toList();
            return statuses(inOrder).thenCompose(views -> {
                for (int i = 0; i < views.size(); i++) {
                    Optional<LinkView> view = views.get(i);
                    if (view.isPresent() && request.status().admits(view.get().status())) {
                        found.add(view.get());
                        if (found.size() == request.limit()) {
                            boolean more = i + 1 < views.size() || end != null;
                            return CompletableFuture.completedFuture(new Page(found, more ? position(inOrder.get(i)) : null));
                        }
                    }
                }
                if (end == null) {
                    return CompletableFuture.completedFuture(new Page(found, null));
                }
                if (round >= MAX_ROUNDS) {
                    return CompletableFuture.completedFuture(new Page(found, end));
                }
                return round(request, owners, end, found, round + 1);
            });
        });
    }

    /** Each link's view with its status, in the order given (empty: not a link to show). */
    private CompletionStage<List<Optional<LinkView>>> statuses(List<LinkRecord> links) {
        List<CompletableFuture<Optional<LinkView>>> views = new ArrayList<>(links.size());
        for (LinkRecord link : links) {
            views.add(status(link).toCompletableFuture());
        }
        return CompletableFuture.allOf(views.toArray(CompletableFuture[]::new))
                .thenApply(v -> views.stream().map(CompletableFuture::join).toList());
    }

    private CompletionStage<Optional<LinkView>> status(LinkRecord link) {
        if (reader.blocked(link).isPresent()) {
            return CompletableFuture.completedFuture(Optional.of(reader.view(link).withStatus("disabled")));
        }
        return hotStore.peek(link.code()).thenApply(hot -> {
            boolean held = hot.isPresent() && hot.get().createdAtMillis() == link.createdAtMillis();
            if (held) {
                return Optional.of(reader.view(hot.get()).withStatus("live"));
            }
            // What a read would do: serve it from the archive (and put it back) while it cannot have expired.
            return Optional.of(reader.view(link).withStatus(Restorable.fromArchive(link, clock.millis()) ? "live" : "expired"));
        });
    }

    static Position position(LinkRecord link) {
        return new Position(link.createdAtMillis(), link.code());
    }
}

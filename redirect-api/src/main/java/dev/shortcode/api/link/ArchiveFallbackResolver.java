package dev.shortcode.api.link;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.Restorable;
import dev.shortcode.core.store.SingleFlight;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Resolution for codes without a pool-specific fast path: every code in embedded mode, custom
 * aliases in distributed mode. The hot store first; on a miss, the archive, for links that are
 * permanent. Misses the archive also could not answer are remembered briefly (bounded), and
 * concurrent misses of one code share one archive read, so a scanner requesting random paths
 * costs one archive read per path per {@link #NEGATIVE_TTL}, not one per request. A link found in
 * the archive that {@link Restorable} allows is put back into the hot store.
 */
public final class ArchiveFallbackResolver implements LinkResolver {

    /** How long an archive miss is trusted; a link created meanwhile is found in the hot store first. */
    static final Duration NEGATIVE_TTL = Duration.ofSeconds(5);
    static final long NEGATIVE_MAX = 100_000;

    private final HotStore hot;
    private final Archive archive;
    private final Cache<String, Boolean> absent = Caffeine.newBuilder().maximumSize(NEGATIVE_MAX)
            .expireAfterWrite(NEGATIVE_TTL).build();
    private final SingleFlight<String, Optional<LinkRecord>> reads = new SingleFlight<>();

    private final Clock clock;

    public ArchiveFallbackResolver(HotStore hot, Archive archive, Clock clock) {
        this.hot = hot;
        this.archive = archive;
        this.clock = clock;
    }

    @Override
    public CompletionStage<Optional<LinkRecord>> resolve(String code) {
        return hot.get(code).thenCompose(found -> {
            if (found.isPresent() || absent.getIfPresent(code) != null) {
                return CompletableFuture.completedFuture(found);
            }
            return reads.join(code, c -> null, () -> archive.get(code).thenCompose(this::rewarm).thenApply(result -> {
                if (result.isEmpty()) {
                    absent.put(code, Boolean.TRUE);
                }
                return result;
            }));
        });
    }

    /** Permanent links, and temporary ones that cannot have expired yet; an expired link stays gone. */
    private CompletionStage<Optional<LinkRecord>> rewarm(Optional<LinkRecord> archived) {
        if (archived.isEmpty() || !Restorable.fromArchive(archived.get(), clock.millis())) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        LinkRecord link = archived.get();
        return hot.create(link).thenCompose(created -> created
                ? CompletableFuture.completedFuture(archived)
                : hot.get(link.code())); // a live link took the code meanwhile: that one wins
    }
}

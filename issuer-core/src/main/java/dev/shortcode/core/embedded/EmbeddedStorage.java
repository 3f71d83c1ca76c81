package dev.shortcode.core.embedded;

import dev.shortcode.core.Storage;
import dev.shortcode.core.StorageHealth;
import dev.shortcode.core.alloc.Ticker;
import dev.shortcode.core.config.IssuerOptions;
import dev.shortcode.core.lease.EmbeddedBlockSource;
import dev.shortcode.core.limit.LocalRateLimits;
import dev.shortcode.core.read.ColdReadOptions;
import dev.shortcode.core.read.LinkResolver;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The single-node storage: one RocksDB under the data directory ({@link EmbeddedDatabase}) holds
 * the counters' watermarks, the hot store, the archive, the API keys, the idempotency keys and the
 * click statistics. Rate limits are this node's alone, in memory ({@link LocalRateLimits}).
 * The one way in to the embedded classes, which are package-private.
 */
public final class EmbeddedStorage {

    private EmbeddedStorage() {}

    /** Opens (creating when missing) the database under {@code options.dataDir()}; one process at a time (RocksDB locks it). */
    public static Storage open(EmbeddedOptions options, IssuerOptions issuer, ColdReadOptions coldRead) {
        return open(options, issuer, coldRead, Clock.systemUTC());
    }

    /** @param clock wall time of link expiry and idempotency keys */
    static Storage open(EmbeddedOptions options, IssuerOptions issuer, ColdReadOptions coldRead, Clock clock) {
        EmbeddedDatabase db = EmbeddedDatabase.open(options, issuer.secret());
        try {
            EmbeddedEventJournal events = new EmbeddedEventJournal(db);
            EmbeddedHotStore hot = new EmbeddedHotStore(db, clock, events);
            EmbeddedModerationStore moderation = new EmbeddedModerationStore(db);
            EmbeddedArchive archive = new EmbeddedArchive(db);
            RocksDbWatermarkStore watermarks = new RocksDbWatermarkStore(db, clock);
            // A watermark read is a RocksDB point read of microseconds: done on the reading thread.
            LinkResolver resolver = LinkResolver.over(hot, archive, issuer, watermarks, Runnable::run, coldRead, Ticker.SYSTEM, clock);
            return new Storage("embedded", new EmbeddedBlockSource(watermarks, new dev.shortcode.core.lease.ReservedIds(issuer.secret())), hot, archive, resolver, new EmbeddedApiKeyStore(db),
                    new EmbeddedIdempotencyStore(db, clock), () -> CompletableFuture.completedFuture(new StorageHealth(Map.of("rocksdb", isOpen(db)), Set.of("rocksdb"))),
                    Optional.of(db::writerStats), db::close, moderation,
                    sampling -> new EmbeddedFootprint(db, sampling, clock), new EmbeddedClickStore(db, clock), new LocalRateLimits(clock),
                    new EmbeddedLinkIndex(db), new EmbeddedExternalIds(db), moderation.webhooks(), events,
                    moderation.domains(), new EmbeddedClickCaps(db), new EmbeddedDeliveryLog(db));
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
    }

    private static boolean isOpen(EmbeddedDatabase db) {
        try {
            db.latestSequenceNumber();
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }
}

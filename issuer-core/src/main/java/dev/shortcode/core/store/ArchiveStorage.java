package dev.shortcode.core.store;

import dev.shortcode.core.lease.WatermarkStore;
import java.util.concurrent.CompletionStage;

/**
 * The durable side of the distributed storage, opened by the module that implements it (HBase):
 * what the Redis storage builds on. Redis may lose everything; what is here may not.
 */
public interface ArchiveStorage extends AutoCloseable {

    /** What it is, for people: {@code hbase}. */
    String kind();

    /** Every link ever created, and the daily issue counts. */
    Archive archive();

    /** The issued high-water marks that keep a lost Redis counter from re-issuing ids. */
    WatermarkStore watermarks();

    /** The API keys given to clients. */
    ApiKeyStore apiKeys();

    /** What the archive holds and costs (region sizes), for capacity planning. */
    StorageFootprint footprint();

    /** Deny-list rules, disabled links and abuse reports. */
    ModerationStore moderation();

    /** The registered webhooks: rows beside the moderation records where the store keeps them as rows. */
    default WebhookStore webhooks() {
        if (moderation() instanceof RowModerationStore rows) {
            return rows.webhooks();
        }
        throw new UnsupportedOperationException(getClass().getSimpleName() + " keeps no webhooks");
    }

    /** The branded domains: rows beside the moderation records, like the webhooks. */
    default DomainStore domains() {
        if (moderation() instanceof RowModerationStore rows) {
            return rows.domains();
        }
        throw new UnsupportedOperationException(getClass().getSimpleName() + " keeps no domains");
    }

    /** The durable click counts the Redis click store rolls up into. */
    ClickArchive clicks();

    /** The indexes that list an owner's links, written by {@link #archive()}'s writes. */
    dev.shortcode.core.index.LinkIndex linkIndex();

    /** Whether the archive answers now; completes within its own bound, with false rather than a failure. */
    CompletionStage<Boolean> probe();

    /** Flushes what is buffered and disconnects. */
    @Override
    void close();
}

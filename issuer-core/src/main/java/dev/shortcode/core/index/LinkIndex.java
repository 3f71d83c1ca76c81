package dev.shortcode.core.index;

import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * The archive's indexes of links by owner: by creation time, by tag, by external id. Written with
 * the link (the embedded store in the same write batch; the HBase archive in the same archive
 * write, through the outbox in Redis mode, so a listing lags a create by the archive's lag) and
 * rewritten when tags change or the link is deleted; a listing reads them, never a scan of every
 * link.
 *
 * <p>Implementations: RocksDB (embedded), HBase. Non-blocking; failures of the store complete the
 * stage with a {@link dev.shortcode.core.store.StorageUnavailableException}.
 */
public interface LinkIndex {

    /**
     * The owner's links that pass the query's filters, newest first, strictly after
     * {@link LinkQuery#after()}: at most {@link LinkQuery#limit()} of them, from at most
     * {@link LinkQuery#budget()} index entries. The links are the archive's current versions.
     */
    CompletionStage<LinkPage> find(LinkQuery query);

    /** The owner's tags and how many of the owner's links (live or expired, not deleted) carry each. */
    CompletionStage<Map<String, Long>> tagCounts(String owner);
}

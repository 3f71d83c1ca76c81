package dev.shortcode.core.store;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * Code to link, with a sliding TTL: every access pushes the link's expiry out by its
 * {@link LinkRecord#ttlSeconds()}; an untouched link expires and its code can be issued again
 * after the pool wraps. All methods are non-blocking (safe on an event loop). Failures of the
 * store itself complete the stage with a {@link StorageUnavailableException}.
 *
 * <p>Implementations: Redis (standalone or Cluster, many nodes), embedded (RocksDB, one node).
 * Reads go through the {@code LinkResolver} of {@code dev.shortcode.core.read}, which adds the
 * archive behind this store.
 */
public interface HotStore extends AutoCloseable {

    /**
     * Stores a new link unless a live link holds the code ({@code SET NX EX} semantics); never
     * overwrites. Completes only once the link is durable beyond this node: the Redis store has
     * also appended it to the archive outbox (once the {@code SET NX} succeeded, batched with other
     * creates, so a failed create appends nothing), the embedded store has written it to disk.
     *
     * @return true when stored, false when the code is taken (the caller issues another code, or
     *     answers 409 for a custom alias)
     */
    CompletionStage<Boolean> create(LinkRecord link);

    /**
     * {@link #create} for many links at once, at a fraction of the cost per link: the same
     * put-if-absent that never overwrites, the same durability before the stage completes. Links
     * are created in list order, so when a code occurs more than once the first occurrence is
     * stored (if the code was free) and every later one is refused. Not atomic: each link is
     * stored or refused on its own; a failed stage says nothing about which ones were stored.
     *
     * @return one answer per link, in the order given: true when stored, false when its code was
     *     taken (by a live link or by an earlier link of this call)
     */
    CompletionStage<List<Boolean>> createAll(List<LinkRecord> links);

    /**
     * The live link of {@code code}, its TTL extended (at most once per extension window per
     * node, so a hot link costs no write per read). Empty when unknown, deleted or expired. May be
     * answered from a copy this node keeps (the Redis store's near cache).
     */
    CompletionStage<Optional<LinkRecord>> get(String code);

    /**
     * The live link as the store holds it right now, read from the store itself (no node-local
     * copy) and without extending its life: what an edit compares its new version against.
     */
    CompletionStage<Optional<LinkRecord>> peek(String code);

    /**
     * Puts back a link that the archive holds and this store lost (expired from the hot tier while
     * permanent, or lost by a Redis restart): put-if-absent, never over a live link nor over a
     * deleted link's removal that the archive may not have yet. Writes nothing to the archive or
     * its outbox (the archive has the link) and needs no sync (the archive is the durable copy).
     *
     * @return true when restored, false when the code is taken (the caller reads what holds it)
     */
    CompletionStage<Boolean> restore(LinkRecord link);

    /**
     * The link this node holds in memory for {@code code}, without any I/O; null when it holds
     * none (or keeps no copies). Lets concurrent cold reads of one code see a restore that just
     * finished instead of reading the archive again.
     */
    default LinkRecord cached(String code) {
        return null;
    }

    /**
     * Replaces a live link by a newer version ({@code link.version()} must be one more than the
     * stored one), resetting its TTL to the new record's. Other nodes drop cached copies within a
     * second. Also recorded in the archive.
     */
    CompletionStage<UpdateResult> update(LinkRecord link);

    /**
     * Removes a live link; other nodes stop serving it within a second, and the archive records
     * the removal (the store writes it: callers write nothing more) so a cold read cannot bring it
     * back.
     *
     * @return false when no live link held the code
     */
    CompletionStage<Boolean> delete(String code);

    @Override
    default void close() {}
}

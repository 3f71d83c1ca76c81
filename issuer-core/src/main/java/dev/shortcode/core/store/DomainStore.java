package dev.shortcode.core.store;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The branded domains. Few, written by admins, read by every node into a snapshot, durable like
 * the archive. Non-blocking; failures are {@link StorageUnavailableException}s.
 *
 * <p>Implementations: rows of the moderation store ({@link RowModerationStore#domains()}), so
 * HBase and embedded alike.
 */
public interface DomainStore {

    /** Every domain, oldest first. */
    CompletionStage<List<Domain>> domains();

    /** @return false when the host is registered already */
    CompletionStage<Boolean> add(Domain domain);

    /** @return false when the host was not registered */
    CompletionStage<Boolean> remove(String host);
}

package dev.shortcode.core.store;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The deny-list rules added through the API, the links an admin disabled, and visitors' abuse
 * reports: few, rarely written, read by every node every few seconds (each keeps a snapshot), and
 * durable like the archive. Non-blocking; failures are {@link StorageUnavailableException}s.
 *
 * <p>Implementations: HBase (a {@code moderation} table), embedded (a RocksDB column family).
 */
public interface ModerationStore {

    CompletionStage<List<DenyRule>> rules();

    /** @return false when a rule with this id exists already */
    CompletionStage<Boolean> addRule(DenyRule rule);

    /** @return false when no rule has this id */
    CompletionStage<Boolean> removeRule(String id);

    CompletionStage<List<LinkDisable>> disabled();

    /** The disable of {@code code}, empty when it is not disabled. */
    CompletionStage<java.util.Optional<LinkDisable>> disabled(String code);

    /** Disables a link, or replaces the reason of one disabled already. */
    CompletionStage<Void> disable(LinkDisable disable);

    /** @return false when the link was not disabled */
    CompletionStage<Boolean> enable(String code);

    /** Every report record, open and resolved, newest first. */
    CompletionStage<List<AbuseReport>> reports();

    /** Adds one report of {@code code}: merged into its record (created when it is the first). */
    CompletionStage<AbuseReport> report(String code, String reason, long atMillis);

    /** @return false when {@code code} has no report record */
    CompletionStage<Boolean> resolve(String code, String resolution, String by);

    /**
     * Removes everything about {@code code}: its disable and its report record. Deleting a link
     * does not call it: a disable outlives its link until an admin enables the code, and reports
     * stay as the record of what the link did.
     */
    CompletionStage<Void> forget(String code);
}

package dev.shortcode.core.redis;

import java.time.Duration;

/**
 * What the outbox archivers report; the service binds it to Micrometer. Called from archiver
 * threads, once per batch or rarer: implementations must be thread-safe and cheap.
 */
public interface OutboxMetrics {

    OutboxMetrics NOOP = new OutboxMetrics() {};

    /** Entries in shard {@code shard}'s stream, sampled every metrics interval (one entry holds a batch of mutations). */
    default void outboxLength(int shard, long entries) {}

    /** Age of the oldest entry of a batch when it reached the archive: how far the archive trails Redis. */
    default void archiveLag(Duration lag) {}

    /** A batch was written to the archive and acknowledged, after {@code nanos} in the archive. */
    default void batchArchived(int shard, int entries, int mutations, long nanos) {}

    /** Writing a batch failed; its entries stay pending and are retried after a backoff. */
    default void archiveFailed(int shard, Throwable cause) {}

    /** Entries idle with another (likely dead) consumer were taken over by this archiver. */
    default void entriesClaimed(int shard, int entries) {}

    /** A mutation that could not be decoded was dropped (logged with its entry id). */
    default void mutationDropped(int shard, String entryId) {}
}

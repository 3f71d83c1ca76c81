package dev.shortcode.core.store;

/**
 * Counters of a backend's single group-committing writer (the embedded store's), cumulative since
 * it started: what an operator reads to tell a slow disk from a busy writer. A store interface's
 * record rather than the backend's own, so that {@code Storage} can carry it without the core's
 * root package knowing a backend.
 *
 * @param batches     write batches the writer went through (including ones that wrote nothing)
 * @param operations  operations applied or failed
 * @param syncs       batches written with {@code sync=true}: one WAL {@code fdatasync} each
 * @param syncNanos   time spent in those synced writes (write plus {@code fdatasync}); divided by
 *                    {@code syncs}, the disk's commit latency as creates see it
 * @param delayed     batches the writer held back for company (the commit delay)
 * @param queued      operations waiting for the writer now (not counting the batch being written)
 */
public record WriterStats(long batches, long operations, long syncs, long syncNanos, long delayed, int queued) {}

package dev.shortcode.core.alloc;

/**
 * A snapshot of one allocator.
 *
 * @param codesIssued  codes handed out since start
 * @param blocksLeased successful leases (round trips to the block source, excluding retries inside one)
 * @param leaseFailures leases that failed
 * @param stalls       times callers found the block empty and the next one not leased yet, and had to wait
 * @param blockSize    the size the next lease asks for
 * @param bufferedIds  ids leased but not yet handed out (wasted if the node stops now)
 * @param epoch        the epoch of the block being handed out
 */
public record AllocatorStats(String pool, long codesIssued, long blocksLeased, long leaseFailures, long stalls, long blockSize,
        long bufferedIds, long epoch) {}

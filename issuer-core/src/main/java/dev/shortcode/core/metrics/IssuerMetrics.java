package dev.shortcode.core.metrics;

/**
 * What the issuer reports, off the per-code hot path: one call per lease or rarer event. The
 * service binds it to Micrometer; counts per code are read from {@code CodeAllocator.stats()}
 * instead, so issuing a code costs no metric update.
 */
public interface IssuerMetrics {

    IssuerMetrics NOOP = new IssuerMetrics() {};

    /** A block was leased in {@code nanos}, including the durable watermark write. */
    default void blockLeased(String pool, long size, long nanos) {}

    /** A lease failed; the allocator retries on the next demand. */
    default void leaseFailed(String pool, Throwable cause) {}

    /** Leased ids that will never be handed out (the allocator closed with them in its buffers). */
    default void idsWasted(String pool, long count) {}

    /** This node moved the pool's counter into {@code newEpoch} after it passed capacity. */
    default void epochReset(String pool, long newEpoch) {}

    /** This node re-seeded a lost or regressed counter of the pool to {@code epoch}/{@code seq}. */
    default void counterReseeded(String pool, long epoch, long seq) {}
}

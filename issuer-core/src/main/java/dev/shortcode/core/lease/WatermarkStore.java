package dev.shortcode.core.lease;

import java.util.Optional;

/**
 * Durable high-water marks per pool, kept outside the counter's store so that losing the counter
 * (Redis restarted empty, flushed, failed over without it) never lets issuing restart below what
 * was already handed out.
 *
 * <p>Implementations: a local file (single node, tests), HBase (many nodes). Thread-safe.
 */
public interface WatermarkStore extends AutoCloseable {

    /** The pool's mark, empty when the pool never leased anything. */
    Optional<Watermark> read(int codeLength);

    /**
     * Raises the pool's mark to {@code mark} if it is higher, durably, before returning. A lower
     * mark leaves the stored one as it is (concurrent nodes record out of order).
     *
     * @throws dev.shortcode.core.store.StorageUnavailableException when the mark could not be made durable
     */
    void advance(int codeLength, Watermark mark);

    /** The codes taken as aliases, kept beside the marks: the other half of what must never be issued. */
    default ReservedCodes reservedCodes() {
        return ReservedCodes.NONE;
    }

    @Override
    default void close() {}
}

package dev.shortcode.core.redis;

/**
 * Too many mutations are waiting for the outbox on this node: Redis is slower than the writes. The
 * write is refused at once rather than queued without bound; the caller answers "try later".
 */
public final class OutboxBacklogException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    OutboxBacklogException(int limit) {
        super("more than " + limit + " mutations are waiting for the Redis outbox on this node");
    }
}

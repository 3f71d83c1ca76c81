package dev.shortcode.core.redis;

import dev.shortcode.core.store.StorageUnavailableException;

/**
 * Too many mutations are waiting for the outbox on this node: Redis is slower than the writes. The
 * write is refused at once rather than queued without bound; the caller answers "try later".
 */
final class OutboxBacklogException extends StorageUnavailableException {

    private static final long serialVersionUID = 1L;

    OutboxBacklogException(int limit) {
        super("redis", "more than " + limit + " mutations are waiting for the Redis outbox on this node");
    }
}

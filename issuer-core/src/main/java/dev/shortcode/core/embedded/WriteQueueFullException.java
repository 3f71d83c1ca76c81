package dev.shortcode.core.embedded;

/**
 * The embedded writer's queue is full: writes arrive faster than the disk syncs them. The
 * operation was refused at once and did not take effect; a service answers 503 and the client
 * retries later.
 */
public final class WriteQueueFullException extends EmbeddedStorageException {

    private static final long serialVersionUID = 1L;

    WriteQueueFullException(int capacity) {
        super("the embedded write queue is full (" + capacity + " operations waiting for the disk); try again later");
    }
}

package dev.shortcode.core.alloc;

import dev.shortcode.core.store.StorageUnavailableException;

/**
 * No code could be issued: the node has no ids left and could not lease a block in time (the
 * counter's store is down or slow), so it is an outage of that store to the caller.
 */
public final class IssueException extends StorageUnavailableException {

    private static final long serialVersionUID = 1L;

    public IssueException(String message, Throwable cause) {
        super("id counter", message, cause);
    }
}

package dev.shortcode.core.alloc;

/** No code could be issued: the node has no ids left and could not lease a block in time. */
public final class IssueException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public IssueException(String message, Throwable cause) {
        super(message, cause);
    }
}

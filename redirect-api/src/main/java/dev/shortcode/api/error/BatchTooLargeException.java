package dev.shortcode.api.error;

/** More items than one batch may hold. */
public final class BatchTooLargeException extends DomainException {

    private static final long serialVersionUID = 1L;

    public BatchTooLargeException(int size, int max) {
        super(Kind.BATCH_TOO_LARGE, "batch-too-large", "a batch holds at most " + max + " links; this one has " + size);
    }
}

package dev.shortcode.api.error;

/** Another line or stream with the same bulk {@code ref} has not finished within the wait. */
public final class RefInProgressException extends DomainException {

    private static final long serialVersionUID = 1L;

    public RefInProgressException(String ref) {
        super(Kind.REF_IN_PROGRESS, "ref-in-progress", "another line with ref '" + Echo.of(ref)
                + "' is still being processed; send it again later");
    }
}

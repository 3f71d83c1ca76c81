package dev.shortcode.api.error;

/** Only the API key that created a link, or an admin key, may change or delete it, or read its stats. */
public final class NotOwnerException extends DomainException {

    private static final long serialVersionUID = 1L;

    public NotOwnerException(String code) {
        this(code, "change or delete it");
    }

    /** @param action what only the owner may do, e.g. {@code read its stats} */
    public NotOwnerException(String code, String action) {
        super(Kind.NOT_OWNER, "not-owner", "link '" + Echo.of(code) + "' was created by another API key; only that key or an admin key may " + action);
    }
}

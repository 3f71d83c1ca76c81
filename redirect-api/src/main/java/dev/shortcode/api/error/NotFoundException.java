package dev.shortcode.api.error;

/** No such thing: a code no live link has (never issued, deleted or expired), an unknown key id. */
public final class NotFoundException extends DomainException {

    private static final long serialVersionUID = 1L;

    public NotFoundException(String detail) {
        super(Kind.NOT_FOUND, "not-found", detail);
    }
}

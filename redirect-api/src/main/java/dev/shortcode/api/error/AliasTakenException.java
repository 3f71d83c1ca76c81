package dev.shortcode.api.error;

/** A custom alias a live link holds already. */
public final class AliasTakenException extends DomainException {

    private static final long serialVersionUID = 1L;

    public AliasTakenException(String alias) {
        super(Kind.ALIAS_TAKEN, "alias-taken", "alias '" + Echo.of(alias) + "' is already taken");
    }
}

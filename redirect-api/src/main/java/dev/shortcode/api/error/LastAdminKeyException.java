package dev.shortcode.api.error;

/** Revoking this key would leave nobody able to manage keys. */
public final class LastAdminKeyException extends DomainException {

    private static final long serialVersionUID = 1L;

    public LastAdminKeyException(String id) {
        super(Kind.LAST_ADMIN_KEY, "last-admin-key", "API key '" + Echo.of(id) + "' is the last active admin key; create another admin key before revoking it");
    }
}

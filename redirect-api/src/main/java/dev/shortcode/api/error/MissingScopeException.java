package dev.shortcode.api.error;

/** The API key is valid but lacks the scope the endpoint needs. */
public final class MissingScopeException extends DomainException {

    private static final long serialVersionUID = 1L;

    public MissingScopeException(String keyId, String scope) {
        super(Kind.MISSING_SCOPE, "forbidden", "API key " + keyId + " lacks the scope " + scope);
    }
}

package dev.shortcode.api.error;

/** The host is registered already, or is the default domain, which always exists. */
public final class DomainTakenException extends DomainException {

    private static final long serialVersionUID = 1L;

    public DomainTakenException(String host, boolean isDefault) {
        super(Kind.DOMAIN_TAKEN, "domain-exists", isDefault
                ? "'" + Echo.of(host) + "' is the default domain (the base URL's host): it always exists"
                : "the domain '" + Echo.of(host) + "' is registered already; delete it first to change it");
    }
}

package dev.shortcode.api.error;

/** The link changed (another update, or it expired) between the read an edit was based on and the write. */
public final class ConcurrentUpdateException extends DomainException {

    private static final long serialVersionUID = 1L;

    public ConcurrentUpdateException(String code) {
        super(Kind.CONCURRENT_UPDATE, "concurrent-update", "link '" + Echo.of(code) + "' changed or expired meanwhile; read it and retry");
    }
}

package dev.shortcode.api.error;

/** An external id the owner already gave another link: the problem names that link's code. */
public final class ExternalIdTakenException extends DomainException {

    private static final long serialVersionUID = 1L;

    private final String code;

    public ExternalIdTakenException(String externalId, String code) {
        super(Kind.EXTERNAL_ID_TAKEN, "external-id-taken", "externalId '" + Echo.of(externalId) + "' is already the link " + code + "'s");
        this.code = code;
    }

    /** The code of the link that holds the external id. */
    public String code() {
        return code;
    }
}

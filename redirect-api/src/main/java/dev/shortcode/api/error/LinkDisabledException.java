package dev.shortcode.api.error;

/** The link exists but was taken out of service: an admin disabled it, or its target is on the deny-list. */
public final class LinkDisabledException extends DomainException {

    private static final long serialVersionUID = 1L;

    public LinkDisabledException(String code, String reason) {
        super(Kind.LINK_DISABLED, "link-disabled", "link '" + code + "' was disabled" + (reason == null || reason.isBlank() ? "" : ": " + reason));
    }
}

package dev.shortcode.api.error;

/**
 * The link was taken out of service: an admin disabled it (the code stays blocked after the link
 * is deleted, and its alias cannot be taken again, until an admin enables it), or its target is on
 * the deny-list.
 */
public final class LinkDisabledException extends DomainException {

    private static final long serialVersionUID = 1L;

    public LinkDisabledException(String code, String reason) {
        super(Kind.LINK_DISABLED, "link-disabled", "link '" + Echo.of(code) + "' was disabled" + (reason == null || reason.isBlank() ? "" : ": " + reason));
    }
}

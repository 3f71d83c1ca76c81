package dev.shortcode.api.error;

import java.time.Duration;

/** A bulk line's {@code ref} sent again with a different request (another url, ttl or alias) within its lifetime. */
public final class RefReusedException extends DomainException {

    private static final long serialVersionUID = 1L;

    public RefReusedException(String ref, String madeCode, Duration remembered) {
        super(Kind.REF_REUSED, "ref-reused", "ref '" + Echo.of(ref) + "' was used in the last " + remembered.toHours()
                + " h for a different request (another url, ttl or alias), which made link '" + madeCode + "'; use a new ref");
    }
}

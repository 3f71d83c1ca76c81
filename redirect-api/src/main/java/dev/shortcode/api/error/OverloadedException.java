package dev.shortcode.api.error;

/**
 * A bounded pool of work (rendering QR codes) is full: the request was refused rather than
 * queued without limit. Nothing was changed; a retry shortly after is likely to succeed.
 */
public final class OverloadedException extends DomainException {

    private static final long serialVersionUID = 1L;

    public OverloadedException(String what) {
        super(Kind.OVERLOADED, "overloaded", what + " is busy with as much work as it queues; retry shortly");
    }
}

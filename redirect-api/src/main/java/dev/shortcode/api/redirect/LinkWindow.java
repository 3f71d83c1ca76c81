package dev.shortcode.api.redirect;

import dev.shortcode.core.store.LinkRouting;

/** Where a link stands in its validity window at an instant. */
enum LinkWindow {
    /** Before validFrom: the link answers as if it did not exist. */
    NOT_YET,
    /** Within its window, or it has none. */
    OPEN,
    /** From validUntil on: the link sends visitors to expiredUrl, or answers 410. */
    OVER;

    static LinkWindow of(LinkRouting routing, long nowMillis) {
        if (routing.validFromMillis() != null && nowMillis < routing.validFromMillis()) {
            return NOT_YET;
        }
        if (routing.validUntilMillis() != null && nowMillis >= routing.validUntilMillis()) {
            return OVER;
        }
        return OPEN;
    }
}

package dev.shortcode.core.lease;

/** What reserving a code did in the pool's current epoch. */
public enum Reservation {
    /** The code's id was not leased yet: no block will ever hold it. */
    AHEAD,
    /**
     * The code's id was leased already, to a block that may not have handed it out yet: this node
     * skips it, and on any other node the hot store's {@code SET NX} refuses to store it over the
     * alias. Later epochs skip it like any other reservation.
     */
    LATE,
    /** The code does not have the shape of any pool's codes: nothing to reserve. */
    NOT_CODE_SHAPED
}

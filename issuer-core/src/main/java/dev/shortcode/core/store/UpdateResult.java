package dev.shortcode.core.store;

/** How {@link HotStore#update} ended. */
public enum UpdateResult {
    /** The new version replaced the previous one. */
    UPDATED,
    /** No live link holds the code (never was, expired, deleted). */
    MISSING,
    /** A live link holds the code, but not at the version the update was based on: it changed meanwhile. */
    STALE
}

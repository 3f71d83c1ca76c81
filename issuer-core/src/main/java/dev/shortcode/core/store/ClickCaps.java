package dev.shortcode.core.store;

import java.util.concurrent.CompletionStage;

/**
 * The human clicks served by each link with a click limit ({@link LinkRouting#maxClicks}). A count
 * belongs to a link by its code and creation time, so a code issued again, or an alias taken again
 * after a delete, starts from zero. A click is taken only while fewer than the limit were served:
 * the count is the clicks served, never the refusals, and raising a link's limit lets exactly the
 * difference through.
 */
public interface ClickCaps {

    /**
     * Takes one click of the link if fewer than {@code max} were served.
     *
     * @param ttlSeconds how long the count lives on without another click (the link's idle TTL, so
     *                   both go together); 0 for a permanent link
     * @return true when the click was taken, false when the link has served its {@code max}
     */
    CompletionStage<Boolean> take(String code, long createdAt, long max, long ttlSeconds);

    /** The clicks the link has served. */
    CompletionStage<Long> served(String code, long createdAt);
}

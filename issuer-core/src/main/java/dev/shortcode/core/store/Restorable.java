package dev.shortcode.core.store;

/**
 * Whether a link found in the archive but missing from the hot store may be served and put back.
 * A permanent link always. A temporary one only while it cannot have expired: less than its TTL
 * since creation. Later, "missing" may mean "expired" (its last access is not archived) and an
 * expired code must stay gone, since it may be issued again.
 *
 * <p>This is what makes a Redis that lost its data (restart without persistence, failover to an
 * empty replica) lose no link younger than its TTL.
 */
public final class Restorable {

    private Restorable() {}

    public static boolean fromArchive(LinkRecord archived, long nowMillis) {
        return archived.permanent() || nowMillis < archived.createdAtMillis() + archived.ttlSeconds() * 1_000;
    }
}

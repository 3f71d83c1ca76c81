package dev.shortcode.core.store;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One short link: what every store keeps for a code.
 *
 * @param code        the short code (its length names its pool)
 * @param url         the long URL, already validated and normalised (absolute http/https, punycode host)
 * @param pool        the pool's name
 * @param ttlSeconds  the sliding TTL the hot store applies on every access: the TTL the link asked
 *                    for, or for a permanent link its pool's hot TTL
 * @param permanent   whether the link outlives its hot TTL (cold reads come from the archive)
 * @param createdAtMillis creation time, epoch millis; also the archive's cell timestamp base, so replays are idempotent
 * @param ownerKeyId  id of the API key that created it (never the secret)
 * @param version     1 on create, +1 on every update; orders writes of one link
 * @param targets     where some devices go instead of {@code url}; {@link LinkTargets#NONE} (also for null) when none
 * @param meta        title, tags and external id; {@link LinkMeta#NONE} (also for null) when none
 * @param routing     query forwarding, validity, click limit, password, split and rules; {@link LinkRouting#NONE} (also for null) when none
 */
public record LinkRecord(String code, String url, String pool, long ttlSeconds, boolean permanent, long createdAtMillis,
        String ownerKeyId, long version, LinkTargets targets, LinkMeta meta, LinkRouting routing) {

    public LinkRecord {
        targets = LinkTargets.orNone(targets);
        meta = LinkMeta.orNone(meta);
        routing = LinkRouting.orNone(routing);
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(pool, "pool");
        Objects.requireNonNull(ownerKeyId, "ownerKeyId");
        if (ttlSeconds < 1) {
            throw new IllegalArgumentException("ttlSeconds must be positive: " + ttlSeconds);
        }
        if (version < 1) {
            throw new IllegalArgumentException("version must be positive: " + version);
        }
    }

    /** A link without routing. */
    public LinkRecord(String code, String url, String pool, long ttlSeconds, boolean permanent, long createdAtMillis,
            String ownerKeyId, long version, LinkTargets targets, LinkMeta meta) {
        this(code, url, pool, ttlSeconds, permanent, createdAtMillis, ownerKeyId, version, targets, meta, LinkRouting.NONE);
    }

    /** A link without title, tags or external id. */
    public LinkRecord(String code, String url, String pool, long ttlSeconds, boolean permanent, long createdAtMillis,
            String ownerKeyId, long version, LinkTargets targets) {
        this(code, url, pool, ttlSeconds, permanent, createdAtMillis, ownerKeyId, version, targets, LinkMeta.NONE);
    }

    /** A link without device targets. */
    public LinkRecord(String code, String url, String pool, long ttlSeconds, boolean permanent, long createdAtMillis,
            String ownerKeyId, long version) {
        this(code, url, pool, ttlSeconds, permanent, createdAtMillis, ownerKeyId, version, LinkTargets.NONE);
    }

    public Duration ttl() {
        return Duration.ofSeconds(ttlSeconds);
    }

    public Instant createdAt() {
        return Instant.ofEpochMilli(createdAtMillis);
    }

    /** The same link pointing elsewhere and/or with another TTL, its targets kept, one version later. */
    public LinkRecord updated(String newUrl, long newTtlSeconds, boolean newPermanent) {
        return updated(newUrl, newTtlSeconds, newPermanent, targets);
    }

    /** The same link with another url, TTL and targets, one version later. */
    public LinkRecord updated(String newUrl, long newTtlSeconds, boolean newPermanent, LinkTargets newTargets) {
        return updated(newUrl, newTtlSeconds, newPermanent, newTargets, meta);
    }

    /** The same link with another url, TTL, targets and metadata, its routing kept, one version later. */
    public LinkRecord updated(String newUrl, long newTtlSeconds, boolean newPermanent, LinkTargets newTargets, LinkMeta newMeta) {
        return updated(newUrl, newTtlSeconds, newPermanent, newTargets, newMeta, routing);
    }

    /** The same link with another url, TTL, targets, metadata and routing, one version later. */
    public LinkRecord updated(String newUrl, long newTtlSeconds, boolean newPermanent, LinkTargets newTargets, LinkMeta newMeta,
            LinkRouting newRouting) {
        return new LinkRecord(code, newUrl, pool, newTtlSeconds, newPermanent, createdAtMillis, ownerKeyId, version + 1, newTargets, newMeta,
                newRouting);
    }

    /** The same version of the link under another hot TTL (a permanent link restored from the archive). */
    public LinkRecord withTtl(long newTtlSeconds) {
        return new LinkRecord(code, url, pool, newTtlSeconds, permanent, createdAtMillis, ownerKeyId, version, targets, meta, routing);
    }
}

package dev.shortcode.core.store;

import java.util.EnumSet;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;

/**
 * An API key as stored: never the secret, only its SHA-256.
 *
 * @param id                public identifier, shown in listings and recorded as a link's owner
 * @param name              what the operator called it
 * @param scopes            what it may do
 * @param secretHash        lowercase hex SHA-256 of the full key string
 * @param createdAtMillis   creation time
 * @param revoked           whether it was revoked (kept so listings show it)
 * @param requestsPerMinute the key's own burst limit: empty for the configured default, 0 for none
 * @param linksPerDay       the key's own daily quota of links: empty for the configured default, 0 for none
 * @param expiresAtMillis   when the key stops working; empty for never
 * @param lastUsedMillis    when the key was last seen on a request (coalesced, so up to a few
 *                          minutes behind); 0 for never
 */
public record ApiKey(String id, String name, Set<Scope> scopes, String secretHash, long createdAtMillis, boolean revoked,
        OptionalLong requestsPerMinute, OptionalLong linksPerDay, OptionalLong expiresAtMillis, long lastUsedMillis) {

    public enum Scope {
        LINKS_READ("links:read"),
        LINKS_WRITE("links:write"),
        /** Capacity figures and the what-if planner (GET /api/v1/capacity, POST /api/v1/capacity/plan). */
        CAPACITY_READ("capacity:read"),
        /** Registering and managing webhooks (/api/v1/webhooks); a key's webhooks see its own links' events. */
        WEBHOOKS_WRITE("webhooks:write"),
        ADMIN("admin");

        private final String label;

        Scope(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        public static Scope ofLabel(String label) {
            for (Scope s : values()) {
                if (s.label.equals(label)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("unknown scope '" + label + "'; known: links:read, links:write, capacity:read, webhooks:write, admin");
        }
    }

    public ApiKey {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(secretHash, "secretHash");
        Objects.requireNonNull(requestsPerMinute, "requestsPerMinute");
        Objects.requireNonNull(linksPerDay, "linksPerDay");
        Objects.requireNonNull(expiresAtMillis, "expiresAtMillis");
        scopes = scopes.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(scopes));
        if (id.contains("\t") || name.contains("\t")) {
            throw new IllegalArgumentException("tabs are not allowed in key id or name");
        }
        if (requestsPerMinute.orElse(0) < 0 || linksPerDay.orElse(0) < 0) {
            throw new IllegalArgumentException("limits are 0 (none) or positive");
        }
    }

    /** A key with the configured default limits, no expiry, never used. */
    public ApiKey(String id, String name, Set<Scope> scopes, String secretHash, long createdAtMillis, boolean revoked) {
        this(id, name, scopes, secretHash, createdAtMillis, revoked, OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(), 0);
    }

    /** Admin implies every scope. */
    public boolean allows(Scope scope) {
        return !revoked && (scopes.contains(scope) || scopes.contains(Scope.ADMIN));
    }

    /** Whether the key has expired at {@code nowMillis}. */
    public boolean expiredAt(long nowMillis) {
        return expiresAtMillis.isPresent() && nowMillis >= expiresAtMillis.getAsLong();
    }

    public ApiKey revokedCopy() {
        return new ApiKey(id, name, scopes, secretHash, createdAtMillis, true, requestsPerMinute, linksPerDay, expiresAtMillis, lastUsedMillis);
    }

    /** The same key with other limits and expiry (each: empty for the default, or never). */
    public ApiKey withSettings(OptionalLong newRequestsPerMinute, OptionalLong newLinksPerDay, OptionalLong newExpiresAtMillis) {
        return new ApiKey(id, name, scopes, secretHash, createdAtMillis, revoked, newRequestsPerMinute, newLinksPerDay, newExpiresAtMillis,
                lastUsedMillis);
    }

    /** The same key last used at {@code millis}, or this one if it was seen later already. */
    public ApiKey usedAt(long millis) {
        return millis <= lastUsedMillis ? this
                : new ApiKey(id, name, scopes, secretHash, createdAtMillis, revoked, requestsPerMinute, linksPerDay, expiresAtMillis, millis);
    }

    /**
     * Tab-separated form for storage: id, name, scopes, hash, created, revoked, then requests per
     * minute, links per day, expiry and last use (empty when unset). Records written before the
     * last four fields existed have six fields and still decode.
     */
    public String encode() {
        StringBuilder scopesText = new StringBuilder();
        for (Scope s : scopes) {
            scopesText.append(scopesText.isEmpty() ? "" : ",").append(s.label);
        }
        return String.join("\t", id, name, scopesText, secretHash, Long.toString(createdAtMillis), revoked ? "1" : "0",
                text(requestsPerMinute), text(linksPerDay), text(expiresAtMillis), lastUsedMillis == 0 ? "" : Long.toString(lastUsedMillis));
    }

    public static ApiKey decode(String value) {
        String[] f = value.split("\t", -1);
        if (f.length != 6 && f.length != 10) {
            throw new IllegalArgumentException("corrupt API key record");
        }
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        for (String s : f[2].split(",")) {
            if (!s.isEmpty()) {
                scopes.add(Scope.ofLabel(s));
            }
        }
        if (f.length == 6) {
            return new ApiKey(f[0], f[1], scopes, f[3], Long.parseLong(f[4]), "1".equals(f[5]));
        }
        return new ApiKey(f[0], f[1], scopes, f[3], Long.parseLong(f[4]), "1".equals(f[5]), optional(f[6]), optional(f[7]), optional(f[8]),
                f[9].isEmpty() ? 0 : Long.parseLong(f[9]));
    }

    private static String text(OptionalLong value) {
        return value.isPresent() ? Long.toString(value.getAsLong()) : "";
    }

    private static OptionalLong optional(String text) {
        return text.isEmpty() ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(text));
    }
}

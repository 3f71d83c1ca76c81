package dev.shortcode.core.store;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * An API key as stored: never the secret, only its SHA-256.
 *
 * @param id         public identifier, shown in listings and recorded as a link's owner
 * @param name       what the operator called it
 * @param scopes     what it may do
 * @param secretHash lowercase hex SHA-256 of the full key string
 * @param createdAtMillis creation time
 * @param revoked    whether it was revoked (kept so listings show it)
 */
public record ApiKey(String id, String name, Set<Scope> scopes, String secretHash, long createdAtMillis, boolean revoked) {

    public enum Scope {
        LINKS_READ("links:read"),
        LINKS_WRITE("links:write"),
        /** Capacity figures and the what-if planner (GET /api/v1/capacity, POST /api/v1/capacity/plan). */
        CAPACITY_READ("capacity:read"),
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
            throw new IllegalArgumentException("unknown scope '" + label + "'; known: links:read, links:write, capacity:read, admin");
        }
    }

    public ApiKey {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(secretHash, "secretHash");
        scopes = scopes.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(scopes));
        if (id.contains("\t") || name.contains("\t")) {
            throw new IllegalArgumentException("tabs are not allowed in key id or name");
        }
    }

    /** Admin implies every scope. */
    public boolean allows(Scope scope) {
        return !revoked && (scopes.contains(scope) || scopes.contains(Scope.ADMIN));
    }

    public ApiKey revokedCopy() {
        return new ApiKey(id, name, scopes, secretHash, createdAtMillis, true);
    }

    /** Tab-separated form for storage: id, name, scopes, hash, created, revoked. */
    public String encode() {
        StringBuilder scopesText = new StringBuilder();
        for (Scope s : scopes) {
            scopesText.append(scopesText.isEmpty() ? "" : ",").append(s.label);
        }
        return String.join("\t", id, name, scopesText, secretHash, Long.toString(createdAtMillis), revoked ? "1" : "0");
    }

    public static ApiKey decode(String value) {
        String[] f = value.split("\t", -1);
        if (f.length != 6) {
            throw new IllegalArgumentException("corrupt API key record");
        }
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        for (String s : f[2].split(",")) {
            if (!s.isEmpty()) {
                scopes.add(Scope.ofLabel(s));
            }
        }
        return new ApiKey(f[0], f[1], scopes, f[3], Long.parseLong(f[4]), "1".equals(f[5]));
    }
}

package dev.shortcode.core.store;

import java.util.Locale;
import java.util.Objects;

/**
 * A rule of the deny-list: links to what it names are refused at create and answer 410 at
 * redirect.
 *
 * @param id              stable identifier ({@code config-N} for rules from the configuration file)
 * @param kind            what {@code value} is
 * @param value           a host (lowercase, punycode: the rule also covers its subdomains) or a URL
 *                        prefix (compared with the stored, normalised URL)
 * @param reason          why, for the people who read the 410 page and the admin listing
 * @param createdBy       the API key id that added it, or {@code config}
 * @param createdAtMillis when
 */
public record DenyRule(String id, Kind kind, String value, String reason, String createdBy, long createdAtMillis) {

    public enum Kind {
        /** The host and every subdomain of it. */
        HOST,
        /** Every URL that starts with the value, exactly. */
        PREFIX;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public DenyRule {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(value, "value");
        reason = Moderation.clean(reason);
        Objects.requireNonNull(createdBy, "createdBy");
    }

    public String encode() {
        return Moderation.join(id, kind.label(), value, reason, createdBy, Long.toString(createdAtMillis));
    }

    public static DenyRule decode(String stored) {
        String[] f = Moderation.split(stored, 6);
        return new DenyRule(f[0], Kind.valueOf(f[1].toUpperCase(Locale.ROOT)), f[2], f[3], f[4], Long.parseLong(f[5]));
    }
}

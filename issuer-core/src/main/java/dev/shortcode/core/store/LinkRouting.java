package dev.shortcode.core.store;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How a link chooses where a visitor goes, beyond its url and device targets: query forwarding,
 * a validity window, a click limit, a password, a weighted split and conditional rules. Every
 * part is optional (null or empty when absent); a link that uses none has {@link #NONE}, which the
 * codec does not write at all, so such links cost no byte more. The store keeps these as given:
 * what is allowed in them (URLs, sizes, condition values) is the service's policy, checked before
 * a record is made.
 *
 * @param forwardQuery    whether the short URL's query is merged into the target's; null: the service's default
 * @param validFromMillis before this instant (epoch millis) the link answers as if it did not exist; null: always
 * @param validUntilMillis from this instant the link is over: it sends visitors to {@code expiredUrl}, or answers 410; null: never
 * @param expiredUrl      where visitors go once the link is over (after {@code validUntil} or {@code maxClicks}); null: a 410 page
 * @param maxClicks       how many human clicks the link serves before it is over; null: no limit
 * @param passwordHash    the password's slow salted hash, in the service's own text form; null: no password
 * @param split           weighted variants of the url, 2 to 10 when set; empty: none
 * @param rules           conditional targets, first match wins; empty: none
 * @param domain          the branded domain the link is served on (its host); null: the default domain
 */
public record LinkRouting(Boolean forwardQuery, Long validFromMillis, Long validUntilMillis, String expiredUrl, Long maxClicks,
        String passwordHash, List<Variant> split, List<Rule> rules, String domain) {

    /** Nothing beyond the url and targets. */
    public static final LinkRouting NONE = new LinkRouting(null, null, null, null, null, null, List.of(), List.of(), null);

    public LinkRouting {
        split = split == null ? List.of() : List.copyOf(split);
        rules = rules == null ? List.of() : List.copyOf(rules);
        expiredUrl = emptyToNull(expiredUrl);
        passwordHash = emptyToNull(passwordHash);
        domain = emptyToNull(domain);
    }

    /** Routing on the default domain. */
    public LinkRouting(Boolean forwardQuery, Long validFromMillis, Long validUntilMillis, String expiredUrl, Long maxClicks,
            String passwordHash, List<Variant> split, List<Rule> rules) {
        this(forwardQuery, validFromMillis, validUntilMillis, expiredUrl, maxClicks, passwordHash, split, rules, null);
    }

    /** {@link #NONE} for null or an empty value: one value for "no routing". */
    public static LinkRouting orNone(LinkRouting routing) {
        return routing == null || routing.isEmpty() ? NONE : routing;
    }

    public boolean isEmpty() {
        return forwardQuery == null && validFromMillis == null && validUntilMillis == null && expiredUrl == null
                && maxClicks == null && passwordHash == null && split.isEmpty() && rules.isEmpty() && domain == null;
    }

    /** Whether a visit needs more than the url and targets: anything but query forwarding. */
    public boolean choosesTarget() {
        return !split.isEmpty() || !rules.isEmpty();
    }

    /**
     * The index of the split variant a visitor's hash falls in: the weights laid end to end, the
     * hash (taken unsigned) modulo their sum. A uniform hash shares visitors by weight.
     *
     * @throws IllegalStateException when the link has no split
     */
    public int variantAt(long hash) {
        if (split.isEmpty()) {
            throw new IllegalStateException("no split");
        }
        long total = 0;
        for (Variant v : split) {
            total += v.weight();
        }
        long point = Long.remainderUnsigned(hash, total);
        for (int i = 0; i < split.size(); i++) {
            point -= split.get(i).weight();
            if (point < 0) {
                return i;
            }
        }
        throw new AssertionError("a point below the total falls in a variant");
    }

    public LinkRouting withForwardQuery(Boolean value) {
        return new LinkRouting(value, validFromMillis, validUntilMillis, expiredUrl, maxClicks, passwordHash, split, rules, domain);
    }

    public LinkRouting withWindow(Long from, Long until, String expired) {
        return new LinkRouting(forwardQuery, from, until, expired, maxClicks, passwordHash, split, rules, domain);
    }

    public LinkRouting withMaxClicks(Long value) {
        return new LinkRouting(forwardQuery, validFromMillis, validUntilMillis, expiredUrl, value, passwordHash, split, rules, domain);
    }

    public LinkRouting withPasswordHash(String value) {
        return new LinkRouting(forwardQuery, validFromMillis, validUntilMillis, expiredUrl, maxClicks, value, split, rules, domain);
    }

    public LinkRouting withSplit(List<Variant> value) {
        return new LinkRouting(forwardQuery, validFromMillis, validUntilMillis, expiredUrl, maxClicks, passwordHash, value, rules, domain);
    }

    public LinkRouting withRules(List<Rule> value) {
        return new LinkRouting(forwardQuery, validFromMillis, validUntilMillis, expiredUrl, maxClicks, passwordHash, split, value, domain);
    }

    public LinkRouting withDomain(String value) {
        return new LinkRouting(forwardQuery, validFromMillis, validUntilMillis, expiredUrl, maxClicks, passwordHash, split, rules, value);
    }

    /**
     * One variant of a split.
     *
     * @param url    where the variant's visitors go
     * @param weight its share against the other weights, at least 1
     */
    public record Variant(String url, int weight) {
        public Variant {
            Objects.requireNonNull(url, "url");
            if (weight < 1) {
                throw new IllegalArgumentException("weight must be positive: " + weight);
            }
        }
    }

    /**
     * A conditional target: visitors that meet {@code when} go to {@code url}.
     */
    public record Rule(Condition when, String url) {
        public Rule {
            Objects.requireNonNull(when, "when");
            Objects.requireNonNull(url, "url");
        }
    }

    /**
     * What a visitor must meet for a rule: every part given must hold (an empty list or map, or a
     * null instant, is not a condition). Lists hold any of their values.
     *
     * @param countries    ISO 3166 alpha-2 codes, upper case
     * @param languages    language tags, lower case ({@code en} also matches {@code en-GB})
     * @param devices      device classes as the click statistics name them
     * @param query        query parameters the short URL must carry with these exact values
     * @param afterMillis  the rule holds from this instant on; null: always
     * @param beforeMillis the rule holds before this instant; null: always
     */
    public record Condition(List<String> countries, List<String> languages, List<String> devices, Map<String, String> query,
            Long afterMillis, Long beforeMillis) {
        public Condition {
            countries = countries == null ? List.of() : List.copyOf(countries);
            languages = languages == null ? List.of() : List.copyOf(languages);
            devices = devices == null ? List.of() : List.copyOf(devices);
            query = query == null ? Map.of() : Map.copyOf(query);
        }
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}

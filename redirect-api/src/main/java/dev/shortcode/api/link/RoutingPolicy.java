package dev.shortcode.api.link;

import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.core.store.LinkRouting;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BinaryOperator;
import java.util.regex.Pattern;

/**
 * A link's routing fields, checked. The window: {@code validFrom} and {@code validUntil} are
 * ISO-8601 instants with an offset ({@code 2027-01-31T23:00:00Z}, {@code 2027-02-01T00:00:00+01:00}),
 * the second after the first. A split has 2 to 10 variants of weight 1 to 1,000; rules are at most
 * 20, each with at least one condition, whose values have the shapes below. A bad value is a 400
 * naming its field ({@code rules[2].when.language[0]}). The URLs are checked by the caller's
 * {@code urls} (field, url to normalised url), the same policy and deny-list as the link's url.
 */
final class RoutingPolicy {

    static final int MAX_VARIANTS = 10;
    static final int MAX_WEIGHT = 1_000;
    static final int MAX_RULES = 20;
    static final int MAX_VALUES = 50;
    static final int MAX_QUERY = 10;
    static final int MAX_QUERY_NAME = 64;
    static final int MAX_QUERY_VALUE = 256;
    static final long MAX_CLICKS = 1_000_000_000_000L;
    static final int MIN_PASSWORD = 4;
    static final int MAX_PASSWORD = 128;
    static final Set<String> DEVICES = Set.of("ios", "android", "desktop", "other");

    private static final Pattern COUNTRY = Pattern.compile("[A-Za-z]{2}");
    private static final Pattern LANGUAGE = Pattern.compile("[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}");

    private RoutingPolicy() {}

    /**
     * The variants of a split; null or an empty list is none.
     *
     * @param urls checks and normalises a URL of the named field, or throws
     */
    static List<LinkRouting.Variant> split(List<SplitVariant> requested, BinaryOperator<String> urls) {
        if (requested == null || requested.isEmpty()) {
            return List.of();
        }
        if (requested.size() < 2 || requested.size() > MAX_VARIANTS) {
            throw invalid("split needs 2 to " + MAX_VARIANTS + " variants (or none); it has " + requested.size());
        }
        List<LinkRouting.Variant> variants = new ArrayList<>(requested.size());
        for (int i = 0; i < requested.size(); i++) {
            String field = "split[" + i + "]";
            SplitVariant v = requested.get(i);
            if (v == null || v.url() == null) {
                throw invalid(field + ".url is required");
            }
            int weight = v.weight() == null ? 1 : v.weight();
            if (weight < 1 || weight > MAX_WEIGHT) {
                throw invalid(field + ".weight " + weight + " is out of range; give 1 to " + MAX_WEIGHT);
            }
            variants.add(new LinkRouting.Variant(urls.apply(field + ".url", v.url()), weight));
        }
        return variants;
    }

    /**
     * The rules of a link, in order; null or an empty list is none.
     *
     * @param urls      checks and normalises a URL of the named field, or throws
     * @param countries whether the service knows visitors' countries (a country database is configured)
     */
    static List<LinkRouting.Rule> rules(List<RoutingRule> requested, BinaryOperator<String> urls, boolean countries) {
        if (requested == null || requested.isEmpty()) {
            return List.of();
        }
        if (requested.size() > MAX_RULES) {
            throw invalid("rules has " + requested.size() + " rules; give at most " + MAX_RULES);
        }
        List<LinkRouting.Rule> rules = new ArrayList<>(requested.size());
        for (int i = 0; i < requested.size(); i++) {
            String field = "rules[" + i + "]";
            RoutingRule rule = requested.get(i);
            if (rule == null || rule.url() == null) {
                throw invalid(field + ".url is required");
            }
            if (rule.when() == null) {
                throw invalid(field + ".when is required: the conditions a visitor must meet");
            }
            LinkRouting.Condition when = condition(field + ".when", rule.when(), countries);
            rules.add(new LinkRouting.Rule(when, urls.apply(field + ".url", rule.url())));
        }
        return rules;
    }

    private static LinkRouting.Condition condition(String field, RuleCondition c, boolean countries) {
        List<String> country = values(field + ".country", c.country(), COUNTRY, "an ISO 3166-1 alpha-2 code such as FR")
                .stream().map(v -> v.toUpperCase(Locale.ROOT)).toList();
        if (!country.isEmpty() && !countries) {
            throw invalid(field + ".country needs the country database, and this service has none"
                    + " (shortcode.stats.geo-database names a MaxMind DB file)");
        }
        List<String> language = values(field + ".language", c.language(), LANGUAGE, "a language tag such as en or pt-BR")
                .stream().map(v -> v.toLowerCase(Locale.ROOT)).toList();
        List<String> device = values(field + ".device", c.device(), null, null);
        for (int i = 0; i < device.size(); i++) {
            if (!DEVICES.contains(device.get(i))) {
                throw invalid(field + ".device[" + i + "] '" + Echo.of(device.get(i)) + "' is not a device class; give ios, android, desktop or other");
            }
        }
        Map<String, String> query = query(field + ".query", c.query());
        Long after = instant(field + ".after", c.after());
        Long before = instant(field + ".before", c.before());
        if (after != null && before != null && before <= after) {
            throw invalid(field + ".before " + Instant.ofEpochMilli(before) + " must come after " + field + ".after " + Instant.ofEpochMilli(after));
        }
        if (country.isEmpty() && language.isEmpty() && device.isEmpty() && query.isEmpty() && after == null && before == null) {
            throw invalid(field + " has no condition; give country, language, device, query, after and/or before");
        }
        return new LinkRouting.Condition(country, language, device, query, after, before);
    }

    private static List<String> values(String field, List<String> given, Pattern shape, String example) {
        if (given == null) {
            return List.of();
        }
        if (given.size() > MAX_VALUES) {
            throw invalid(field + " has " + given.size() + " values; give at most " + MAX_VALUES);
        }
        for (int i = 0; i < given.size(); i++) {
            String v = given.get(i);
            if (v == null || (shape != null && !shape.matcher(v).matches())) {
                throw invalid(field + "[" + i + "] '" + Echo.of(String.valueOf(v)) + "' is not " + example);
            }
        }
        return given;
    }

    private static Map<String, String> query(String field, Map<String, String> given) {
        if (given == null) {
            return Map.of();
        }
        if (given.size() > MAX_QUERY) {
            throw invalid(field + " has " + given.size() + " parameters; give at most " + MAX_QUERY);
        }
        Map<String, String> query = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : given.entrySet()) {
            String name = e.getKey();
            if (name.isEmpty() || name.length() > MAX_QUERY_NAME || hasControl(name)) {
                throw invalid(field + " has the parameter name '" + Echo.of(name) + "'; give 1 to " + MAX_QUERY_NAME
                        + " characters without control characters");
            }
            String value = e.getValue();
            if (value == null || value.length() > MAX_QUERY_VALUE || hasControl(value)) {
                throw invalid(field + "." + Echo.of(name) + " must be a text of at most " + MAX_QUERY_VALUE
                        + " characters without control characters");
            }
            query.put(name, value);
        }
        return query;
    }

    /** A click limit as given, checked: 1 to {@value #MAX_CLICKS}; null stays null. */
    static Long maxClicks(Long given) {
        if (given != null && (given < 1 || given > MAX_CLICKS)) {
            throw invalid("maxClicks " + given + " is out of range; give 1 to " + MAX_CLICKS + " (or none)");
        }
        return given;
    }

    /**
     * A password as given, checked: {@value #MIN_PASSWORD} to {@value #MAX_PASSWORD} characters
     * (code points), no control characters. Null stays null. Its hashing is the caller's, off the
     * event loop.
     */
    static String password(String field, String given) {
        if (given == null) {
            return null;
        }
        int length = given.codePointCount(0, given.length());
        if (length < MIN_PASSWORD || length > MAX_PASSWORD || hasControl(given)) {
            throw invalid(field + " must be " + MIN_PASSWORD + " to " + MAX_PASSWORD + " characters without control characters");
        }
        return given;
    }

    private static boolean hasControl(String s) {
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch < 0x20 || ch == 0x7f) {
                return true;
            }
        }
        return false;
    }

    private static InvalidRequestException invalid(String detail) {
        return new InvalidRequestException("invalid-routing", detail);
    }

    /** The instant of a field, epoch millis, or null when absent. */
    static Long instant(String field, String value) {
        if (value == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(value).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            throw new InvalidRequestException("invalid-routing", field + " '" + Echo.of(value)
                    + "' is not an ISO-8601 instant with an offset, such as 2027-01-31T23:00:00Z");
        }
    }

    /** @throws InvalidRequestException when the window ends before it starts */
    static LinkRouting window(LinkRouting routing, Long from, Long until, String expiredUrl) {
        if (from != null && until != null && until <= from) {
            throw new InvalidRequestException("invalid-routing", "validUntil " + Instant.ofEpochMilli(until)
                    + " must come after validFrom " + Instant.ofEpochMilli(from));
        }
        if (expiredUrl != null && until == null && routing.maxClicks() == null) {
            throw new InvalidRequestException("invalid-routing", "expiredUrl is where visitors go after validUntil or maxClicks;"
                    + " give one of them too");
        }
        return routing.withWindow(from, until, expiredUrl);
    }
}

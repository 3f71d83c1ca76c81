package dev.shortcode.api.ttl;

import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.core.config.PoolOptions;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Turns a requested TTL into a pool and the link's sliding TTL: the smallest pool whose idle TTL
 * covers the request serves it, and the link keeps the TTL it asked for. {@code "permanent"}
 * goes to the permanent pool, whose hot TTL then applies in Redis.
 */
public final class TtlPolicy {

    public static final String PERMANENT = "permanent";

    /** Weeks, which {@link Duration#parse} does not take. */
    private static final Pattern WEEKS = Pattern.compile("P\\d+W");
    /** ISO-8601 periods with months or years: valid ISO, but not a fixed length. */
    private static final Pattern MONTHS_OR_YEARS = Pattern.compile("P(\\d+Y(\\d+M)?|\\d+M)(\\d+W)?(\\d+D)?(T.*)?");

    private final List<PoolOptions> byTtl;
    /** The choice for requests without a TTL, made once: most creates ask for no TTL. */
    private final Choice defaultChoice;

    public TtlPolicy(List<PoolOptions> pools, String defaultTtl) {
        this.byTtl = pools.stream().sorted(Comparator.comparing(PoolOptions::idleTtl).thenComparing(PoolOptions::length)).toList();
        try {
            this.defaultChoice = chooseText(java.util.Objects.requireNonNull(defaultTtl, "defaultTtl"));
        } catch (InvalidRequestException e) {
            throw new dev.shortcode.core.config.ConfigException("shortcode.default-ttl", e.getMessage());
        }
    }

    /** The pool and effective TTL for a request; {@code null} means the configured default. */
    public Choice choose(String requested) {
        // strip(), not trim(): trim() also drops control characters, and "P10D\u0000" is no TTL
        return requested == null ? defaultChoice : chooseText(requested.strip());
    }

    private Choice chooseText(String ttl) {
        if (PERMANENT.equalsIgnoreCase(ttl)) {
            PoolOptions pool = byTtl.stream().filter(PoolOptions::permanent).findFirst().orElseThrow(() ->
                    new InvalidRequestException("invalid-ttl", "ttl 'permanent' is not offered: no pool is permanent"));
            return new Choice(pool, pool.idleTtl(), true, PERMANENT);
        }
        Duration duration;
        try {
            duration = ttl.startsWith("P") || ttl.startsWith("p") ? parse(ttl) : null;
        } catch (ArithmeticException | NumberFormatException e) {
            throw new InvalidRequestException("invalid-ttl", "ttl '" + Echo.of(ttl) + "' is too large for a duration; " + range());
        } catch (DateTimeParseException e) {
            if (e.getCause() instanceof ArithmeticException || e.getCause() instanceof NumberFormatException) {
                // Duration.parse reports a number or a sum too large for a long this way
                throw new InvalidRequestException("invalid-ttl", "ttl '" + Echo.of(ttl) + "' is too large for a duration; " + range());
            }
            duration = null;
        }
        if (duration == null) {
            if (MONTHS_OR_YEARS.matcher(ttl.toUpperCase(java.util.Locale.ROOT)).matches()) {
                throw new InvalidRequestException("invalid-ttl", "ttl '" + Echo.of(ttl) + "' counts months or years, whose length varies; "
                        + "give days (P30D), weeks (P2W) or hours (PT12H)");
            }
            throw new InvalidRequestException("invalid-ttl",
                    "ttl '" + Echo.of(ttl) + "' is neither an ISO-8601 duration such as P30D or PT12H nor \"permanent\"");
        }
        if (duration.compareTo(Duration.ofSeconds(60)) < 0) {
            throw new InvalidRequestException("invalid-ttl", "ttl '" + Echo.of(ttl) + "' is below the minimum of 60 seconds; " + range());
        }
        for (PoolOptions pool : byTtl) {
            if (pool.idleTtl().compareTo(duration) >= 0) {
                return new Choice(pool, duration, false, label(duration));
            }
        }
        throw new InvalidRequestException("invalid-ttl", "ttl " + Echo.of(ttl) + " exceeds what any pool offers; " + range());
    }

    private String range() {
        Duration max = byTtl.get(byTtl.size() - 1).idleTtl();
        boolean permanent = byTtl.stream().anyMatch(PoolOptions::permanent);
        return "allowed: PT1M to " + label(max) + (permanent ? ", or \"permanent\"" : "");
    }

    /** A TTL as clients read it: whole days as {@code P30D}, anything else as {@code PT36H} and so on. */
    public static String label(Duration ttl) {
        long seconds = ttl.toSeconds();
        return seconds % 86_400 == 0 ? "P" + seconds / 86_400 + "D" : ttl.toString();
    }

    /** ISO-8601 with days (P30D), time (PT12H) or both; weeks/months/years are ambiguous and refused. */
    private static Duration parse(String ttl) {
        String upper = ttl.toUpperCase(java.util.Locale.ROOT);
        if (WEEKS.matcher(upper).matches()) {
            // Exact arithmetic: P7905747460161236407W must not wrap round to one day.
            return Duration.ofDays(Math.multiplyExact(7L, Long.parseLong(upper.substring(1, upper.length() - 1))));
        }
        return Duration.parse(upper);
    }

    /**
     * @param pool      the pool that issues the code
     * @param ttl       the link's sliding TTL (the request's, or the pool's hot TTL when permanent)
     * @param permanent whether the link outlives the hot TTL
     * @param label     the TTL as reported back to clients ({@code P30D} or {@code permanent})
     */
    public record Choice(PoolOptions pool, Duration ttl, boolean permanent, String label) {}
}

package dev.shortcode.api.capacity;

import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.core.capacity.PlanInputs;
import dev.shortcode.core.capacity.TtlShare;
import dev.shortcode.core.code.CodeSpace;
import dev.shortcode.core.config.PoolOptions;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/**
 * Turns a plan request into model inputs, filling defaults from the configured pools; anything
 * out of range is a 400 whose detail begins with the field's name ({@code ttlMix[1].ttl ...}).
 *
 * <p>Every number is bounded on both sides, not only checked for its sign: the model divides by
 * the volume and by the sum of the shares, so a volume of 4.9e-324 links a day made the days to
 * wrap infinite, and shares near {@link Double#MAX_VALUE} summed to infinity and every normalised
 * share to 0. Within these bounds every figure of the answer is a finite number.
 */
final class PlanValidator {

    static final double MAX_DAILY_VOLUME = 1e12;
    /** A link a day: below it no length ever wraps, and the figures lose meaning before they lose finiteness. */
    static final double MIN_DAILY_VOLUME = 1;
    /** One share's weight; {@link #MAX_MIX} of them sum far below overflow. */
    static final double MAX_SHARE = 1e6;
    static final int MAX_LENGTHS = 10;
    static final int MAX_MIX = 20;
    static final List<Integer> DEFAULT_LENGTHS = List.of(5, 6, 7, 8);
    static final int DEFAULT_URL_LENGTH = 60;

    private final List<PoolOptions> pools;

    PlanValidator(List<PoolOptions> pools) {
        this.pools = List.copyOf(pools);
    }

    PlanInputs validate(PlanRequest r) {
        if (r == null) {
            throw invalid("body", "is required: {\"dailyVolume\": 100000000}");
        }
        if (r.dailyVolume() == null || !(r.dailyVolume() >= MIN_DAILY_VOLUME) || r.dailyVolume() > MAX_DAILY_VOLUME) {
            throw invalid("dailyVolume", "must lie within 1..1e12 (links a day), got " + r.dailyVolume());
        }
        double growth = r.growthPerMonth() == null ? 0 : r.growthPerMonth();
        if (!(growth > -0.99) || growth > 10) {
            throw invalid("growthPerMonth", "must lie above -0.99 and at most 10 (0.05 = +5 % a month), got " + r.growthPerMonth());
        }
        double permanent = r.permanentShare() == null ? 0 : r.permanentShare();
        if (!(permanent >= 0) || permanent > 1) {
            throw invalid("permanentShare", "must lie within 0..1, got " + r.permanentShare());
        }
        List<TtlShare> mix = new ArrayList<>();
        if (r.ttlMix() == null || r.ttlMix().isEmpty()) {
            pools.stream().filter(p -> !p.permanent()).forEach(p -> mix.add(new TtlShare(p.idleTtl(), 1)));
            if (mix.isEmpty()) {
                pools.forEach(p -> mix.add(new TtlShare(p.idleTtl(), 1)));
            }
        } else {
            if (r.ttlMix().size() > MAX_MIX) {
                throw invalid("ttlMix", "holds at most " + MAX_MIX + " entries, got " + r.ttlMix().size());
            }
            double sum = 0;
            for (int i = 0; i < r.ttlMix().size(); i++) {
                PlanRequest.TtlShareRequest t = r.ttlMix().get(i);
                String field = "ttlMix[" + i + "]";
                if (t == null) {
                    throw invalid(field, "must be {\"ttl\": \"P30D\", \"share\": 1}");
                }
                Duration ttl = duration(field + ".ttl", t.ttl());
                if (t.share() == null || !(t.share() >= 0) || t.share() > MAX_SHARE) {
                    throw invalid(field + ".share", "must lie within 0..1000000 (a weight; the mix is normalised), got " + t.share());
                }
                sum += t.share();
                mix.add(new TtlShare(ttl, t.share()));
            }
            if (!(sum > 0)) {
                throw invalid("ttlMix", "needs at least one share above 0");
            }
        }
        Duration hotTtl = r.permanentHotTtl() == null
                ? pools.stream().filter(PoolOptions::permanent).map(PoolOptions::idleTtl).findFirst().orElse(Duration.ofDays(30))
                : duration("permanentHotTtl", r.permanentHotTtl());
        List<Integer> lengths = r.lengths() == null || r.lengths().isEmpty() ? DEFAULT_LENGTHS : r.lengths();
        if (lengths.size() > MAX_LENGTHS) {
            throw invalid("lengths", "holds at most " + MAX_LENGTHS + " lengths, got " + lengths.size());
        }
        for (int i = 0; i < lengths.size(); i++) {
            Integer l = lengths.get(i);
            if (l == null || l < CodeSpace.MIN_LENGTH || l > CodeSpace.MAX_LENGTH) {
                throw invalid("lengths[" + i + "]", "must be a code length within " + CodeSpace.MIN_LENGTH + ".." + CodeSpace.MAX_LENGTH
                        + ", got " + l);
            }
        }
        int url = r.urlLength() == null ? DEFAULT_URL_LENGTH : r.urlLength();
        if (url < 1 || url > 4096) {
            throw invalid("urlLength", "must lie within 1..4096 (bytes), got " + r.urlLength());
        }
        double redisBytes = bytes("redisBytesPerLink", r.redisBytesPerLink());
        double archiveBytes = bytes("archiveBytesPerLink", r.archiveBytesPerLink());
        return new PlanInputs(r.dailyVolume(), growth, mix, permanent, hotTtl, List.copyOf(new LinkedHashSet<>(lengths)), url,
                redisBytes, archiveBytes);
    }

    private static double bytes(String field, Double value) {
        if (value == null) {
            return Double.NaN;
        }
        if (!(value >= 1) || value > 1e6) {
            throw invalid(field, "must lie within 1..1000000 (bytes), got " + value);
        }
        return value;
    }

    private static Duration duration(String field, String text) {
        if (text == null || text.isBlank()) {
            throw invalid(field, "is required: an ISO-8601 duration such as P30D or PT12H");
        }
        Duration d;
        try {
            d = Duration.parse(text.trim().toUpperCase(Locale.ROOT));
        } catch (DateTimeParseException e) {
            throw invalid(field, "'" + Echo.of(text) + "' is not an ISO-8601 duration such as P30D or PT12H");
        }
        if (d.compareTo(Duration.ofMinutes(1)) < 0 || d.compareTo(Duration.ofDays(36_500)) > 0) {
            throw invalid(field, "'" + Echo.of(text) + "' is outside PT1M..P36500D");
        }
        return d;
    }

    private static InvalidRequestException invalid(String field, String why) {
        return new InvalidRequestException("invalid-plan", field + " " + why);
    }
}

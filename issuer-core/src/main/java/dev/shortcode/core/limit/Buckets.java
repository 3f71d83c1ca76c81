package dev.shortcode.core.limit;

import dev.shortcode.core.store.RateDecision;
import dev.shortcode.core.store.RateLimit;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;

/**
 * A {@link RateLimit} as a Bucket4j bucket, and a bucket's answer as a {@link RateDecision}: one
 * place for both, so that the node-local buckets ({@link LocalRateLimits}) and the ones shared in
 * Redis decide and report alike.
 *
 * <ul>
 *   <li>A gradual limit is a token bucket of {@code quota} tokens refilled greedily at
 *       {@code quota / window}: a client may spend the whole quota at once, then one unit per
 *       {@code window / quota}.
 *   <li>A daily quota is a bucket of {@code quota} tokens that belongs to one UTC day: its name
 *       carries the day ({@link #name}), so the next day starts with a fresh, full bucket. Its
 *       refill (the whole quota a day after the bucket's first use) never comes within its day.
 *   <li>A bucket's name carries the limit's values, so a key whose limit is changed starts afresh
 *       under the new one (its new burst at once; its new daily quota in full for the rest of the
 *       day) and the old bucket expires unused.
 * </ul>
 */
public final class Buckets {

    private static final long NANOS_PER_SECOND = TimeUnit.SECONDS.toNanos(1);

    private Buckets() {}

    public static BucketConfiguration configuration(RateLimit limit) {
        Bandwidth bandwidth = switch (limit.refill()) {
            case GRADUAL -> Bandwidth.builder().capacity(limit.quota()).refillGreedy(limit.quota(), limit.window()).build();
            case DAILY_UTC -> Bandwidth.builder().capacity(limit.quota()).refillIntervally(limit.quota(), limit.window()).build();
        };
        return BucketConfiguration.builder().addLimit(bandwidth).build();
    }

    /**
     * The bucket's name under its subject: {@code g:<quota>:<window seconds>} for a gradual limit,
     * {@code d:<quota>:<yyyymmdd>} for the daily quota of the UTC day of {@code nowMillis}.
     */
    public static String name(RateLimit limit, long nowMillis) {
        return switch (limit.refill()) {
            case GRADUAL -> "g:" + limit.quota() + ":" + limit.window().getSeconds();
            case DAILY_UTC -> "d:" + limit.quota() + ":" + day(nowMillis).toString().replace("-", "");
        };
    }

    /** What {@code probe}, the bucket's answer at {@code nowMillis}, means for a client. */
    public static RateDecision decision(RateLimit limit, ConsumptionProbe probe, long nowMillis, boolean shared) {
        long remaining = Math.max(0, probe.getRemainingTokens());
        long reset;
        long retryAfter = 0;
        if (limit.refill() == RateLimit.Refill.DAILY_UTC) {
            reset = secondsUntilNextUtcDay(nowMillis);
            retryAfter = probe.isConsumed() ? 0 : reset;
        } else {
            reset = remaining >= limit.quota() ? 0 : ceilSeconds(nanosToNextUnit(limit, probe, remaining));
            if (!probe.isConsumed()) {
                long wait = probe.getNanosToWaitForRefill();
                // More than the bucket can ever hold asks for the impossible: a window is the honest answer.
                retryAfter = wait >= Long.MAX_VALUE / 2 ? limit.window().getSeconds() : Math.max(1, ceilSeconds(wait));
            }
        }
        return new RateDecision(probe.isConsumed(), remaining, reset, retryAfter, shared);
    }

    /**
     * When the next whole unit comes: the bucket is full after {@code nanosToWaitForReset}, one
     * unit every {@code window / quota} before that, so the next one is due after what is left of
     * the full refill less the whole units still missing after it.
     */
    private static long nanosToNextUnit(RateLimit limit, ConsumptionProbe probe, long remaining) {
        long perUnit = Math.max(1, limit.window().toNanos() / limit.quota());
        long missingAfterNext = limit.quota() - remaining - 1;
        long next = probe.getNanosToWaitForReset() - missingAfterNext * perUnit;
        return Math.max(1, Math.min(next, probe.getNanosToWaitForReset()));
    }

    static LocalDate day(long millis) {
        return LocalDate.ofEpochDay(Math.floorDiv(millis, 86_400_000L));
    }

    static long secondsUntilNextUtcDay(long millis) {
        long nextDay = day(millis).plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
        return Math.max(1, (nextDay - millis + 999) / 1000);
    }

    private static long ceilSeconds(long nanos) {
        return nanos <= 0 ? 0 : (nanos + NANOS_PER_SECOND - 1) / NANOS_PER_SECOND;
    }

    /** Wall-clock time for Bucket4j, from {@code clock} (a test's clock moves by hand). */
    public static TimeMeter meter(Clock clock) {
        return new TimeMeter() {
            @Override
            public long currentTimeNanos() {
                return TimeUnit.MILLISECONDS.toNanos(clock.millis());
            }

            @Override
            public boolean isWallClockBased() {
                return true;
            }
        };
    }
}

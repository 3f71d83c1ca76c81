package dev.shortcode.api.limit;

import dev.shortcode.api.error.RateLimitedException;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.EventJournal;
import dev.shortcode.core.store.RateLimit;
import dev.shortcode.core.store.RateLimits;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.ext.web.RoutingContext;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The API's limits per key, over the storage's {@link RateLimits} (shared by all nodes in Redis
 * mode): every authenticated API request takes one unit of its key's burst limit ({@link #admit},
 * from the auth filter); creates take their links from the key's daily quota ({@link #quota},
 * charged by the link flows once they know how many links a request makes). Redirects are not
 * limited per key. Which limits a key has: {@link KeyLimits}. The bulk stream is a Vert.x route,
 * outside the auth filter: it calls {@link #admit} itself, takes its lines from the quota chunk
 * by chunk ({@link #partialQuota}) and writes the header fields itself ({@link RateLimitHeaders#of}).
 */
public final class ApiRateLimiter {

    private final RateLimits limits;
    private final KeyLimits keyLimits;
    private final Counter burstRefusals;
    private final Counter quotaRefusals;
    private final QuotaThresholds thresholds;

    public ApiRateLimiter(RateLimits limits, KeyLimits keyLimits, MeterRegistry registry) {
        this(limits, keyLimits, registry, EventJournal.NONE);
    }

    /** @param events where a key reaching 80 % or 100 % of its daily quota is recorded for webhooks */
    public ApiRateLimiter(RateLimits limits, KeyLimits keyLimits, MeterRegistry registry, EventJournal events) {
        this.thresholds = new QuotaThresholds(events, Clock.systemUTC());
        this.limits = limits;
        this.keyLimits = keyLimits;
        this.burstRefusals = Counter.builder("shortcode.rate.limited").tag("policy", RateLimitHeaders.BURST)
                .description("API requests refused with 429, by the policy they exceeded").register(registry);
        this.quotaRefusals = Counter.builder("shortcode.rate.limited").tag("policy", RateLimitHeaders.DAILY)
                .description("API requests refused with 429, by the policy they exceeded").register(registry);
    }

    /**
     * Takes one request from {@code key}'s burst limit and remembers the key's limits for the
     * answer's header fields.
     *
     * @return null when the request may go on, else the refusal to answer with
     */
    public CompletionStage<RateLimitedException> admit(ApiKey key, RoutingContext routing) {
        RateLimit burst = keyLimits.burst(key).orElse(null);
        RateLimit daily = keyLimits.daily(key).orElse(null);
        if (burst == null && daily == null) {
            return CompletableFuture.completedFuture(null);
        }
        RequestLimits request = new RequestLimits(key.id(), burst, daily);
        routing.put(RequestLimits.KEY, request);
        if (burst == null) {
            return CompletableFuture.completedFuture(null);
        }
        return limits.take(key.id(), burst, 1).thenApply(decision -> {
            request.burstDecision = decision;
            if (decision.allowed()) {
                return null;
            }
            burstRefusals.increment();
            return RateLimitedException.burst(RateLimitHeaders.BURST, burst.quota(), decision.retryAfterSeconds());
        });
    }

    /** Attempts at a partial grant before the lines asked are refused: other requests of the key may take what was left meanwhile. */
    static final int PARTIAL_ATTEMPTS = 3;

    /** The daily quota of the request's key, for the link flows; {@link QuotaCharge#NONE} when it has none. */
    public QuotaCharge quota(RoutingContext routing) {
        RequestLimits request = routing.get(RequestLimits.KEY);
        if (request == null || request.daily == null) {
            return QuotaCharge.NONE;
        }
        RateLimit daily = request.daily;
        return links -> limits.take(request.subject, daily, links).thenApply(decision -> {
            request.dailyDecision = decision;
            thresholds.taken(request.subject, daily.quota(), links, decision);
            if (!decision.allowed()) {
                quotaRefusals.increment();
                throw RateLimitedException.quota(RateLimitHeaders.DAILY, daily.quota(), links, decision.remaining(),
                        decision.retryAfterSeconds());
            }
            return null;
        });
    }

    /**
     * The daily quota of the request's key, taken as far as it goes ({@link PartialQuota}); {@link
     * PartialQuota#NONE} when it has none. Each refused item counts as one refusal in the metrics.
     */
    public PartialQuota partialQuota(RoutingContext routing) {
        RequestLimits request = routing.get(RequestLimits.KEY);
        if (request == null || request.daily == null) {
            return PartialQuota.NONE;
        }
        return links -> takeUpTo(request, links, links, PARTIAL_ATTEMPTS);
    }

    /**
     * Takes {@code trying} links; when they do not fit, tries again with what the refusal says is
     * left (each attempt asking fewer, so it ends), at most {@code attempts} times in all.
     */
    private CompletionStage<PartialQuota.Grant> takeUpTo(RequestLimits request, int asked, int trying, int attempts) {
        RateLimit daily = request.daily;
        return limits.take(request.subject, daily, trying).thenCompose(decision -> {
            request.dailyDecision = decision;
            thresholds.taken(request.subject, daily.quota(), trying, decision);
            if (decision.allowed()) {
                if (trying == asked) {
                    return CompletableFuture.completedFuture(PartialQuota.Grant.all(asked));
                }
                // What is left is taken: the rest waits for 00:00 UTC, which the decision's reset gives.
                return CompletableFuture.completedFuture(refuseBeyond(daily, trying, asked, 0, Math.max(1, decision.resetSeconds())));
            }
            long left = decision.remaining();
            if (left == 0 || attempts <= 1) {
                return CompletableFuture.completedFuture(refuseBeyond(daily, 0, asked, left, decision.retryAfterSeconds()));
            }
            return takeUpTo(request, asked, (int) Math.min(left, trying - 1L), attempts - 1);
        });
    }

    /** The first {@code granted} items go on; each of the others is refused on its own, as one link that does not fit. */
    private PartialQuota.Grant refuseBeyond(RateLimit daily, int granted, int asked, long left, long retryAfterSeconds) {
        quotaRefusals.increment(asked - granted);
        return new PartialQuota.Grant(granted, RateLimitedException.quota(RateLimitHeaders.DAILY, daily.quota(), 1, left, retryAfterSeconds));
    }
}

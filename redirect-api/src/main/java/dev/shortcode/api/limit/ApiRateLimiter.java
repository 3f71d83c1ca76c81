package dev.shortcode.api.limit;

import dev.shortcode.api.error.RateLimitedException;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.RateLimit;
import dev.shortcode.core.store.RateLimits;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The API's limits per key, over the storage's {@link RateLimits} (shared by all nodes in Redis
 * mode): every authenticated API request takes one unit of its key's burst limit ({@link #admit},
 * from the auth filter); creates take their links from the key's daily quota ({@link #quota},
 * charged by the link flows once they know how many links a request makes). Redirects are not
 * limited per key. Which limits a key has: {@link KeyLimits}.
 */
public final class ApiRateLimiter {

    private final RateLimits limits;
    private final KeyLimits keyLimits;
    private final Counter burstRefusals;
    private final Counter quotaRefusals;

    public ApiRateLimiter(RateLimits limits, KeyLimits keyLimits, MeterRegistry registry) {
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

    /** The daily quota of the request's key, for the link flows; {@link QuotaCharge#NONE} when it has none. */
    public QuotaCharge quota(RoutingContext routing) {
        RequestLimits request = routing.get(RequestLimits.KEY);
        if (request == null || request.daily == null) {
            return QuotaCharge.NONE;
        }
        RateLimit daily = request.daily;
        return links -> limits.take(request.subject, daily, links).thenApply(decision -> {
            request.dailyDecision = decision;
            if (!decision.allowed()) {
                quotaRefusals.increment();
                throw RateLimitedException.quota(RateLimitHeaders.DAILY, daily.quota(), links, decision.remaining(),
                        decision.retryAfterSeconds());
            }
            return null;
        });
    }
}

package dev.shortcode.api.limit;

import dev.shortcode.core.store.RateDecision;
import dev.shortcode.core.store.RateLimit;

/**
 * One request's limits and what was decided about them, kept in its routing context from the
 * auth filter to the response filter ({@link RateLimitHeadersFilter}), which writes them out.
 * Written by the request's own flow, one step after the other, and read once at its end.
 */
final class RequestLimits {

    static final String KEY = "shortcode.request-limits";

    final String subject;
    final RateLimit burst;
    final RateLimit daily;
    volatile RateDecision burstDecision;
    volatile RateDecision dailyDecision;

    RequestLimits(String subject, RateLimit burst, RateLimit daily) {
        this.subject = subject;
        this.burst = burst;
        this.daily = daily;
    }
}

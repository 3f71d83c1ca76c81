package dev.shortcode.api.limit;

import dev.shortcode.core.store.RateDecision;
import dev.shortcode.core.store.RateLimit;
import io.vertx.ext.web.RoutingContext;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The RateLimit-Policy and RateLimit header fields of one request, in the syntax of the IETF
 * httpapi draft "RateLimit header fields for HTTP", draft-ietf-httpapi-ratelimit-headers-10
 * (September 2025): each field a Structured Fields List (RFC 9651) of items whose value is the
 * policy's name as an sf-string, with integer parameters.
 * <ul>
 *   <li>{@code RateLimit-Policy: "burst";q=600;w=60, "daily";q=1000000;w=86400}: {@code q} the
 *       quota, {@code w} the window in seconds. The quota unit ({@code qu}) is left at its default,
 *       requests; the daily policy counts links created (a batch its items), which docs/API.md says.
 *   <li>{@code RateLimit: "burst";r=42;t=1, "daily";r=999000;t=43200}: {@code r} what is left,
 *       {@code t} seconds until more is available: the next unit of the burst, which refills
 *       gradually (omitted while it is full), and the next 00:00 UTC for the daily quota. On a 429
 *       {@code Retry-After} is never earlier than {@code t}, as the draft asks. The daily policy's
 *       state is reported on the answers that charged it (creates), the others' would cost a round
 *       trip to the shared store for nothing.
 * </ul>
 * No partition key ({@code pk}) is sent: the partition is the API key, which the client knows.
 */
public final class RateLimitHeaders {

    public static final String POLICY = "RateLimit-Policy";
    public static final String STATE = "RateLimit";
    /** The policies' names, as the fields and the 429 problems' {@code violated-policies} give them. */
    public static final String BURST = "burst";
    public static final String DAILY = "daily";

    private RateLimitHeaders() {}

    /**
     * The fields for the request of {@code routing} as decided so far, by name; empty when its key
     * has no limits. For the Vert.x routes, which {@link RateLimitHeadersFilter} does not see.
     */
    public static Map<String, String> of(RoutingContext routing) {
        RequestLimits limits = routing.get(RequestLimits.KEY);
        Map<String, String> fields = new LinkedHashMap<>();
        if (limits != null) {
            fields.put(POLICY, policy(limits.burst, limits.daily));
            String state = state(limits.burstDecision, limits.dailyDecision);
            if (!state.isEmpty()) {
                fields.put(STATE, state);
            }
        }
        return fields;
    }

    /** The policies that apply; empty when none. */
    static String policy(RateLimit burst, RateLimit daily) {
        StringBuilder out = new StringBuilder();
        append(out, burst, BURST);
        append(out, daily, DAILY);
        return out.toString();
    }

    private static void append(StringBuilder out, RateLimit limit, String name) {
        if (limit != null) {
            out.append(out.isEmpty() ? "" : ", ").append('"').append(name).append("\";q=").append(limit.quota())
                    .append(";w=").append(limit.window().getSeconds());
        }
    }

    /** The state of the policies decided for this request; empty when none was. */
    static String state(RateDecision burst, RateDecision daily) {
        StringBuilder out = new StringBuilder();
        append(out, burst, BURST);
        append(out, daily, DAILY);
        return out.toString();
    }

    private static void append(StringBuilder out, RateDecision decision, String name) {
        if (decision != null) {
            out.append(out.isEmpty() ? "" : ", ").append('"').append(name).append("\";r=").append(decision.remaining());
            if (decision.resetSeconds() > 0) {
                out.append(";t=").append(decision.resetSeconds());
            }
        }
    }
}

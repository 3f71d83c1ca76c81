package dev.shortcode.core.capacity;

/**
 * The model's advice for a pool or a store, in words, with how urgent it is.
 *
 * @param level  {@code healthy}, {@code watch} (plan a change) or {@code act} (change it now)
 * @param reason one sentence for people, e.g. "wraps in 9.2 days, before its 10-day TTL: raise the length or lower the TTL"
 */
public record Verdict(Level level, String reason) {

    public enum Level {
        HEALTHY, WATCH, ACT
    }

    static Verdict healthy(String reason) {
        return new Verdict(Level.HEALTHY, reason);
    }

    static Verdict watch(String reason) {
        return new Verdict(Level.WATCH, reason);
    }

    static Verdict act(String reason) {
        return new Verdict(Level.ACT, reason);
    }
}

package dev.shortcode.api.stats;

import dev.shortcode.core.store.ClickStore;
import java.lang.System.Logger.Level;
import java.time.LocalDate;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The salts of the visitor hashes, fetched from the store (which shares them between nodes and
 * destroys them after 48 hours) once per day and kept in memory only for today and yesterday (late
 * clicks of yesterday): this node forgets a salt before the store destroys it. Never blocks: a
 * salt not fetched yet is asked for and {@link #get} answers null until it arrives.
 */
final class DailySalts {

    private static final System.Logger LOG = System.getLogger(DailySalts.class.getName());
    private static final long RETRY_MILLIS = 1_000;

    private final ClickStore store;
    private final Map<LocalDate, byte[]> salts = new ConcurrentHashMap<>();
    private final Map<LocalDate, Long> askedAt = new ConcurrentHashMap<>();

    DailySalts(ClickStore store) {
        this.store = store;
    }

    /** The salt of {@code day}, or null while it is being fetched (or the store does not answer). */
    byte[] get(LocalDate day, LocalDate today) {
        LocalDate yesterday = today.minusDays(1);
        salts.keySet().removeIf(d -> d.isBefore(yesterday));
        askedAt.keySet().removeIf(d -> d.isBefore(yesterday));
        if (day.isBefore(yesterday)) {
            return null; // its salt is gone or about to be: such a click counts without a visitor
        }
        byte[] salt = salts.get(day);
        if (salt != null) {
            return salt;
        }
        long now = System.currentTimeMillis();
        Long asked = askedAt.get(day);
        if (asked == null || now - asked >= RETRY_MILLIS) {
            askedAt.put(day, now);
            store.salt(day).whenComplete((fetched, failure) -> {
                if (failure != null) {
                    LOG.log(Level.DEBUG, "the salt of {0} could not be fetched: {1}", day, failure.toString());
                } else {
                    salts.put(day, fetched);
                }
            });
        }
        return salts.get(day);
    }
}

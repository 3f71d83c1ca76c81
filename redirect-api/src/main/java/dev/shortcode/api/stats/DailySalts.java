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

    // Today's salt once fetched, for the flusher's every click (read and written by the flusher's thread only).
    private long memoDay = Long.MIN_VALUE;
    private byte[] memoSalt;
    private long prunedFor = Long.MIN_VALUE;

    /**
     * The salt of a click's day, or null while it is being fetched (or the store does not answer).
     * The flusher asks once per click: today's salt, once known, is answered from a field.
     *
     * @param day   the click's UTC day (epoch day)
     * @param today the UTC day now (epoch day)
     */
    byte[] get(long day, long today) {
        if (day == memoDay && today - day <= 1) {
            return memoSalt;
        }
        byte[] salt = get(LocalDate.ofEpochDay(day), LocalDate.ofEpochDay(today));
        if (salt != null && day == today) {
            memoDay = day;
            memoSalt = salt;
        }
        return salt;
    }

    private byte[] get(LocalDate day, LocalDate today) {
        LocalDate yesterday = today.minusDays(1);
        if (prunedFor != today.toEpochDay()) { // the days kept change once a day
            salts.keySet().removeIf(d -> d.isBefore(yesterday));
            askedAt.keySet().removeIf(d -> d.isBefore(yesterday));
            prunedFor = today.toEpochDay();
        }
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

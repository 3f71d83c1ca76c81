package dev.shortcode.core.store;

import dev.shortcode.core.capacity.LiveAges;
import dev.shortcode.core.capacity.LiveLinks;
import dev.shortcode.core.code.Base62;
import dev.shortcode.core.config.PoolOptions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts sampled (or all) link keys by pool, for the footprints of every backend: a key belongs
 * to the pool of its code's length when it is pure base62 (issued codes are; aliases never are,
 * see AliasPolicy). Also sums their bytes and notes their age and kind from the record.
 *
 * <h2>Estimator</h2>
 * When keys are drawn uniformly at random (with replacement) from a population of N keys, and h
 * of n draws are live links of a pool, the pool holds about N·h/n of them; the binomial standard
 * error is N·sqrt(p(1-p)/n) with p = h/n, and {@link #estimate} reports 1.96 of them (95 %). At
 * n = 1,000 a pool holding 90 % of the keys is known within ±1.9 % of N, one holding 1 % within
 * ±0.6 % of N (±62 % of its own size): small pools need exact counts or larger samples.
 */
public final class LinkTally {

    private final Map<Integer, PoolOptions> byLength = new HashMap<>();
    private final Map<String, Counts> counts = new HashMap<>();
    private final long nowMillis;
    private long draws;
    private long aliases;
    /** Live links whose record was read (their domain known), and how many of them each branded domain serves. */
    private long recordsRead;
    private final Map<String, Long> domainHits = new HashMap<>();

    private static final class Counts {
        long hits;
        long bytes;
        long weighed;
        long aged;
        long older;
        long permanent;
    }

    public LinkTally(List<PoolOptions> pools, long nowMillis) {
        for (PoolOptions p : pools) {
            byLength.put(p.length(), p);
            counts.put(p.name(), new Counts());
        }
        this.nowMillis = nowMillis;
    }

    /** The pool whose codes look like {@code code}, or null (an alias or a foreign key). */
    public PoolOptions poolOf(String code) {
        PoolOptions pool = byLength.get(code.length());
        return pool != null && Base62.isAlphabet(code) ? pool : null;
    }

    /** A draw that found no live link key (another kind of key, or an expired link). */
    public void miss() {
        draws++;
    }

    /**
     * A draw that found the live link {@code code}.
     *
     * @param record its record when it was read, else null
     * @param bytes  its size in the store when weighed, else -1
     */
    public void hit(String code, LinkRecord record, long bytes) {
        draws++;
        if (record != null) {
            recordsRead++;
            String domain = record.routing().domain();
            if (domain != null) {
                domainHits.merge(domain, 1L, Long::sum);
            }
        }
        PoolOptions pool = poolOf(code);
        if (pool == null) {
            aliases++;
            return;
        }
        Counts c = counts.get(pool.name());
        c.hits++;
        if (bytes >= 0) {
            c.bytes += bytes;
            c.weighed++;
        }
        if (record != null) {
            c.aged++;
            if (record.createdAtMillis() < nowMillis - pool.idleTtl().toMillis()) {
                c.older++;
            }
            if (record.permanent()) {
                c.permanent++;
            }
        }
    }

    /** Adds {@code bytes} for a link already counted as a hit (weighed in a later round). */
    public void weigh(String code, long bytes) {
        PoolOptions pool = poolOf(code);
        if (pool != null && bytes >= 0) {
            Counts c = counts.get(pool.name());
            c.bytes += bytes;
            c.weighed++;
        }
    }

    public long draws() {
        return draws;
    }

    public long hits(String pool) {
        return counts.get(pool).hits;
    }

    public long aliases() {
        return aliases;
    }

    /** Mean bytes of the weighed links of {@code pool}, NaN when none was weighed. */
    public double bytesPerLink(String pool) {
        Counts c = counts.get(pool);
        return c.weighed == 0 ? Double.NaN : (double) c.bytes / c.weighed;
    }

    public LiveAges ages(String pool) {
        Counts c = counts.get(pool);
        return new LiveAges(c.aged, c.older, c.permanent);
    }

    /** Live links of every pool and alias among the draws. */
    public long allHits() {
        long hits = aliases;
        for (Counts c : counts.values()) {
            hits += c.hits;
        }
        return hits;
    }

    /**
     * Live links per branded domain, of {@code allLive} live links in all: each domain's share of
     * the records read, with the binomial error of that share (exact when every live link's record
     * was read and {@code allLive} is exact).
     */
    public Map<String, LiveLinks> domains(LiveLinks allLive) {
        Map<String, LiveLinks> out = new HashMap<>();
        if (recordsRead == 0) {
            return out;
        }
        boolean exact = allLive.error() == 0 && recordsRead == allHits();
        domainHits.forEach((domain, hits) -> {
            if (exact) {
                out.put(domain, new LiveLinks(hits, 0, allLive.method()));
            } else {
                LiveLinks share = estimate(allLive.count(), recordsRead, hits, allLive.method() + "; share of the " + recordsRead
                        + " records read");
                out.put(domain, new LiveLinks(share.count(), share.error() + Math.round((double) allLive.error() * hits / recordsRead),
                        share.method()));
            }
        });
        return out;
    }

    /** The pool's live links when every key was looked at: exact. */
    public LiveLinks exact(String pool, String method) {
        return new LiveLinks(counts.get(pool).hits, 0, method);
    }

    /** The pool's live links in a population of {@code population} keys, from these draws (see the class comment). */
    public LiveLinks estimate(String pool, long population, String method) {
        return estimate(population, draws, counts.get(pool).hits, method);
    }

    public static LiveLinks estimate(long population, long draws, long hits, String method) {
        if (draws == 0) {
            return new LiveLinks(0, population, method + "; nothing drawn");
        }
        double p = (double) hits / draws;
        long count = Math.round(population * p);
        long error = Math.round(1.96 * population * Math.sqrt(p * (1 - p) / draws));
        if (hits == 0) {
            // No hit says little about a rare pool: the rule of three bounds it at 3/n of the population (95 %).
            error = Math.round(3.0 * population / draws);
        }
        return new LiveLinks(count, error, method);
    }
}

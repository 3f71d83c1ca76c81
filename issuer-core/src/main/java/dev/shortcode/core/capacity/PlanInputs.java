package dev.shortcode.core.capacity;

import java.time.Duration;
import java.util.List;

/**
 * A what-if: a volume, its growth and its kind of links, and the code lengths to compare.
 *
 * @param dailyVolume     links created per day now
 * @param growthPerMonth  relative growth per month (0.05 = +5 %), compounded; may be negative
 * @param ttlMix          TTLs of the non-permanent links and their shares (normalised to sum 1)
 * @param permanentShare  share of links that are permanent, 0..1
 * @param permanentHotTtl how long a permanent link stays in the hot store after its last visit
 * @param lengths         code lengths to compare, each 2..11
 * @param urlLength       mean length of the long URLs, in bytes
 * @param redisBytesPerLink   measured Redis bytes per link, {@code NaN} to derive it from the URL length
 * @param archiveBytesPerLink measured archive bytes per link, {@code NaN} to derive it from the URL length
 */
public record PlanInputs(double dailyVolume, double growthPerMonth, List<TtlShare> ttlMix, double permanentShare,
        Duration permanentHotTtl, List<Integer> lengths, int urlLength, double redisBytesPerLink, double archiveBytesPerLink) {

    public PlanInputs {
        ttlMix = List.copyOf(ttlMix);
        lengths = List.copyOf(lengths);
    }
}

package dev.shortcode.core.capacity;

import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything the model needs to know about one pool, measured or configured.
 *
 * @param leasedThisEpoch ids taken from the pool's counter in the current epoch (issued codes
 *                        plus ids leased but not yet handed out): what brings the wrap closer
 * @param issuedPerDay    codes issued per UTC day (days without issues may be absent), today's partial
 * @param readings        recent readings of the shared counter, oldest first, for the last-hour rate
 * @param bytesPerLink    hot-store bytes per live link, {@code NaN} when not measured
 * @param ages            the age and kind of sampled live links, {@link LiveAges#NONE} when not sampled
 */
public record PoolInputs(String pool, int length, long capacity, Duration idleTtl, boolean permanent, long epoch,
        long leasedThisEpoch, Map<LocalDate, Long> issuedPerDay, List<CounterReading> readings, LiveLinks live,
        double bytesPerLink, LiveAges ages) {

    public PoolInputs {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        if (epoch < 0 || leasedThisEpoch < 0) {
            throw new IllegalArgumentException("negative epoch or counter: " + epoch + "/" + leasedThisEpoch);
        }
        issuedPerDay = new TreeMap<>(issuedPerDay);
        readings = List.copyOf(readings);
    }
}

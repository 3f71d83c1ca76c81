package dev.shortcode.core.store;

import dev.shortcode.core.capacity.LiveAges;
import dev.shortcode.core.capacity.LiveLinks;

/**
 * One pool as the stores see it.
 *
 * @param epoch           the counter's epoch
 * @param leasedThisEpoch the counter: ids leased in this epoch (at most the capacity)
 * @param live            live links of the pool in the hot store, estimated
 * @param bytesPerLink    mean bytes of a sampled link ({@code NaN} when none was sampled)
 * @param ages            age and kind of the sampled live links
 */
public record PoolFootprint(String pool, long epoch, long leasedThisEpoch, LiveLinks live, double bytesPerLink, LiveAges ages) {}

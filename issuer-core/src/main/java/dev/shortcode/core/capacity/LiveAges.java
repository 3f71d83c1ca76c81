package dev.shortcode.core.capacity;

/**
 * What a sample of live links says about their age and kind: how many of the sampled live links
 * were created longer than the pool's idle TTL ago (kept alive by visits) and how many are
 * permanent. The model turns the first into a survival rate past the TTL.
 */
public record LiveAges(long sampled, long olderThanTtl, long permanent) {

    public static final LiveAges NONE = new LiveAges(0, 0, 0);

    public LiveAges {
        if (sampled < 0 || olderThanTtl < 0 || permanent < 0 || olderThanTtl > sampled || permanent > sampled) {
            throw new IllegalArgumentException("inconsistent age sample " + sampled + "/" + olderThanTtl + "/" + permanent);
        }
    }
}

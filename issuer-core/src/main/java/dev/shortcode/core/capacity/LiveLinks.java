package dev.shortcode.core.capacity;

/**
 * How many links of a pool are live, as measured, with how it was measured.
 *
 * @param count  the estimate
 * @param error  half-width of its 95% interval (0 when counted exactly)
 * @param method how it was obtained, for people ("exact SCAN of 1,204 keys", "1,000 RANDOMKEY samples ...")
 */
public record LiveLinks(long count, long error, String method) {

    public static final LiveLinks UNKNOWN = new LiveLinks(0, 0, "not measured");

    public LiveLinks {
        if (count < 0 || error < 0) {
            throw new IllegalArgumentException("negative live estimate " + count + " ± " + error);
        }
    }
}

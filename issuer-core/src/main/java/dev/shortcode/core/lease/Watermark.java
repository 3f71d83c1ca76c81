package dev.shortcode.core.lease;

/**
 * The highest counter value a pool ever leased: ids below {@code highId} of {@code epoch} may have
 * been handed out. Ordered by epoch, then by id; a watermark only ever moves up.
 */
public record Watermark(long epoch, long highId) implements Comparable<Watermark> {

    public static final Watermark ZERO = new Watermark(0, 0);

    public Watermark {
        if (epoch < 0 || highId < 0) {
            throw new IllegalArgumentException("negative watermark " + epoch + "/" + highId);
        }
    }

    @Override
    public int compareTo(Watermark other) {
        int byEpoch = Long.compare(epoch, other.epoch);
        return byEpoch != 0 ? byEpoch : Long.compare(highId, other.highId);
    }

    public Watermark max(Watermark other) {
        return compareTo(other) >= 0 ? this : other;
    }
}

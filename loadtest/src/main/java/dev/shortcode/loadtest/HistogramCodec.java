package dev.shortcode.loadtest;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;

/**
 * A histogram as compressed base64 (HdrHistogram's own encoding), so the JSON result keeps the full
 * distribution and any percentile can be recomputed later, not just the ones in the table.
 */
final class HistogramCodec {

    private HistogramCodec() {
    }

    static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not an encoded HdrHistogram: " + e.getMessage(), e);
        }
    }
}

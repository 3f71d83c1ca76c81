package dev.shortcode.api.config;

import io.smallrye.config.WithDefault;
import java.time.Duration;

/** {@code shortcode.bulk.*}: one {@code POST /api/v1/links/bulk} stream (see {@link BulkOptions}). */
public interface BulkConfig {

    /** Longest line of a bulk body, in bytes; a longer line fails alone. 256..1048576. */
    @WithDefault(BulkOptions.DEFAULT_MAX_LINE_BYTES)
    int maxLineBytes();

    /** Lines sent to the stores together: one code issue per pool, one store round, one sync. 1..10000. */
    @WithDefault(BulkOptions.DEFAULT_CHUNK_LINES)
    int chunkLines();

    /**
     * Lines read and not yet answered beyond which a stream stops reading its body; at least
     * twice chunk-lines. What these lines hold stays alive across young collections: at 8000
     * it outgrew the survivor space of the heap a JVM sizes under -Xmx1g (12.6 MB), and the
     * promoted garbage cost full collections (docs/BENCHMARKS.md, Bulk stream).
     */
    @WithDefault(BulkOptions.DEFAULT_MAX_IN_FLIGHT_LINES)
    int maxInFlightLines();

    /** A stream waiting this long for its client's next bytes is closed. PT1S..PT1H. */
    @WithDefault(BulkOptions.DEFAULT_IDLE_TIMEOUT)
    Duration idleTimeout();

    /**
     * The longest a stream stays open, however busy: past it the stream reads no more lines,
     * answers those it read and ends (the client opens a new one for the rest, and its key is
     * authenticated again). The idle timeout restarts with every byte, so without this a
     * stream could run for ever. PT1S..P1D.
     */
    @WithDefault(BulkOptions.DEFAULT_MAX_STREAM_LIFETIME)
    Duration maxStreamLifetime();
}

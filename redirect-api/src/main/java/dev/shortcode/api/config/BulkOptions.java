package dev.shortcode.api.config;

import dev.shortcode.core.config.ConfigException;
import java.time.Duration;

/**
 * {@link BulkConfig} checked: the limits of one bulk stream. The defaults are the
 * {@code DEFAULT_*} constants, which the mapping and the tests read.
 *
 * @param maxLineBytes     longest line read; a longer one fails alone (its excess is never held)
 * @param chunkLines       lines sent to the stores together (one code issue per pool, one
 *                         {@code createAll}, one sync)
 * @param maxInFlightLines lines read and not yet answered, beyond which the stream stops reading;
 *                         with {@code maxLineBytes} it bounds a stream's memory
 * @param idleTimeout      a stream waiting for its client's next bytes this long is closed
 * @param maxStreamLifetime a stream open this long reads no more lines: it answers those read and
 *                         ends, however busy it is (the idle timeout alone restarts with every byte)
 */
public record BulkOptions(int maxLineBytes, int chunkLines, int maxInFlightLines, Duration idleTimeout, Duration maxStreamLifetime) {

    static final String PREFIX = "shortcode.bulk.";

    /** Default of {@code maxLineBytes}, as the key takes it. */
    public static final String DEFAULT_MAX_LINE_BYTES = "16384";
    /** Default of {@code chunkLines}, as the key takes it. */
    public static final String DEFAULT_CHUNK_LINES = "500";
    /** Default of {@code maxInFlightLines}, as the key takes it. */
    public static final String DEFAULT_MAX_IN_FLIGHT_LINES = "2000";
    /** Default of {@code idleTimeout}, as the key takes it. */
    public static final String DEFAULT_IDLE_TIMEOUT = "PT30S";
    /** Default of {@code maxStreamLifetime}, as the key takes it. */
    public static final String DEFAULT_MAX_STREAM_LIFETIME = "PT1H";

    public BulkOptions {
        if (maxLineBytes < 256 || maxLineBytes > 1 << 20) {
            throw new ConfigException(PREFIX + "max-line-bytes", maxLineBytes + " is outside 256..1048576");
        }
        if (chunkLines < 1 || chunkLines > 10_000) {
            throw new ConfigException(PREFIX + "chunk-lines", chunkLines + " is outside 1..10000");
        }
        if (maxInFlightLines < 2 * chunkLines || maxInFlightLines > 1_000_000) {
            throw new ConfigException(PREFIX + "max-in-flight-lines", maxInFlightLines + " must be at least twice chunk-lines ("
                    + 2 * chunkLines + ") and at most 1000000");
        }
        if (idleTimeout.compareTo(Duration.ofSeconds(1)) < 0 || idleTimeout.compareTo(Duration.ofHours(1)) > 0) {
            throw new ConfigException(PREFIX + "idle-timeout", idleTimeout + " is outside PT1S..PT1H");
        }
        if (maxStreamLifetime.compareTo(Duration.ofSeconds(1)) < 0 || maxStreamLifetime.compareTo(Duration.ofDays(1)) > 0) {
            throw new ConfigException(PREFIX + "max-stream-lifetime", maxStreamLifetime + " is outside PT1S..P1D");
        }
    }

    static BulkOptions from(BulkConfig config) {
        return new BulkOptions(config.maxLineBytes(), config.chunkLines(), config.maxInFlightLines(), config.idleTimeout(), config.maxStreamLifetime());
    }
}

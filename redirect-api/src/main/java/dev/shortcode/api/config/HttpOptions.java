package dev.shortcode.api.config;

import dev.shortcode.core.config.ConfigException;
import java.time.Duration;

/**
 * {@link HttpConfig}, checked: a value that makes no sense stops the start naming its key. The
 * defaults are the {@code DEFAULT_*} constants, which the mapping and the tests read (and, through
 * the header timeout's key, the management port's idle timeout in application.properties).
 */
public record HttpOptions(Duration headerTimeout, Duration bodyTimeout, int maxHeaderCount) {

    /** Default of {@code headerTimeout}, as the key takes it. */
    public static final String DEFAULT_HEADER_TIMEOUT = "PT10S";
    /** Default of {@code bodyTimeout}, as the key takes it. */
    public static final String DEFAULT_BODY_TIMEOUT = "PT30S";
    /** Default of {@code maxHeaderCount}, as the key takes it. */
    public static final String DEFAULT_MAX_HEADER_COUNT = "100";

    private static final Duration MAX_TIMEOUT = Duration.ofMinutes(10);

    public static HttpOptions from(HttpConfig config) {
        return new HttpOptions(timeout("shortcode.http.header-timeout", config.headerTimeout()),
                timeout("shortcode.http.body-timeout", config.bodyTimeout()), count(config.maxHeaderCount()));
    }

    private static Duration timeout(String key, Duration value) {
        if (value.toMillis() < 100 || value.compareTo(MAX_TIMEOUT) > 0) {
            throw new ConfigException(key, value + " must lie between PT0.1S and " + MAX_TIMEOUT);
        }
        return value;
    }

    private static int count(int value) {
        if (value < 10 || value > 10_000) {
            throw new ConfigException("shortcode.http.max-header-count", value + " must lie between 10 and 10000");
        }
        return value;
    }
}

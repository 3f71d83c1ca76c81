package dev.shortcode.api.http;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * Connection limits Quarkus has no setting for, under {@code shortcode.http.*} (environment
 * {@code SHORTCODE_HTTP_HEADER_TIMEOUT} and so on). Checked by {@link HttpLimits#from}.
 */
@ConfigMapping(prefix = "shortcode.http")
public interface HttpLimitsConfig {

    /**
     * How long a request's head (request line and headers) may take to arrive, counted from its
     * first byte on a new connection and from the previous response on a kept-alive one: so it is
     * also how long an idle kept-alive connection stays open.
     */
    @WithDefault("PT10S")
    Duration headerTimeout();

    /** How long a request's body may take to arrive once its head has. */
    @WithDefault("PT30S")
    Duration bodyTimeout();

    /** Most header fields in one request. */
    @WithDefault("100")
    int maxHeaderCount();
}

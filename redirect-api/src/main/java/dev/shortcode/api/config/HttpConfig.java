package dev.shortcode.api.config;

import io.smallrye.config.WithDefault;
import java.time.Duration;

/** {@code shortcode.http.*} (see {@link HttpOptions}). */
public interface HttpConfig {

    /**
     * How long a request's head (request line and headers) may take to arrive, counted from its
     * first byte on a new connection and from the previous response on a kept-alive one: so it is
     * also how long an idle kept-alive connection stays open. PT0.1S..PT10M. It holds on the
     * management port as on the public one.
     */
    @WithDefault(HttpOptions.DEFAULT_HEADER_TIMEOUT)
    Duration headerTimeout();

    /** How long a request's body may take to arrive once its head has; PT0.1S..PT10M. */
    @WithDefault(HttpOptions.DEFAULT_BODY_TIMEOUT)
    Duration bodyTimeout();

    /** Most header fields in one request, 10..10000. */
    @WithDefault(HttpOptions.DEFAULT_MAX_HEADER_COUNT)
    int maxHeaderCount();
}

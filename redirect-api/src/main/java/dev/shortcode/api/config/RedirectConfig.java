package dev.shortcode.api.config;

import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;

/** {@code shortcode.redirect.*}: how redirects treat what a visitor's request carries. */
public interface RedirectConfig {

    /** Default of a link's forwardQuery: whether the short URL's query string is merged into the target's. */
    @WithDefault("false")
    @WithConverter(StrictBooleanConverter.class)
    boolean forwardQuery();
}

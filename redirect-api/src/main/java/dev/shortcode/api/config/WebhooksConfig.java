package dev.shortcode.api.config;

import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;

/** {@code shortcode.webhooks.*} (see {@link WebhooksOptions}). */
public interface WebhooksConfig {

    /**
     * Whether webhook URLs may lead to loopback, private, link-local or metadata addresses, at
     * registration and when a delivery resolves the host: for tests and private installs.
     */
    @WithDefault(WebhooksOptions.DEFAULT_ALLOW_INTERNAL_ADDRESSES)
    @WithConverter(StrictBooleanConverter.class)
    boolean allowInternalAddresses();
}

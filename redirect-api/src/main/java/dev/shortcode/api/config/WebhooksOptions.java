package dev.shortcode.api.config;

/**
 * {@link WebhooksConfig} checked. The default is the {@code DEFAULT_*} constant, which the mapping reads.
 *
 * @param allowInternalAddresses whether webhook URLs may lead to internal addresses
 */
public record WebhooksOptions(boolean allowInternalAddresses) {

    /** Default of {@code allow-internal-addresses}, as the key takes it. */
    public static final String DEFAULT_ALLOW_INTERNAL_ADDRESSES = "false";

    static WebhooksOptions from(WebhooksConfig config) {
        return new WebhooksOptions(config.allowInternalAddresses());
    }
}

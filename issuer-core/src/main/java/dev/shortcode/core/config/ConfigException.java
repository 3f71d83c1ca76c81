package dev.shortcode.core.config;

/** A configuration value that stops the start; the message begins with the offending key. */
public final class ConfigException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String key;

    public ConfigException(String key, String problem) {
        super(key + ": " + problem);
        this.key = key;
    }

    /** The configuration key at fault, e.g. {@code shortcode.pools.short.length}. */
    public String key() {
        return key;
    }
}

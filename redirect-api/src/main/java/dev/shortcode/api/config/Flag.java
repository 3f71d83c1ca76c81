package dev.shortcode.api.config;

import dev.shortcode.core.config.ConfigException;
import java.util.Locale;

/** A true/false setting read strictly: the framework takes any unknown word for false, and a typo must stop the start. */
public final class Flag {

    private Flag() {}

    public static boolean parse(String key, String value) {
        String text = value.trim().toLowerCase(Locale.ROOT);
        if (!text.equals("true") && !text.equals("false")) {
            throw new ConfigException(key, "'" + value + "' must be true or false");
        }
        return text.equals("true");
    }
}

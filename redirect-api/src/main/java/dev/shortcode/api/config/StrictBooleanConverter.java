package dev.shortcode.api.config;

import java.util.Locale;
import org.eclipse.microprofile.config.spi.Converter;

/**
 * {@code true} or {@code false}, nothing else. The framework's own boolean converter reads any
 * unknown word ({@code ture}, {@code maybe}) as false; a typo must stop the start instead, and the
 * framework's message for a failed conversion names the key.
 */
public final class StrictBooleanConverter implements Converter<Boolean> {

    private static final long serialVersionUID = 1L;

    @Override
    public Boolean convert(String value) {
        String text = value.trim().toLowerCase(Locale.ROOT);
        if (text.equals("true")) {
            return Boolean.TRUE;
        }
        if (text.equals("false")) {
            return Boolean.FALSE;
        }
        throw new IllegalArgumentException("'" + value + "' must be true or false");
    }
}

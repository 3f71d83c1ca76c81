package dev.shortcode.client.source;

import java.util.List;
import java.util.Locale;

/**
 * Finds columns of a CSV header by name, case, spaces, dashes and underscores ignored, so that
 * {@code Long URL}, {@code long_url} and {@code long-url} are one name.
 */
final class HeaderColumns {

    private final List<String> names;

    HeaderColumns(List<String> header) {
        this.names = header.stream().map(HeaderColumns::normalize).toList();
    }

    /** The index of the first of {@code candidates} the header has, or -1. */
    int find(String... candidates) {
        for (String candidate : candidates) {
            int index = names.indexOf(normalize(candidate));
            if (index >= 0) {
                return index;
            }
        }
        return -1;
    }

    static String normalize(String name) {
        return name.trim().toLowerCase(Locale.ROOT).replaceAll("[\\s_\\-]+", "");
    }
}

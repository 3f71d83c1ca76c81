package dev.shortcode.loadtest;

import java.util.Locale;

/** What each scheduled request does against the service API (see {@link LinkApi}). */
public enum Scenario {
    /** {@code POST /api/v1/links}, one new link per request. */
    CREATE,
    /** {@code POST /api/v1/links/batch}, {@code --batch-size} new links per request. */
    BATCH,
    /** {@code GET /{code}} over the working set, popularity skewed by {@code --zipf}. */
    REDIRECT,
    /** Redirects and creates interleaved in the proportion {@code --mix}. */
    MIXED;

    /** The lower-case name used on the command line, in file names and in the JSON result. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses the command-line spelling; the message names the option because users see it verbatim. */
    public static Scenario parse(String text) {
        for (Scenario s : values()) {
            if (s.label().equalsIgnoreCase(text.trim())) {
                return s;
            }
        }
        throw new IllegalArgumentException(
                "--scenario must be one of create, batch, redirect, mixed (was '" + text + "')");
    }

    /** Whether this scenario sends redirects and so needs a working set of codes. */
    public boolean needsWorkingSet() {
        return this == REDIRECT || this == MIXED;
    }
}

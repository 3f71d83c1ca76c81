package dev.shortcode.loadtest;

/** Which latency-percentile plots to write next to the JSON result. */
public enum PlotFormat {
    /** Self-contained HTML page with an inline SVG (no scripts, opens anywhere). */
    HTML,
    /** PNG drawn with headless Java2D. */
    PNG,
    BOTH,
    NONE;

    boolean html() {
        return this == HTML || this == BOTH;
    }

    boolean png() {
        return this == PNG || this == BOTH;
    }
}

package dev.shortcode.loadtest;

/**
 * The few drawing operations a percentile plot needs, so one layout ({@link PercentilePlot})
 * renders to both SVG and a PNG. Coordinates are pixels from the top-left; colours are {@code #rrggbb}.
 */
interface PlotCanvas {

    enum Anchor { START, MIDDLE, END }

    void rect(double x, double y, double width, double height, String fill, String stroke);

    void line(double x1, double y1, double x2, double y2, String color, double width, boolean dashed);

    void polyline(double[] xs, double[] ys, String color, double width);

    /** @param rotated true to draw bottom-to-top (a y-axis title) */
    void text(double x, double y, String text, int size, String color, Anchor anchor, boolean bold, boolean rotated);
}

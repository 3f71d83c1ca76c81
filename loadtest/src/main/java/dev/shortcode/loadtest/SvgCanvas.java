package dev.shortcode.loadtest;

import java.util.Locale;

/** Renders a plot as an inline SVG element: plain markup, no scripts, no external resources. */
final class SvgCanvas implements PlotCanvas {

    private final StringBuilder svg = new StringBuilder();

    SvgCanvas(int width, int height) {
        svg.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                        + " font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">%n",
                width, height, width, height));
    }

    @Override
    public void rect(double x, double y, double width, double height, String fill, String stroke) {
        svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" stroke=\"%s\"/>%n",
                x, y, width, height, fill == null ? "none" : fill, stroke == null ? "none" : stroke));
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, String color, double width, boolean dashed) {
        svg.append(String.format(Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%.1f\"%s/>%n",
                x1, y1, x2, y2, color, width, dashed ? " stroke-dasharray=\"6 4\"" : ""));
    }

    @Override
    public void polyline(double[] xs, double[] ys, String color, double width) {
        svg.append("<polyline fill=\"none\" stroke=\"").append(color)
                .append(String.format(Locale.ROOT, "\" stroke-width=\"%.1f\" stroke-linejoin=\"round\" points=\"", width));
        for (int i = 0; i < xs.length; i++) {
            svg.append(String.format(Locale.ROOT, "%.1f,%.1f ", xs[i], ys[i]));
        }
        svg.append("\"/>\n");
    }

    @Override
    public void text(double x, double y, String text, int size, String color, Anchor anchor, boolean bold,
                     boolean rotated) {
        svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" fill=\"%s\" text-anchor=\"%s\"%s%s>",
                        x, y, size, color, anchor.name().toLowerCase(Locale.ROOT),
                        bold ? " font-weight=\"bold\"" : "",
                        rotated ? String.format(Locale.ROOT, " transform=\"rotate(-90 %.1f %.1f)\"", x, y) : ""))
                .append(Html.escape(text)).append("</text>\n");
    }

    String finish() {
        return svg + "</svg>\n";
    }
}

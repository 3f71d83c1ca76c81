package dev.shortcode.loadtest;

import javax.imageio.ImageIO;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Writes the latency-percentile plot of a run, because people would rather look than read:
 * a self-contained HTML page (inline SVG plus the result table, no scripts, no external files)
 * and/or a PNG drawn with headless Java2D.
 */
final class PlotFiles {

    static final String CORRECTED_COLOR = "#d32f2f";
    static final String UNCORRECTED_COLOR = "#1565c0";

    private PlotFiles() {
    }

    static PercentilePlot plotOf(RunSummary s, Double boundMillis) {
        String title = String.format(Locale.ROOT, "%s at %.1f req/s", ResultTable.title(s),
                RunSummary.roundRate(s.requestedRate()));
        String subtitle = String.format(Locale.ROOT,
                "%s  |  achieved %.1f req/s  |  errors %d  |  %s measured, %d connections  |  %s",
                s.target(), s.achievedRate(), s.errorTotal(), PercentilePlot.number(s.durationSeconds()) + "s",
                s.connections(), s.startedAt());
        return new PercentilePlot(title, subtitle, List.of(
                PercentileCurve.of("corrected: from intended send time (p99 "
                        + PercentilePlot.number(LatencyPercentiles.millis(s.corrected().p99Micros())) + " ms)",
                        CORRECTED_COLOR, s.correctedHistogram()),
                PercentileCurve.of("uncorrected: from actual send (p99 "
                        + PercentilePlot.number(LatencyPercentiles.millis(s.uncorrected().p99Micros())) + " ms)",
                        UNCORRECTED_COLOR, s.uncorrectedHistogram())),
                boundMillis);
    }

    /** @param details preformatted text shown under the plot (the result table) */
    static void writeHtml(Path file, PercentilePlot plot, String details) {
        SvgCanvas canvas = new SvgCanvas(PercentilePlot.WIDTH, PercentilePlot.HEIGHT);
        plot.draw(canvas);
        String html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<title>" + Html.escape(plot.title()) + "</title>\n"
                + "<style>body{font-family:DejaVu Sans,Helvetica,Arial,sans-serif;margin:24px;color:#222}"
                + "pre{background:#f6f6f6;padding:12px;border:1px solid #ddd;overflow-x:auto}</style>\n"
                + "</head>\n<body>\n"
                + canvas.finish()
                + "<pre>" + Html.escape(details) + "</pre>\n"
                + "</body>\n</html>\n";
        try {
            Files.writeString(file, html, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    static void writePng(Path file, PercentilePlot plot) {
        Java2dCanvas canvas = new Java2dCanvas(PercentilePlot.WIDTH, PercentilePlot.HEIGHT);
        plot.draw(canvas);
        try {
            if (!ImageIO.write(canvas.finish(), "png", file.toFile())) {
                throw new IllegalStateException("no PNG writer in this JDK");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}

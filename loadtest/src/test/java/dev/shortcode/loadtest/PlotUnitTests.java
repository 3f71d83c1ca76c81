package dev.shortcode.loadtest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class PlotUnitTests {

    @Test
    void percentileAxisIsLogOfOneOverTail() {
        assertThat(PercentileCurve.x(0)).isZero();
        assertThat(PercentileCurve.x(90)).isCloseTo(1, within(1e-9));
        assertThat(PercentileCurve.x(99.9)).isCloseTo(3, within(1e-9));
        assertThat(PercentileCurve.x(100)).isInfinite();
        assertThat(PercentilePlot.percentileLabel(0)).isEqualTo("0%");
        assertThat(PercentilePlot.percentileLabel(1)).isEqualTo("90%");
        assertThat(PercentilePlot.percentileLabel(2)).isEqualTo("99%");
        assertThat(PercentilePlot.percentileLabel(4)).isEqualTo("99.99%");
        assertThat(PercentilePlot.niceCeiling(0.73)).isEqualTo(1);
        assertThat(PercentilePlot.niceCeiling(180)).isEqualTo(200);
        assertThat(PercentilePlot.niceCeiling(23)).isEqualTo(25);
    }

    @Test
    void htmlIsSelfContainedAndPngIsAnImage(@TempDir Path dir) throws Exception {
        RunSummary summary = Summaries.summary(1000, 1000, 5_000, Map.of());
        PercentilePlot plot = PlotFiles.plotOf(summary, 4.0);
        assertThat(plot.decades()).isBetween(3, 4); // 1000 samples resolve about three nines

        Path html = dir.resolve("p.html");
        PlotFiles.writeHtml(html, plot, "<table & text>");
        String page = Files.readString(html);
        assertThat(page).startsWith("<!DOCTYPE html>").contains("<svg", "<polyline", "99.9%", "&lt;table &amp; text&gt;",
                PlotFiles.CORRECTED_COLOR, PlotFiles.UNCORRECTED_COLOR, "bound 4 ms");
        // Nothing to fetch: no scripts, no external stylesheets or images.
        assertThat(page).doesNotContain("<script", "<link", "src=", "href=");

        Path png = dir.resolve("p.png");
        PlotFiles.writePng(png, plot);
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(PercentilePlot.WIDTH);
        assertThat(image.getHeight()).isEqualTo(PercentilePlot.HEIGHT);
        assertThat(countColor(image, 0xd32f2f)).isGreaterThan(100); // the corrected curve was drawn
    }

    private static int countColor(BufferedImage image, int rgb) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xffffff) == rgb) {
                    n++;
                }
            }
        }
        return n;
    }
}

package dev.shortcode.loadtest;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * A latency-by-percentile chart: one curve per histogram (corrected and uncorrected), x on the
 * 1/(1-p) log scale, y linear in ms from 0, an optional horizontal bound (the p99 of a max-rate
 * search). Pure layout: draws on any {@link PlotCanvas}.
 *
 * @param boundMillis a horizontal reference line, or null
 */
record PercentilePlot(String title, String subtitle, List<PercentileCurve> curves, Double boundMillis) {

    static final int WIDTH = 1000;
    static final int HEIGHT = 600;
    private static final double LEFT = 80;
    private static final double RIGHT = 30;
    private static final double TOP = 72;
    private static final double BOTTOM = 60;
    private static final String GRID = "#dddddd";
    private static final String INK = "#222222";

    PercentilePlot {
        curves = List.copyOf(curves);
    }

    /** Nines to show: enough for the sample count (n samples resolve about log10(n) nines), 2..6. */
    int decades() {
        double finiteMax = curves.stream().flatMap(c -> c.points().stream())
                .mapToDouble(p -> PercentileCurve.x(p.percentile()))
                .filter(Double::isFinite).max().orElse(2);
        return (int) Math.max(2, Math.min(6, Math.ceil(finiteMax + 1e-9)));
    }

    double yMax() {
        double max = curves.stream().mapToDouble(PercentileCurve::maxMillis).max().orElse(0);
        if (boundMillis != null) {
            max = Math.max(max, boundMillis);
        }
        return niceCeiling(max * 1.05);
    }

    void draw(PlotCanvas c) {
        double plotW = WIDTH - LEFT - RIGHT;
        double plotH = HEIGHT - TOP - BOTTOM;
        int decades = decades();
        double yMax = yMax();
        c.rect(0, 0, WIDTH, HEIGHT, "#ffffff", null);
        c.text(LEFT, 28, title, 18, INK, PlotCanvas.Anchor.START, true, false);
        c.text(LEFT, 50, subtitle, 13, "#555555", PlotCanvas.Anchor.START, false, false);

        for (int d = 0; d <= decades; d++) {
            double x = LEFT + plotW * d / decades;
            c.line(x, TOP, x, TOP + plotH, GRID, 1, false);
            c.text(x, TOP + plotH + 20, percentileLabel(d), 12, INK, PlotCanvas.Anchor.MIDDLE, false, false);
        }
        double step = niceStep(yMax / 5);
        for (double v = 0; v <= yMax + step / 1e6; v += step) {
            double y = TOP + plotH - plotH * v / yMax;
            c.line(LEFT, y, LEFT + plotW, y, GRID, 1, false);
            c.text(LEFT - 8, y + 4, number(v), 12, INK, PlotCanvas.Anchor.END, false, false);
        }
        c.rect(LEFT, TOP, plotW, plotH, null, "#888888");
        c.text(LEFT + plotW / 2, HEIGHT - 14, "percentile (log scale of 1/(1-p))", 13, INK,
                PlotCanvas.Anchor.MIDDLE, false, false);
        c.text(24, TOP + plotH / 2, "latency (ms)", 13, INK, PlotCanvas.Anchor.MIDDLE, false, true);

        if (boundMillis != null && boundMillis <= yMax) {
            double y = TOP + plotH - plotH * boundMillis / yMax;
            c.line(LEFT, y, LEFT + plotW, y, "#2e7d32", 1.5, true);
            c.text(LEFT + plotW - 4, y - 5, "bound " + number(boundMillis) + " ms", 12, "#2e7d32",
                    PlotCanvas.Anchor.END, false, false);
        }

        for (PercentileCurve curve : curves) {
            int n = curve.points().size();
            if (n == 0) {
                continue;
            }
            double[] xs = new double[n];
            double[] ys = new double[n];
            for (int i = 0; i < n; i++) {
                PercentileCurve.Point p = curve.points().get(i);
                double x = Math.min(decades, PercentileCurve.x(p.percentile()));
                xs[i] = LEFT + plotW * x / decades;
                ys[i] = TOP + plotH - plotH * Math.min(p.millis(), yMax) / yMax;
            }
            c.polyline(xs, ys, curve.color(), 2);
        }

        double legendY = TOP + 18;
        for (PercentileCurve curve : curves) {
            c.line(LEFT + 14, legendY - 4, LEFT + 44, legendY - 4, curve.color(), 3, false);
            c.text(LEFT + 52, legendY, curve.label(), 13, INK, PlotCanvas.Anchor.START, false, false);
            legendY += 20;
        }
    }

    /** 0 → "0%", 1 → "90%", 2 → "99%", 3 → "99.9%": the percentile at x = decade. */
    static String percentileLabel(int decade) {
        if (decade == 0) {
            return "0%";
        }
        return BigDecimal.valueOf(100).subtract(BigDecimal.ONE.movePointLeft(decade - 2))
                .stripTrailingZeros().toPlainString() + "%";
    }

    static double niceCeiling(double v) {
        if (!(v > 0)) {
            return 1;
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * magnitude >= v) {
                return m * magnitude;
            }
        }
        return 10 * magnitude;
    }

    static double niceStep(double v) {
        return niceCeiling(v);
    }

    static String number(double v) {
        if (v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        String s = String.format(Locale.ROOT, "%.3f", v).replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}

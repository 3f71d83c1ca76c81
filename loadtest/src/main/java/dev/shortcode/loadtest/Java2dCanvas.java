package dev.shortcode.loadtest;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;

/** Renders a plot into an image with Java2D; works headless (no display needed). */
final class Java2dCanvas implements PlotCanvas {

    private final BufferedImage image;
    private final Graphics2D g;

    Java2dCanvas(int width, int height) {
        image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
    }

    @Override
    public void rect(double x, double y, double width, double height, String fill, String stroke) {
        Rectangle2D r = new Rectangle2D.Double(x, y, width, height);
        if (fill != null) {
            g.setColor(Color.decode(fill));
            g.fill(r);
        }
        if (stroke != null) {
            g.setColor(Color.decode(stroke));
            g.setStroke(new BasicStroke(1));
            g.draw(r);
        }
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, String color, double width, boolean dashed) {
        g.setColor(Color.decode(color));
        g.setStroke(dashed
                ? new BasicStroke((float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0)
                : new BasicStroke((float) width));
        g.draw(new Line2D.Double(x1, y1, x2, y2));
    }

    @Override
    public void polyline(double[] xs, double[] ys, String color, double width) {
        Path2D.Double path = new Path2D.Double();
        path.moveTo(xs[0], ys[0]);
        for (int i = 1; i < xs.length; i++) {
            path.lineTo(xs[i], ys[i]);
        }
        g.setColor(Color.decode(color));
        g.setStroke(new BasicStroke((float) width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(path);
    }

    @Override
    public void text(double x, double y, String text, int size, String color, Anchor anchor, boolean bold,
                     boolean rotated) {
        g.setFont(new Font(Font.SANS_SERIF, bold ? Font.BOLD : Font.PLAIN, size));
        g.setColor(Color.decode(color));
        FontMetrics metrics = g.getFontMetrics();
        int w = metrics.stringWidth(text);
        double dx = switch (anchor) {
            case START -> 0;
            case MIDDLE -> -w / 2.0;
            case END -> -w;
        };
        AffineTransform saved = g.getTransform();
        g.translate(x, y);
        if (rotated) {
            g.rotate(-Math.PI / 2);
        }
        g.drawString(text, (float) dx, 0f);
        g.setTransform(saved);
    }

    BufferedImage finish() {
        g.dispose();
        return image;
    }
}

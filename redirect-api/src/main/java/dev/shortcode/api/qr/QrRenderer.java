package dev.shortcode.api.qr;

import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.client.j2se.MatrixToImageConfig;
import com.google.zxing.client.j2se.MatrixToImageWriter;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.qrcode.encoder.ByteMatrix;
import com.google.zxing.qrcode.encoder.Encoder;
import com.google.zxing.qrcode.encoder.QRCode;
import dev.shortcode.api.error.InvalidRequestException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * Draws a QR code. Both formats start from ZXing's {@link Encoder} (the version, mask and modules
 * for the content and error correction), then:
 * <ul>
 *   <li>PNG: the modules scaled by a whole number of pixels each, centred in a square of
 *       {@code size} pixels ({@code MatrixToImageWriter}, in the spec's colours).
 *   <li>SVG: one {@code <rect>} for the background and one {@code <path>} for every dark module,
 *       a horizontal run of modules drawn as one rectangle ({@code M x y h n v1 h -n z}), in a
 *       view box one unit per module, scaled to {@code size} pixels. A short link's code is about a
 *       kilobyte.
 * </ul>
 * In both, a {@code size} that leaves fewer than {@value #MIN_PIXELS_PER_MODULE} pixels per module
 * (margin included) is refused naming {@code size}: at one pixel a module even ZXing's own reader
 * misses codes, and a phone's camera does worse. CPU-bound (milliseconds, a few hundred for a
 * 2048 px PNG; measured by QrRenderBenchmark): callers run it off the event loop.
 */
public final class QrRenderer {

    static final int MIN_PIXELS_PER_MODULE = 2;

    private QrRenderer() {}

    public static byte[] render(String content, QrSpec spec) {
        ByteMatrix modules = encode(content, spec).getMatrix();
        int width = modules.getWidth() + 2 * spec.margin();
        if (width * MIN_PIXELS_PER_MODULE > spec.size()) {
            throw new InvalidRequestException("invalid-qr", "size " + spec.size() + " is too small for this code: with margin "
                    + spec.margin() + " it is " + width + " modules wide, and " + MIN_PIXELS_PER_MODULE + " px per module need at least "
                    + width * MIN_PIXELS_PER_MODULE + " px; ask for a larger size, a smaller margin or a lower ecc");
        }
        return spec.format() == QrSpec.Format.PNG ? png(modules, spec) : svg(modules, spec);
    }

    private static QRCode encode(String content, QrSpec spec) {
        try {
            return Encoder.encode(content, spec.ecc(), Map.of(EncodeHintType.CHARACTER_SET, StandardCharsets.UTF_8.name()));
        } catch (WriterException e) {
            throw new InvalidRequestException("invalid-qr", "ecc " + spec.ecc() + " cannot hold this link's short URL: " + e.getMessage());
        }
    }

    private static byte[] png(ByteMatrix modules, QrSpec spec) {
        int width = modules.getWidth() + 2 * spec.margin();
        int scale = spec.size() / width;
        int offset = (spec.size() - modules.getWidth() * scale) / 2;
        BitMatrix image = new BitMatrix(spec.size(), spec.size());
        for (int y = 0; y < modules.getHeight(); y++) {
            for (int x = 0; x < modules.getWidth(); x++) {
                if (modules.get(x, y) == 1) {
                    image.setRegion(offset + x * scale, offset + y * scale, scale, scale);
                }
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
        try {
            MatrixToImageWriter.writeToStream(image, "PNG", out, new MatrixToImageConfig(0xFF000000 | spec.fg(), 0xFF000000 | spec.bg()));
        } catch (IOException e) {
            throw new UncheckedIOException("writing a PNG into memory", e);
        }
        return out.toByteArray();
    }

    private static byte[] svg(ByteMatrix modules, QrSpec spec) {
        int margin = spec.margin();
        int width = modules.getWidth() + 2 * margin;
        StringBuilder svg = new StringBuilder(2048)
                .append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"").append(spec.size())
                .append("\" height=\"").append(spec.size()).append("\" viewBox=\"0 0 ").append(width).append(' ').append(width)
                .append("\" shape-rendering=\"crispEdges\"><rect width=\"").append(width).append("\" height=\"").append(width)
                .append("\" fill=\"").append(hex(spec.bg())).append("\"/><path fill=\"").append(hex(spec.fg())).append("\" d=\"");
        for (int y = 0; y < modules.getHeight(); y++) {
            int x = 0;
            while (x < modules.getWidth()) {
                if (modules.get(x, y) != 1) {
                    x++;
                    continue;
                }
                int run = 1;
                while (x + run < modules.getWidth() && modules.get(x + run, y) == 1) {
                    run++;
                }
                svg.append('M').append(x + margin).append(' ').append(y + margin).append('h').append(run).append("v1h-").append(run).append('z');
                x += run;
            }
        }
        return svg.append("\"/></svg>\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String hex(int rgb) {
        return String.format(Locale.ROOT, "#%06x", rgb);
    }
}

package dev.shortcode.api.qr;

import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How a QR code is drawn, read from a request's query and {@code Accept}: each bad value is a
 * 400 naming its parameter, and so is a parameter this endpoint does not take.
 *
 * @param size   the image's width and height in pixels, {@value #MIN_SIZE} to {@value #MAX_SIZE}
 * @param margin the quiet zone around the code, in modules, 0 to {@value #MAX_MARGIN} (4 is what
 *               the standard asks for)
 * @param fg     the modules' colour, 0xRRGGBB
 * @param bg     the background's colour, 0xRRGGBB
 */
public record QrSpec(Format format, int size, int margin, ErrorCorrectionLevel ecc, int fg, int bg) {

    public static final int MIN_SIZE = 128;
    public static final int MAX_SIZE = 2048;
    public static final int DEFAULT_SIZE = 512;
    public static final int MAX_MARGIN = 16;
    public static final int DEFAULT_MARGIN = 4;
    /**
     * The least WCAG contrast ratio between the colours. Scanners threshold the image into dark and
     * light; at 3:1 (grey #767676 on white is 4.5:1) cameras in poor light still tell them apart.
     */
    public static final double MIN_CONTRAST = 3.0;

    static final Set<String> PARAMETERS = Set.of("format", "size", "margin", "ecc", "fg", "bg");

    public enum Format {
        PNG("image/png"), SVG("image/svg+xml");

        private final String mediaType;

        Format(String mediaType) {
            this.mediaType = mediaType;
        }

        public String mediaType() {
            return mediaType;
        }
    }

    /** The default drawing: PNG, 512 px, margin 4, ecc M, black on white. */
    public static final QrSpec DEFAULT = new QrSpec(Format.PNG, DEFAULT_SIZE, DEFAULT_MARGIN, ErrorCorrectionLevel.M, 0x000000, 0xFFFFFF);

    /**
     * @param query  the request's query parameters
     * @param accept its Accept header (may be null): {@code image/svg+xml} without {@code image/png},
     *               {@code image/*} or {@code *}{@code /*} asks for SVG when {@code format} is not given
     * @throws InvalidRequestException naming the parameter
     */
    public static QrSpec parse(Map<String, List<String>> query, String accept) {
        for (Map.Entry<String, List<String>> p : query.entrySet()) {
            if (!PARAMETERS.contains(p.getKey())) {
                throw invalid(p.getKey(), "is not a parameter of a QR code; they are format, size, margin, ecc, fg and bg");
            }
            if (p.getValue().size() > 1) {
                throw invalid(p.getKey(), "is given " + p.getValue().size() + " times; give it once");
            }
        }
        Format format = format(one(query, "format"), accept);
        int size = number(query, "size", DEFAULT_SIZE, MIN_SIZE, MAX_SIZE);
        int margin = number(query, "margin", DEFAULT_MARGIN, 0, MAX_MARGIN);
        ErrorCorrectionLevel ecc = ecc(one(query, "ecc"));
        int fg = colour(query, "fg", DEFAULT.fg);
        int bg = colour(query, "bg", DEFAULT.bg);
        double fgLuminance = luminance(fg);
        double bgLuminance = luminance(bg);
        if (fgLuminance >= bgLuminance) {
            throw invalid("fg", "must be darker than bg: many scanners read only dark modules on a light background");
        }
        double contrast = (bgLuminance + 0.05) / (fgLuminance + 0.05);
        if (contrast < MIN_CONTRAST) {
            throw invalid("fg", String.format(Locale.ROOT, "and bg have a contrast of %.2f:1, too low to scan; at least %.1f:1 is needed "
                    + "(black on white is 21:1)", contrast, MIN_CONTRAST));
        }
        return new QrSpec(format, size, margin, ecc, fg, bg);
    }

    /** This drawing as text, for cache keys and ETags: every field, in a fixed order. */
    String canonical() {
        return format + "/" + size + "/" + margin + "/" + ecc + "/" + String.format(Locale.ROOT, "%06x/%06x", fg, bg);
    }

    private static String one(Map<String, List<String>> query, String name) {
        List<String> values = query.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    private static Format format(String value, String accept) {
        if (value == null) {
            // SVG only for a client that asks for it and would not take a PNG: a browser's <img> accepts image/* and gets PNG.
            boolean svg = accept != null && accept.contains("image/svg+xml") && !accept.contains("image/png") && !accept.contains("image/*")
                    && !accept.contains("*/*");
            return svg ? Format.SVG : Format.PNG;
        }
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "png" -> Format.PNG;
            case "svg" -> Format.SVG;
            default -> throw invalid("format", "must be png or svg; got '" + Echo.of(value) + "'");
        };
    }

    private static int number(Map<String, List<String>> query, String name, int absent, int min, int max) {
        String value = one(query, name);
        if (value == null) {
            return absent;
        }
        int n;
        try {
            n = value.length() > 6 ? Integer.MAX_VALUE : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw invalid(name, "must be a whole number from " + min + " to " + max + "; got '" + Echo.of(value) + "'");
        }
        if (n < min || n > max) {
            throw invalid(name, "must be from " + min + " to " + max + "; got " + Echo.of(value));
        }
        return n;
    }

    private static ErrorCorrectionLevel ecc(String value) {
        if (value == null) {
            return DEFAULT.ecc;
        }
        return switch (value.toUpperCase(Locale.ROOT)) {
            case "L" -> ErrorCorrectionLevel.L;
            case "M" -> ErrorCorrectionLevel.M;
            case "Q" -> ErrorCorrectionLevel.Q;
            case "H" -> ErrorCorrectionLevel.H;
            default -> throw invalid("ecc", "must be L, M, Q or H (7, 15, 25 or 30 % of the code may be lost); got '"
                    + Echo.of(value) + "'");
        };
    }

    private static int colour(Map<String, List<String>> query, String name, int absent) {
        String value = one(query, name);
        if (value == null) {
            return absent;
        }
        String hex = value.startsWith("#") ? value.substring(1) : value;
        if (!hex.matches("[0-9A-Fa-f]{6}")) {
            throw invalid(name, "must be a colour as 6 hex digits, e.g. 1a2b3c (or %231a2b3c); got '" + Echo.of(value) + "'");
        }
        return Integer.parseInt(hex, 16);
    }

    /** WCAG 2 relative luminance of 0xRRGGBB. */
    static double luminance(int rgb) {
        return 0.2126 * linear(rgb >> 16 & 0xFF) + 0.7152 * linear(rgb >> 8 & 0xFF) + 0.0722 * linear(rgb & 0xFF);
    }

    private static double linear(int channel) {
        double c = channel / 255.0;
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }

    private static InvalidRequestException invalid(String parameter, String detail) {
        return new InvalidRequestException("invalid-qr", parameter + " " + detail);
    }
}

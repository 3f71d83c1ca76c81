package dev.shortcode.api.page;

/**
 * Escaping for the service's small HTML pages. Every value a page shows or carries in an
 * attribute goes through {@link #escape}: links hold whatever their creator typed, within the URL
 * and target rules, and a page must never let it become markup or script.
 */
public final class Html {

    /** Every page's viewport: laid out for the device's width, so that a phone shows it readable. */
    public static final String VIEWPORT = "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">";

    private Html() {}

    /**
     * {@code value} safe as element text and as a double- or single-quoted attribute value:
     * {@code & < > " '} become character references. Null becomes the empty string.
     */
    public static String escape(String value) {
        if (value == null) {
            return "";
        }
        StringBuilder out = null;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            String replacement = switch (c) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> "&quot;";
                case '\'' -> "&#39;";
                default -> null;
            };
            if (replacement != null) {
                if (out == null) {
                    out = new StringBuilder(value.length() + 16).append(value, 0, i);
                }
                out.append(replacement);
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? value : out.toString();
    }
}

package dev.shortcode.api.redirect;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The languages a visitor prefers most, from {@code Accept-Language} (RFC 9110 §12.5.4): the tags
 * of the highest quality, lower-cased, in the header's order. A rule by language looks at these
 * only: a visitor who sends {@code en-US,en;q=0.9,fr;q=0.5} reads English first, and a French rule
 * should not take them. {@code *} and tags with {@code q=0} are never preferred.
 */
final class AcceptLanguage {

    /** Headers longer than this are cut: nobody lists that many languages, and parsing stays bounded. */
    static final int MAX_HEADER = 512;

    private AcceptLanguage() {}

    static List<String> preferred(String header) {
        if (header == null || header.isBlank()) {
            return List.of();
        }
        String text = header.length() > MAX_HEADER ? header.substring(0, MAX_HEADER) : header;
        List<String> best = new ArrayList<>(2);
        double bestQ = 0;
        for (String item : text.split(",")) {
            String[] parts = item.split(";");
            String tag = parts[0].trim().toLowerCase(Locale.ROOT);
            if (tag.isEmpty() || tag.equals("*")) {
                continue;
            }
            double q = quality(parts);
            if (q > bestQ) {
                best.clear();
                bestQ = q;
            }
            if (q == bestQ && q > 0) {
                best.add(tag);
            }
        }
        return best;
    }

    /** Whether a visitor's tag falls under a rule's: equal, or the rule's followed by a subtag ({@code en} holds {@code en-gb}). */
    static boolean matches(String ruleTag, String visitorTag) {
        return visitorTag.startsWith(ruleTag) && (visitorTag.length() == ruleTag.length() || visitorTag.charAt(ruleTag.length()) == '-');
    }

    private static double quality(String[] parts) {
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].trim();
            if (p.startsWith("q=") || p.startsWith("Q=")) {
                try {
                    double q = Double.parseDouble(p.substring(2).trim());
                    return q >= 0 && q <= 1 ? q : 0;
                } catch (NumberFormatException e) {
                    return 0; // a weight that is no number: not a preference
                }
            }
        }
        return 1;
    }
}

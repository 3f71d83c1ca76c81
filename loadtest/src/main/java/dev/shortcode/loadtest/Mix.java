package dev.shortcode.loadtest;

/**
 * The redirect:create proportion of the {@code mixed} scenario, e.g. {@code 95:5}.
 * Kept as two weights rather than a percentage so that "9:1" and "90:10" both read naturally.
 */
public record Mix(int redirectWeight, int createWeight) {

    public Mix {
        if (redirectWeight < 0 || createWeight < 0) {
            throw new IllegalArgumentException("--mix weights must be >= 0 (was " + redirectWeight + ":" + createWeight + ")");
        }
        if (redirectWeight + createWeight == 0) {
            throw new IllegalArgumentException("--mix needs at least one positive weight (was 0:0)");
        }
    }

    /** Parses {@code R:C}; any malformed text fails with a message naming {@code --mix}. */
    public static Mix parse(String text) {
        String[] parts = text.trim().split(":", -1);
        if (parts.length != 2) {
            throw new IllegalArgumentException("--mix must look like 95:5 (redirect:create), was '" + text + "'");
        }
        try {
            return new Mix(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--mix must look like 95:5 (redirect:create), was '" + text + "'", e);
        }
    }

    /** The share of requests that are redirects, in [0, 1]. */
    public double redirectShare() {
        return (double) redirectWeight / (redirectWeight + createWeight);
    }

    @Override
    public String toString() {
        return redirectWeight + ":" + createWeight;
    }
}

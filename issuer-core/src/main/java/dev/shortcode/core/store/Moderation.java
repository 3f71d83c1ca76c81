package dev.shortcode.core.store;

/** The stored text form of the moderation records: tab-separated fields, free text cleaned of tabs and controls and capped. */
final class Moderation {

    /** Longest reason kept: a report is a sentence, not an essay. */
    static final int MAX_TEXT = 500;

    private Moderation() {}

    static String clean(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), MAX_TEXT));
        text.codePoints().limit(MAX_TEXT).forEach(cp -> out.appendCodePoint(Character.isISOControl(cp) ? ' ' : cp));
        return out.toString().strip();
    }

    static String join(String... fields) {
        for (String f : fields) {
            if (f.indexOf('\t') >= 0 || f.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("a moderation field holds a tab or newline");
            }
        }
        return String.join("\t", fields);
    }

    static String[] split(String stored, int fields) {
        String[] f = stored.split("\t", -1);
        if (f.length != fields) {
            throw new IllegalArgumentException("corrupt moderation record: " + f.length + " fields, " + fields + " expected");
        }
        return f;
    }
}

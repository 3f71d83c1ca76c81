package dev.shortcode.client.source;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Another tool's titles and tags, made acceptable to the service rather than refused line by line:
 * a title is cleaned of control characters and cut to the service's 200 characters; a tag is
 * lower-cased, its accents dropped, its spaces become {@code -}, characters outside {@code [a-z0-9_:.-]} are dropped,
 * it is cut to 50 characters, and at most 20 distinct tags are kept, in their order.
 */
final class ImportedMeta {

    static final int MAX_TITLE = 200;
    static final int MAX_TAG = 50;
    static final int MAX_TAGS = 20;
    /** How tools join tags in one CSV cell: commas, semicolons or bars. */
    private static final Pattern TAG_SEPARATORS = Pattern.compile("[,;|]");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern NOT_TAG = Pattern.compile("[^a-z0-9_:.-]");
    /** Accents, once letters are decomposed: {@code été} becomes {@code ete}, not {@code t}. */
    private static final Pattern MARKS = Pattern.compile("\\p{M}+");

    private ImportedMeta() {}

    /** The title as the service takes it, or null for none. */
    static String title(String given) {
        if (given == null) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        Normalizer.normalize(given, Normalizer.Form.NFC).codePoints()
                .filter(cp -> !Character.isISOControl(cp) && Character.getType(cp) != Character.FORMAT && Character.isDefined(cp))
                .limit(MAX_TITLE).forEach(out::appendCodePoint);
        String title = out.toString().strip();
        return title.isEmpty() ? null : title;
    }

    /** The tags of one CSV cell, as {@link #tags(List)} makes them. */
    static List<String> tags(String cell) {
        return cell == null ? List.of() : tags(List.of(TAG_SEPARATORS.split(cell)));
    }

    /** The tags as the service takes them, empty for none. */
    static List<String> tags(List<String> given) {
        Set<String> kept = new LinkedHashSet<>();
        for (String raw : given) {
            if (raw == null) {
                continue;
            }
            String plain = MARKS.matcher(Normalizer.normalize(raw.strip().toLowerCase(Locale.ROOT), Normalizer.Form.NFD)).replaceAll("");
            String tag = NOT_TAG.matcher(SPACES.matcher(plain).replaceAll("-")).replaceAll("");
            if (tag.length() > MAX_TAG) {
                tag = tag.substring(0, MAX_TAG);
            }
            if (!tag.isEmpty() && kept.size() < MAX_TAGS) {
                kept.add(tag);
            }
        }
        return new ArrayList<>(kept);
    }
}

package dev.shortcode.api.link;

import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.core.store.LinkMeta;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules of a link's title, tags and external id, for creates and edits alike: a title of at
 * most {@value #MAX_TITLE} characters without control or invisible formatting characters (stored
 * in NFC); at most {@value #MAX_TAGS} tags of 1 to {@value #MAX_TAG} of {@code [a-z0-9_:.-]},
 * compared and stored lower-cased, a repeat dropped; an external id of 1 to
 * {@value #MAX_EXTERNAL_ID} visible ASCII characters. A refusal names the field.
 */
public final class LinkMetaPolicy {

    public static final int MAX_TITLE = 200;
    public static final int MAX_TAGS = 20;
    public static final int MAX_TAG = 50;
    public static final int MAX_EXTERNAL_ID = 128;
    private static final Pattern TAG = Pattern.compile("[a-z0-9_:.-]{1," + MAX_TAG + "}");
    private static final Pattern EXTERNAL_ID = Pattern.compile("[\\x21-\\x7e]{1," + MAX_EXTERNAL_ID + "}");

    private LinkMetaPolicy() {}

    /** The metadata of a create; all three absent is {@link LinkMeta#NONE}. */
    public static LinkMeta of(String title, List<String> tags, String externalId) {
        return new LinkMeta(title(title), tags(tags), externalId(externalId));
    }

    /** A title as stored: null for none or an empty one. */
    public static String title(String title) {
        if (title == null || title.isEmpty()) {
            return null;
        }
        String normal = Normalizer.normalize(title, Normalizer.Form.NFC);
        int length = normal.codePointCount(0, normal.length());
        if (length > MAX_TITLE) {
            throw new InvalidRequestException("invalid-title", "title is " + length + " characters long; at most " + MAX_TITLE + " are allowed");
        }
        for (int i = 0; i < normal.length(); ) {
            int cp = normal.codePointAt(i);
            int type = Character.getType(cp);
            if (Character.isISOControl(cp) || type == Character.FORMAT || type == Character.SURROGATE || type == Character.UNASSIGNED
                    || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR) {
                throw new InvalidRequestException("invalid-title", String.format("title holds the character U+%04X at %d, which is not allowed", cp, i));
            }
            i += Character.charCount(cp);
        }
        return normal;
    }

    /** Tags as stored: lower-cased, each once, in the order given; empty for null. */
    public static List<String> tags(List<String> tags) {
        if (tags == null || tags.isEmpty()) {
            return List.of();
        }
        Set<String> normal = new LinkedHashSet<>();
        for (String tag : tags) {
            normal.add(tag("tags", tag));
        }
        if (normal.size() > MAX_TAGS) {
            throw new InvalidRequestException("invalid-tags", "tags holds " + normal.size() + " tags; at most " + MAX_TAGS + " are allowed");
        }
        return new ArrayList<>(normal);
    }

    /** One tag, lower-cased; {@code field} names it in a refusal. */
    public static String tag(String field, String tag) {
        String lower = tag == null ? null : tag.toLowerCase(Locale.ROOT);
        if (lower == null || !TAG.matcher(lower).matches()) {
            throw new InvalidRequestException("invalid-tags", field + " must hold tags of 1 to " + MAX_TAG + " of [a-z0-9_:.-]");
        }
        return lower;
    }

    /** An external id as given, or null for none. */
    public static String externalId(String externalId) {
        if (externalId == null) {
            return null;
        }
        if (!EXTERNAL_ID.matcher(externalId).matches()) {
            throw new InvalidRequestException("invalid-external-id",
                    "externalId must be 1 to " + MAX_EXTERNAL_ID + " visible ASCII characters (no spaces)");
        }
        return externalId;
    }
}

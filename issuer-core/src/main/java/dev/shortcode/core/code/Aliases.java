package dev.shortcode.core.code;

import java.util.regex.Pattern;

/**
 * The shape of a custom alias: 3 to 64 of {@code [A-Za-z0-9_-]}. The service refuses, on top of
 * that, aliases shaped like a pool's issued codes, so the read path knows a code of a pool's
 * length in base62 was issued, and anything else well-formed can only be an alias.
 */
public final class Aliases {

    public static final int MIN_LENGTH = 3;
    public static final int MAX_LENGTH = 64;
    private static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9_-]{" + MIN_LENGTH + "," + MAX_LENGTH + "}");
    /** An alias on a branded domain is stored as {@code alias@host}: the host lower case, ASCII (punycode). */
    private static final Pattern KEY_SHAPE = Pattern.compile("[A-Za-z0-9_-]{" + MIN_LENGTH + "," + MAX_LENGTH + "}(@[a-z0-9.-]{1,253})?");

    private Aliases() {}

    public static boolean isWellFormed(String alias) {
        return alias != null && SHAPE.matcher(alias).matches();
    }

    /** Whether {@code key} can be the stored key of an alias: the alias alone, or {@code alias@host} for a branded domain's. */
    public static boolean isWellFormedKey(String key) {
        return key != null && KEY_SHAPE.matcher(key).matches();
    }
}

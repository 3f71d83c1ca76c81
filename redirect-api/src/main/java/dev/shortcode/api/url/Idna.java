package dev.shortcode.api.url;

import com.ibm.icu.text.IDNA;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * A domain name's ASCII form as browsers compute it: UTS #46 (IDNA 2008, nontransitional), with
 * the options of the WHATWG URL standard's "domain to ASCII" (CheckBidi and CheckJoiners on,
 * CheckHyphens and STD3 rules off), so {@code faß.de} is {@code xn--fa-hia.de} and not the
 * {@code fass.de} of IDNA 2003, and characters added to Unicode after 3.2 are judged by today's
 * tables. Links and deny-list rules both go through here, so a rule names the host a browser goes to.
 *
 * <p>Where the standard is lenient about DNS lengths this class is not: an empty label inside the
 * name and a label longer than 63 characters are refused, as they were before (no resolver
 * accepts them). A name over 253 characters is let through, as browsers do.
 */
final class Idna {

    /** The longest DNS label. */
    static final int MAX_LABEL_LENGTH = 63;

    /** Immutable and thread-safe, per ICU. */
    private static final IDNA UTS46 = IDNA.getUTS46Instance(IDNA.NONTRANSITIONAL_TO_ASCII | IDNA.NONTRANSITIONAL_TO_UNICODE
            | IDNA.CHECK_BIDI | IDNA.CHECK_CONTEXTJ);

    /** Errors the WHATWG options ignore: CheckHyphens is off and VerifyDnsLength is off (for the whole name). */
    private static final Set<IDNA.Error> IGNORED = EnumSet.of(IDNA.Error.LEADING_HYPHEN, IDNA.Error.TRAILING_HYPHEN,
            IDNA.Error.HYPHEN_3_4, IDNA.Error.DOMAIN_NAME_TOO_LONG);

    private Idna() {}

    /**
     * @param name a domain name as written, any case, Unicode or ASCII, one trailing dot allowed
     * @return its lower-case ASCII form
     * @throws IllegalArgumentException saying what is wrong with it
     */
    static String toAscii(String name) {
        if (isPlainAscii(name)) {
            return name.toLowerCase(Locale.ROOT); // what UTS #46 gives for such a name, without its per-label work
        }
        StringBuilder out = new StringBuilder(name.length() + 16);
        IDNA.Info info = new IDNA.Info();
        UTS46.nameToASCII(name, out, info);
        if (!info.getErrors().isEmpty()) {
            Set<IDNA.Error> errors = EnumSet.copyOf(info.getErrors());
            errors.removeAll(IGNORED);
            if (!errors.isEmpty()) {
                throw new IllegalArgumentException(describe(errors.iterator().next()));
            }
        }
        return out.toString().toLowerCase(Locale.ROOT);
    }

    /**
     * True when UTS #46 would return {@code name} lower-cased and nothing else: ASCII only, labels of
     * 1 to 63 characters, at most a trailing dot, and no label starting with {@code xn--} (those are
     * decoded and checked). Such names, nearly all of them, skip the mapping.
     */
    static boolean isPlainAscii(String name) {
        int label = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c >= 0x80) {
                return false;
            }
            if (c == '.') {
                if (label == 0) {
                    return false; // an empty label: refused below
                }
                label = 0;
            } else {
                if (label == 0 && name.regionMatches(true, i, "xn--", 0, 4)) {
                    return false;
                }
                if (++label > MAX_LABEL_LENGTH) {
                    return false;
                }
            }
        }
        return true;
    }

    private static String describe(IDNA.Error error) {
        return switch (error) {
            case EMPTY_LABEL -> "it has an empty label";
            case LABEL_TOO_LONG -> "a label is longer than " + MAX_LABEL_LENGTH + " characters";
            case DISALLOWED -> "it holds a character that is not allowed in a domain name";
            case PUNYCODE -> "a label starting with xn-- is not valid punycode";
            case INVALID_ACE_LABEL -> "a label starting with xn-- does not decode to a valid label";
            case LABEL_HAS_DOT -> "a label holds a dot";
            case LEADING_COMBINING_MARK -> "a label starts with a combining mark";
            case BIDI -> "it mixes right-to-left and left-to-right text in a way that is not allowed";
            case CONTEXTJ, CONTEXTO_PUNCTUATION, CONTEXTO_DIGITS -> "it holds a joiner or punctuation out of its context";
            default -> "it is not a valid internationalised domain name (" + error.name().toLowerCase(Locale.ROOT) + ")";
        };
    }
}

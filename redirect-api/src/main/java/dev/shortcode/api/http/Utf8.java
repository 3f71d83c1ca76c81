package dev.shortcode.api.http;

/**
 * Strict UTF-8 (RFC 3629), checked on bytes before any decoder sees them. Decoders differ on
 * what they forgive: Jackson's reads the overlong {@code C0 AF} as '/' and {@code E0 80 AE} as
 * '.', so "https://example.com\xC0\xAF.." would become a path a filter in front of this service
 * never saw. Everything the RFC forbids is refused here: overlong forms, encoded UTF-16
 * surrogates, code points above U+10FFFF, stray continuation bytes, cut-off sequences; and NUL
 * bytes, which no JSON text holds raw and which only UTF-16 or UTF-32 would put there (Jackson
 * would otherwise guess such an encoding from them).
 */
public final class Utf8 {

    private Utf8() {}

    /** What is wrong with {@code bytes} as UTF-8 JSON, with its offset; {@code null} when nothing is. */
    public static String problem(byte[] bytes) {
        return problem(bytes, bytes.length);
    }

    /** {@link #problem(byte[])} of the first {@code length} bytes of {@code bytes}. */
    public static String problem(byte[] bytes, int length) {
        int i = 0;
        int end = length;
        while (i < end) {
            byte b = bytes[i];
            if (b > 0) { // ASCII: nearly every byte of nearly every body
                i++;
                continue;
            }
            if (b == 0) {
                return "a NUL byte at offset " + i + "; JSON bodies are UTF-8, not UTF-16 or UTF-32";
            }
            int lead = b & 0xff;
            int continuation;
            int secondMin = 0x80;
            int secondMax = 0xBF;
            if (lead >= 0xC2 && lead <= 0xDF) {
                continuation = 1;
            } else if (lead == 0xE0) {
                continuation = 2;
                secondMin = 0xA0; // below: an overlong form of a code point under U+0800
            } else if (lead == 0xED) {
                continuation = 2;
                secondMax = 0x9F; // above: U+D800..U+DFFF, UTF-16 surrogates
            } else if (lead >= 0xE1 && lead <= 0xEF) {
                continuation = 2;
            } else if (lead == 0xF0) {
                continuation = 3;
                secondMin = 0x90; // below: an overlong form of a code point under U+10000
            } else if (lead >= 0xF1 && lead <= 0xF3) {
                continuation = 3;
            } else if (lead == 0xF4) {
                continuation = 3;
                secondMax = 0x8F; // above: beyond U+10FFFF
            } else {
                return at(i, lead < 0xC0 ? "a continuation byte 0x%02X with no lead byte before it"
                        : lead < 0xC2 ? "an overlong encoding (lead byte 0x%02X)"
                        : lead < 0xF8 ? "a code point above U+10FFFF (lead byte 0x%02X)"
                        : "the byte 0x%02X, which never occurs in UTF-8", lead);
            }
            if (i + continuation >= end) {
                return at(i, "a sequence cut short (lead byte 0x%02X at the end of the body)", lead);
            }
            int second = bytes[i + 1] & 0xff;
            if (second < 0x80 || second > 0xBF) {
                return at(i + 1, "the byte 0x%02X where a continuation byte belongs", second);
            }
            if (second < secondMin) {
                return at(i, "an overlong encoding (0x%02X followed by 0x" + hex(second) + ")", lead);
            }
            if (second > secondMax) {
                return at(i, lead == 0xED ? "a UTF-16 surrogate encoded in UTF-8 (0x%02X followed by 0x" + hex(second) + ")"
                        : "a code point above U+10FFFF (0x%02X followed by 0x" + hex(second) + ")", lead);
            }
            for (int k = 2; k <= continuation; k++) {
                int next = bytes[i + k] & 0xff;
                if (next < 0x80 || next > 0xBF) {
                    return at(i + k, "the byte 0x%02X where a continuation byte belongs", next);
                }
            }
            i += continuation + 1;
        }
        return null;
    }

    private static String at(int offset, String what, int value) {
        return String.format(what, value) + " at offset " + offset;
    }

    private static String hex(int value) {
        return String.format("%02X", value);
    }
}

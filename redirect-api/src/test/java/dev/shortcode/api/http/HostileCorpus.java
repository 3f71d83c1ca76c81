package dev.shortcode.api.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The hostile inputs under {@code src/test/resources/hostile/} (their README says the format):
 * each file a family, each line an input, decoded from its escapes.
 */
final class HostileCorpus {

    static final List<String> FAMILIES = List.of("urls", "ttls", "aliases", "idempotency-keys", "api-keys", "json-bodies",
            "batch-bodies", "raw-http");

    // --- The families of path parameters and capacity plans, read by their own tests (begin)
    /** Each a family with a test of its own in {@link EmbeddedHostileCorpusIntegrationTests}, not in the general one. */
    static final List<String> PATH_AND_PLAN_FAMILIES = List.of("path-values", "plan-bodies");
    // --- (end)

    /**
     * @param family the file it comes from, without ".txt"
     * @param line   its line number there
     * @param source the line as written
     */
    record Input(String family, int line, String source) {
        /** The input as a string, for the families that put it into a JSON value (lone surrogates included). */
        String text() {
            return decodeText(source);
        }

        /** The input as bytes, for bodies, header values and raw requests. */
        byte[] bytes() {
            return decodeBytes(source);
        }

        @Override
        public String toString() {
            String shown = source.length() > 90 ? source.substring(0, 90) + "…" : source;
            return family + ":" + line + " " + shown;
        }
    }

    // ---- URL-safety families: read on their own, each by its own test (not part of FAMILIES' all-4xx loop) ----

    /** Device targets refused at create: "field value". */
    static final String TARGETS = "targets";
    /** Spellings of what a deny rule names: "kind rule field value"; refused with the rule, 410 once it is added. */
    static final String DENY_EVASIONS = "deny-evasions";

    /** The lines of one family, decoded as text (for {@link #TARGETS} and {@link #DENY_EVASIONS}). */
    static List<Input> load(String family) {
        return read(family);
    }

    // ---- end of the URL-safety families ----

    private HostileCorpus() {}

    static List<Input> load() {
        return load(FAMILIES);
    }

    static List<Input> load(List<String> families) {
        List<Input> inputs = new ArrayList<>();
        for (String family : families) {
            inputs.addAll(read(family));
        }
        return inputs;
    }

    private static List<Input> read(String family) {
        List<Input> inputs = new ArrayList<>();
        String resource = "hostile/" + family + ".txt";
        try (InputStream in = HostileCorpus.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing");
            }
            String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i];
                if (!line.isEmpty() && !line.startsWith("#")) {
                    inputs.add(new Input(family, i + 1, line));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return inputs;
    }

    static String decodeText(String source) {
        StringBuilder out = new StringBuilder();
        decode(expandRepeats(source), new Sink() {
            public void codePoint(int cp) {
                out.appendCodePoint(cp);
            }

            public void rawByte(int b) {
                throw new IllegalArgumentException("\\x escapes are for byte families: " + source);
            }
        });
        return out.toString();
    }

    static byte[] decodeBytes(String source) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        decode(expandRepeats(source), new Sink() {
            public void codePoint(int cp) {
                out.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
            }

            public void rawByte(int b) {
                out.write(b);
            }
        });
        return out.toByteArray();
    }

    private interface Sink {
        void codePoint(int cp);

        void rawByte(int b);
    }

    /** {@code <<N*TEXT*>>}: TEXT, N times. */
    private static String expandRepeats(String s) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (true) {
            int open = s.indexOf("<<", at);
            int star = open < 0 ? -1 : s.indexOf('*', open);
            int close = star < 0 ? -1 : s.indexOf("*>>", star + 1);
            if (open < 0 || star < 0 || close < 0 || !s.substring(open + 2, star).matches("[0-9]+")) {
                return out.append(s, at, s.length()).toString();
            }
            out.append(s, at, open).append(s.substring(star + 1, close).repeat(Integer.parseInt(s.substring(open + 2, star))));
            at = close + 3;
        }
    }

    /**
     * The escapes of the README (a raw byte, a code point in braces, CR, LF, tab, space, backslash);
     * any other backslash stays as it is, so that JSON's own escapes pass through to the body.
     */
    private static void decode(String s, Sink sink) {
        for (int i = 0; i < s.length(); ) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char e = s.charAt(i + 1);
                if (e == 'x' && isHex(s, i + 2, i + 4)) {
                    sink.rawByte(Integer.parseInt(s.substring(i + 2, i + 4), 16));
                    i += 4;
                    continue;
                }
                if (e == 'u' && i + 2 < s.length() && s.charAt(i + 2) == '{') {
                    int end = s.indexOf('}', i + 3);
                    sink.codePoint(Integer.parseInt(s.substring(i + 3, end), 16));
                    i = end + 1;
                    continue;
                }
                int mapped = switch (e) {
                    case 'r' -> '\r';
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    case 's' -> ' ';
                    case '\\' -> '\\';
                    default -> -1;
                };
                if (mapped >= 0) {
                    sink.codePoint(mapped);
                    i += 2;
                    continue;
                }
            }
            int cp = s.codePointAt(i);
            sink.codePoint(cp);
            i += Character.charCount(cp);
        }
    }

    private static boolean isHex(String s, int from, int to) {
        if (to > s.length()) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (Character.digit(s.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }
}

package dev.shortcode.api.agent;

/**
 * The longest run of plain characters that every match of a regular expression must contain, so a
 * cheap {@code indexOf} can rule a pattern out before its regex runs.
 *
 * <p>The reading is deliberately conservative: it understands only what it needs and gives up
 * (returns {@code null}) on anything else. At the top level it takes literal characters and
 * escaped punctuation as the run; a group, a character class, {@code .}, an anchor or a class
 * escape ({@code \b \w \d \s} ...) ends the run; a quantifier takes back the character it applies
 * to. It gives up on a top-level {@code |} (no single literal is required), on inline flags such as
 * {@code (?x)} (they change what a space means), and on escapes with their own syntax
 * ({@code \p{..} \x41 \u0041 \1} ...). Shortening a literal never makes the answer wrong, only the
 * filter weaker, so every doubt shortens it.
 */
final class RequiredLiteral {

    /**
     * @param text ASCII-lower-cased, to be looked for in the ASCII-lower-cased input
     * @param whole the pattern is this text and nothing else: finding it is the match
     */
    record Literal(String text, boolean whole) {}

    private RequiredLiteral() {}

    /** @return the literal, or {@code null} when none could be read */
    static Literal of(String regex) {
        StringBuilder run = new StringBuilder();
        String best = "";
        boolean lastWasRunChar = false;
        boolean broken = false;
        int i = 0;
        while (i < regex.length()) {
            char c = regex.charAt(i);
            switch (c) {
                case '\\' -> {
                    if (i + 1 >= regex.length()) {
                        return null;
                    }
                    char e = regex.charAt(i + 1);
                    if (!Character.isLetterOrDigit(e)) {
                        run.append(lower(e));
                        lastWasRunChar = true;
                    } else if ("bBwWdDsStnrfv".indexOf(e) >= 0) {
                        best = longer(best, run);
                        run.setLength(0);
                        lastWasRunChar = false;
                        broken = true;
                    } else {
                        return null;
                    }
                    i += 2;
                }
                case '(' -> {
                    if (i + 2 < regex.length() && regex.charAt(i + 1) == '?') {
                        char k = regex.charAt(i + 2);
                        if (k == '-' || Character.isLetter(k)) {
                            return null; // inline flags
                        }
                    }
                    int end = skipGroup(regex, i);
                    if (end < 0) {
                        return null;
                    }
                    best = longer(best, run);
                    run.setLength(0);
                    lastWasRunChar = false;
                    broken = true;
                    i = end;
                }
                case '[' -> {
                    int end = skipClass(regex, i);
                    if (end < 0) {
                        return null;
                    }
                    best = longer(best, run);
                    run.setLength(0);
                    lastWasRunChar = false;
                    broken = true;
                    i = end;
                }
                case '?', '*', '+', '{' -> {
                    if (lastWasRunChar) {
                        run.setLength(run.length() - 1);
                    }
                    best = longer(best, run);
                    run.setLength(0);
                    lastWasRunChar = false;
                    broken = true;
                    if (c == '{') {
                        int close = regex.indexOf('}', i);
                        if (close < 0) {
                            return null;
                        }
                        i = close + 1;
                    } else {
                        i++;
                    }
                }
                case '|', ')', ']', '}' -> {
                    return null; // a top-level alternative, or a bracket this reading does not pair
                }
                case '.', '^', '$' -> {
                    best = longer(best, run);
                    run.setLength(0);
                    lastWasRunChar = false;
                    broken = true;
                    i++;
                }
                default -> {
                    run.append(lower(c));
                    lastWasRunChar = true;
                    i++;
                }
            }
        }
        best = longer(best, run);
        if (best.isEmpty()) {
            return null;
        }
        return new Literal(best, !broken);
    }

    /**
     * Whether the regex can only match at the start of the input: it begins with {@code ^} and has
     * no top-level {@code |}. Such a pattern is run with {@code lookingAt}, one attempt instead of
     * one per position.
     */
    static boolean anchoredAtStart(String regex) {
        if (!regex.startsWith("^")) {
            return false;
        }
        int i = 1;
        while (i < regex.length()) {
            char c = regex.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == '(') {
                i = skipGroup(regex, i);
            } else if (c == '[') {
                i = skipClass(regex, i);
            } else if (c == '|') {
                return false;
            } else {
                i++;
            }
            if (i < 0) {
                return false;
            }
        }
        return true;
    }

    /** @return the index after the ')' that closes the group opened at {@code open}, or -1 */
    private static int skipGroup(String regex, int open) {
        int depth = 0;
        int i = open;
        while (i < regex.length()) {
            char c = regex.charAt(i);
            if (c == '\\') {
                i += 2;
                continue;
            }
            if (c == '[') {
                i = skipClass(regex, i);
                if (i < 0) {
                    return -1;
                }
                continue;
            }
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i + 1;
            }
            i++;
        }
        return -1;
    }

    /**
     * @return the index after the ']' that closes the class opened at {@code open}, or -1; a nested
     *     '[' (a union in Java, a plain character in JavaScript) is not read
     */
    private static int skipClass(String regex, int open) {
        int i = open + 1;
        if (i < regex.length() && regex.charAt(i) == '^') {
            i++;
        }
        if (i < regex.length() && regex.charAt(i) == ']') {
            i++; // a leading ']' is a member
        }
        while (i < regex.length()) {
            char c = regex.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == '[') {
                return -1;
            } else if (c == ']') {
                return i + 1;
            } else {
                i++;
            }
        }
        return -1;
    }

    private static String longer(String best, StringBuilder run) {
        return run.length() > best.length() ? run.toString() : best;
    }

    private static char lower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
    }
}

package dev.shortcode.api.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether any of the crawler patterns matches a User-Agent: the same answer as the patterns joined
 * with {@code |} into one case-insensitive {@link Pattern}, at a small fraction of its cost.
 *
 * <p>Design note. {@code java.util.regex} has no literal prefilter: the joined alternation of
 * about 200 patterns tries every alternative at every position of the input, some 30,000 steps for
 * an ordinary browser's UA, which matches none of them (see {@code UserAgentsBenchmark}:
 * {@code botJoinedPattern} against {@code classifyUncached}). Two facts make it cheap:
 * <ul>
 *   <li>Nearly every pattern requires some literal text ({@code (?<!cam)scan} needs "scan",
 *       {@code \bperl\b} "perl"), which {@link RequiredLiteral} reads out. A pattern runs only if
 *       its literal is in the (ASCII-lower-cased) UA, and half the patterns are nothing but their
 *       literal, so finding it is the match. Before each {@code indexOf}, a 4096-bit set of the
 *       UA's character pairs, built in one pass, rules out most literals with a few bit tests: a
 *       literal whose every pair is not in the set cannot be in the UA.
 *   <li>Many patterns start with {@code ^}; they are tried once, at the start ({@code lookingAt}),
 *       not at every position.
 * </ul>
 * The few patterns with no literal are joined into one regex, or two: start-anchored and not.
 * The unit tests check that the answer equals the joined pattern's on every test UA and on ones
 * built to hit each pattern's literal.
 */
final class BotMatcher {

    private static final int PAIR_BITS = 4096;

    /**
     * A pattern behind its literal: {@code regex} is null when finding the literal is the match;
     * {@code pairs} are the hashes of the literal's character pairs.
     */
    private record Gated(String literal, int[] pairs, Pattern regex, boolean anchored) {}

    private final Gated[] gated;
    /** The patterns without a literal, joined; null when there are none. */
    private final Pattern ungatedAnchored;
    private final Pattern ungatedFloating;
    private final int ungatedCount;

    /** @param patterns regex sources that each compile under {@code java.util.regex} */
    BotMatcher(List<String> patterns) {
        List<Gated> withLiteral = new ArrayList<>();
        List<String> anchored = new ArrayList<>();
        List<String> floating = new ArrayList<>();
        for (String pattern : patterns) {
            RequiredLiteral.Literal literal = RequiredLiteral.of(pattern);
            boolean atStart = RequiredLiteral.anchoredAtStart(pattern);
            if (literal != null) {
                withLiteral.add(new Gated(literal.text(), pairs(literal.text()),
                        literal.whole() ? null : compile(pattern), atStart));
            } else {
                (atStart ? anchored : floating).add(pattern);
            }
        }
        this.gated = withLiteral.toArray(Gated[]::new);
        this.ungatedAnchored = joined(anchored);
        this.ungatedFloating = joined(floating);
        this.ungatedCount = anchored.size() + floating.size();
    }

    static Pattern compile(String regex) {
        return Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
    }

    private static Pattern joined(List<String> patterns) {
        return patterns.isEmpty() ? null : compile(String.join("|", patterns));
    }

    /** @param lowerUa the User-Agent, ASCII-lower-cased (see {@link UserAgents#asciiLower}) */
    boolean matches(String lowerUa) {
        long[] seen = new long[PAIR_BITS / 64];
        for (int i = 0; i + 1 < lowerUa.length(); i++) {
            int h = pair(lowerUa.charAt(i), lowerUa.charAt(i + 1));
            seen[h >>> 6] |= 1L << h;
        }
        for (Gated g : gated) {
            if (allSeen(seen, g.pairs) && lowerUa.contains(g.literal)
                    && (g.regex == null || found(g.regex, g.anchored, lowerUa))) {
                return true;
            }
        }
        return (ungatedAnchored != null && ungatedAnchored.matcher(lowerUa).lookingAt())
                || (ungatedFloating != null && ungatedFloating.matcher(lowerUa).find());
    }

    private static boolean found(Pattern regex, boolean anchored, String ua) {
        Matcher m = regex.matcher(ua);
        return anchored ? m.lookingAt() : m.find();
    }

    private static boolean allSeen(long[] seen, int[] pairs) {
        for (int h : pairs) {
            if ((seen[h >>> 6] & (1L << h)) == 0) {
                return false;
            }
        }
        return true;
    }

    private static int[] pairs(String literal) {
        int[] pairs = new int[Math.max(0, literal.length() - 1)];
        for (int i = 0; i < pairs.length; i++) {
            pairs[i] = pair(literal.charAt(i), literal.charAt(i + 1));
        }
        return pairs;
    }

    private static int pair(char a, char b) {
        return (a * 31 + b) & (PAIR_BITS - 1);
    }

    /** How many patterns had no literal to filter on, and so run on every UA. */
    int ungatedCount() {
        return ungatedCount;
    }
}

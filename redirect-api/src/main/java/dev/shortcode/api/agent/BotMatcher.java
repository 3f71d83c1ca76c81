package dev.shortcode.api.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Whether any of the crawler patterns matches a User-Agent: the same answer as the patterns joined
 * with {@code |} into one case-insensitive {@link Pattern}, at a fraction of its cost.
 *
 * <p>Design note. {@code java.util.regex} has no literal prefilter: the joined alternation of
 * about 200 patterns tries every alternative at every position of the input, some 30,000 steps for
 * an ordinary browser's UA that matches none of them (over 100 µs on a loaded core; see
 * {@code UserAgentsBenchmark}). Nearly every pattern requires some literal text, though
 * ({@code (?<!cam)scan} needs "scan", {@code \bperl\b} needs "perl"), which {@link RequiredLiteral}
 * reads out. So the patterns fall in three groups, tried on the ASCII-lower-cased input:
 * <ul>
 *   <li>plain literals ({@code crawl}, {@code headless}): {@code indexOf} alone decides;
 *   <li>patterns with a required literal: their regex runs only where {@code indexOf} found it;
 *   <li>the few with none ({@code ^[\w \.\-\(?:\):%]+...}): one joined case-insensitive regex.
 * </ul>
 * {@code String.indexOf} is vectorised by the JVM, so a browser's UA costs one short regex plus
 * some 200 fast scans of a string of ~150 characters. The unit tests check that the answer equals
 * the joined pattern's on every test UA and on one built to hit each pattern's literal.
 */
final class BotMatcher {

    /** A pattern behind its literal: {@code regex} is null when finding the literal is the match. */
    private record Gated(String literal, Pattern regex) {}

    private final Gated[] gated;
    /** The patterns without a required literal, joined; null when there are none. */
    private final Pattern ungated;
    private final int ungatedCount;

    /** @param patterns regex sources that each compile under {@code java.util.regex} */
    BotMatcher(List<String> patterns) {
        List<Gated> withLiteral = new ArrayList<>();
        List<String> without = new ArrayList<>();
        for (String pattern : patterns) {
            RequiredLiteral.Literal literal = RequiredLiteral.of(pattern);
            if (literal == null) {
                without.add(pattern);
            } else {
                withLiteral.add(new Gated(literal.text(), literal.whole() ? null : compile(pattern)));
            }
        }
        this.gated = withLiteral.toArray(Gated[]::new);
        this.ungated = without.isEmpty() ? null : compile(String.join("|", without));
        this.ungatedCount = without.size();
    }

    static Pattern compile(String regex) {
        return Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
    }

    /** @param lowerUa the User-Agent, ASCII-lower-cased (see {@link UserAgents#asciiLower}) */
    boolean matches(String lowerUa) {
        for (Gated g : gated) {
            if (lowerUa.contains(g.literal) && (g.regex == null || g.regex.matcher(lowerUa).find())) {
                return true;
            }
        }
        return ungated != null && ungated.matcher(lowerUa).find();
    }

    /** How many patterns had no literal to filter on, and so run on every UA. */
    int ungatedCount() {
        return ungatedCount;
    }
}

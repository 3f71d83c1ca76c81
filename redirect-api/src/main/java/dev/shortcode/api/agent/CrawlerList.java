package dev.shortcode.api.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.PatternSyntaxException;

/**
 * The vendored crawler patterns (isbot's list, see {@code README.md} beside the resource), each
 * checked to compile under {@code java.util.regex}. They are JavaScript regular expressions; the
 * two dialects agree on what the list uses (classes, groups, bounded look-behinds, {@code \b \w \d
 * \s}), and a pattern that does not compile in Java is dropped with a warning rather than
 * stopping the service over one crawler name.
 *
 * @param usable the patterns that compile, in the list's order
 * @param dropped the patterns that do not
 */
record CrawlerList(List<String> usable, List<String> dropped) {

    static final String RESOURCE = "isbot-patterns.json";

    private static final System.Logger LOG = System.getLogger(CrawlerList.class.getName());

    CrawlerList {
        usable = List.copyOf(usable);
        dropped = List.copyOf(dropped);
    }

    /** The list shipped in this jar; a missing or unreadable resource is a broken build and throws. */
    static CrawlerList vendored() {
        try (InputStream in = CrawlerList.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the crawler list " + RESOURCE + " is missing from the classpath");
            }
            return of(List.of(new ObjectMapper().readValue(in, String[].class)));
        } catch (IOException e) {
            throw new UncheckedIOException("the crawler list " + RESOURCE + " cannot be read", e);
        }
    }

    static CrawlerList of(List<String> patterns) {
        List<String> usable = new ArrayList<>(patterns.size());
        List<String> dropped = new ArrayList<>();
        for (String pattern : patterns) {
            try {
                BotMatcher.compile(pattern);
                usable.add(pattern);
            } catch (PatternSyntaxException e) {
                dropped.add(pattern);
                LOG.log(Level.WARNING, "crawler pattern dropped, it does not compile in Java: {0} ({1})",
                        pattern, e.getDescription());
            }
        }
        return new CrawlerList(usable, dropped);
    }
}

package dev.shortcode.api.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The walk through the API in README.md: the fenced block between {@code <!-- walk:begin -->} and
 * {@code <!-- walk:end -->}. It is a bash script written for the service of README's first command
 * ({@code BASE=http://localhost:8080}, the admin key in {@code data/admin.key} of the directory it
 * runs in); each {@code # -> } comment is a line the script claims to print, {@code …} standing for
 * what differs from run to run (codes, key ids, times).
 */
final class ReadmeWalk {

    static final Path README = Path.of("..", "README.md");
    /** The line that points the walk at the first command's service; the only one naming it. */
    static final String BASE_LINE = "BASE=http://localhost:8080";

    private static final Pattern BLOCK = Pattern.compile("<!-- walk:begin -->\\s*```bash\\n(.*?)```\\s*<!-- walk:end -->", Pattern.DOTALL);
    private static final String CLAIM = "# -> ";
    private static final String ANYTHING = "…";

    private final String script;

    private ReadmeWalk(String script) {
        this.script = script;
    }

    static ReadmeWalk read(Path readme) {
        try {
            return of(Files.readString(readme));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The walk in a README's text. */
    static ReadmeWalk of(String readme) {
        Matcher block = BLOCK.matcher(readme);
        if (!block.find()) {
            throw new AssertionError("no ```bash block between <!-- walk:begin --> and <!-- walk:end -->");
        }
        return new ReadmeWalk(block.group(1));
    }

    /**
     * The script pointed at {@code baseUrl} instead of localhost:8080. Fails when the walk names the
     * first command's address anywhere but in {@link #BASE_LINE} and in claims (a shortUrl), since
     * such a line would reach past the service under test.
     */
    String scriptFor(String baseUrl) {
        List<String> lines = script.lines().toList();
        if (lines.stream().filter(BASE_LINE::equals).count() != 1) {
            throw new AssertionError("the walk must set its service's address in exactly one line: " + BASE_LINE);
        }
        StringBuilder pointed = new StringBuilder();
        for (String line : lines) {
            if (line.equals(BASE_LINE)) {
                line = "BASE=" + baseUrl;
            } else if (line.contains("localhost:8080") && !line.startsWith(CLAIM)) {
                throw new AssertionError("the walk names localhost:8080 outside " + BASE_LINE + ": " + line);
            }
            pointed.append(line).append('\n');
        }
        return pointed.toString();
    }

    /** The lines the walk claims to print, in order. */
    List<String> claims() {
        return script.lines().filter(line -> line.startsWith(CLAIM)).map(line -> line.substring(CLAIM.length()).strip()).toList();
    }

    /**
     * The first claim that no line of {@code output} answers, each claim looked for after the
     * line that answered the one before it; empty when all are answered.
     */
    Optional<String> firstUnanswered(List<String> output) {
        int next = 0;
        for (String claim : claims()) {
            Pattern pattern = pattern(claim);
            while (next < output.size() && !pattern.matcher(output.get(next).strip()).matches()) {
                next++;
            }
            if (next == output.size()) {
                return Optional.of(claim);
            }
            next++;
        }
        return Optional.empty();
    }

    /** A claim as a pattern of a whole line: its text literally, {@code …} any text. */
    static Pattern pattern(String claim) {
        List<String> parts = new ArrayList<>();
        for (String literal : claim.split(ANYTHING, -1)) {
            parts.add(Pattern.quote(literal));
        }
        return Pattern.compile(String.join(".*", parts));
    }
}

package dev.shortcode.api.moderation;

import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.store.DenyRule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Deny-list rules from the configuration file, read once at start. One rule per line:
 * <pre>
 * # comments and blank lines are ignored
 * host  phishing.example        reported by the bank
 * prefix https://files.example/malware/   served malware in 2026
 * </pre>
 * The first word is the kind, the second the value, the rest the reason. A line that is not a
 * rule stops the start naming the key and the line.
 */
public final class DenyListFile {

    public static final String KEY = "shortcode.denylist.file";

    private DenyListFile() {}

    /** @param normalise turns a rule's value into its stored form (see {@link dev.shortcode.api.moderation.RuleValues}), or throws saying why not */
    public static List<DenyRule> read(Path file, ValueNormaliser normalise) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException(KEY, "cannot read " + file + ": " + e.getMessage());
        }
        List<DenyRule> rules = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] words = line.split("\\s+", 3);
            if (words.length < 2) {
                throw new ConfigException(KEY, file + " line " + (i + 1) + ": expected 'host <host> [reason]' or 'prefix <url> [reason]'");
            }
            DenyRule.Kind kind;
            try {
                kind = DenyRule.Kind.valueOf(words[0].toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new ConfigException(KEY, file + " line " + (i + 1) + ": '" + words[0] + "' is neither host nor prefix");
            }
            String value;
            try {
                value = normalise.of(kind, words[1]);
            } catch (RuntimeException e) {
                throw new ConfigException(KEY, file + " line " + (i + 1) + ": " + e.getMessage());
            }
            rules.add(new DenyRule("config-" + (i + 1), kind, value, words.length > 2 ? words[2] : "", "config", 0));
        }
        return rules;
    }

    /** Normalises a rule's value, or throws saying why it is not one. */
    @FunctionalInterface
    public interface ValueNormaliser {
        String of(DenyRule.Kind kind, String value);
    }
}

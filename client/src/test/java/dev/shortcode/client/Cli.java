package dev.shortcode.client;

import dev.shortcode.client.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

/** The CLI's main run in this JVM against one service with one key: exit code and what it printed. */
public record Cli(String url, String apiKey) {

    public record Run(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- out:\n" + out + "--- err:\n" + err;
        }
    }

    public Run run(String... args) {
        List<String> all = new ArrayList<>(List.of("--url", url));
        if (apiKey != null) {
            all.addAll(List.of("--api-key", apiKey));
        }
        all.addAll(List.of(args));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), all.toArray(String[]::new));
        return new Run(code, out.toString(), err.toString());
    }
}

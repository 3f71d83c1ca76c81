package dev.shortcode.client.cli;

import dev.shortcode.client.ShortcodeClient;
import dev.shortcode.client.source.LinkSource;
import dev.shortcode.client.source.Refs;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** The run behind bulk and import: checks, counting, the stream, the summary and the exit code. */
final class BulkExecution {

    private BulkExecution() {
    }

    /** @param reading names the command and format in the default ref prefix, e.g. {@code bulk} or {@code import-kutt} */
    static int run(CommandSpec spec, Main main, BulkOptions options, Path file, LinkSource source, String reading)
            throws IOException, InterruptedException {
        if (!Files.isRegularFile(file)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "no such file: " + file);
        }
        String prefix;
        long total;
        try {
            prefix = options.refPrefix != null ? Refs.checkPrefix(options.refPrefix) : Refs.prefixFor(file, reading);
            total = BulkRunner.count(file, source);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), file + ": " + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Progress progress = new Progress(err, System.console() != null, options.progressInterval, total);
        try (ShortcodeClient client = main.client(spec);
             ResultWriter results = options.output != null ? ResultWriter.open(options.output) : ResultWriter.discarding()) {
            BulkRunner.Outcome outcome = new BulkRunner(client, prefix, options.retries, err, progress, results).run(file, source);
            out.printf(Locale.ROOT, "%,d lines: %,d links, %,d problems in %.1f s%s%n", outcome.lines(), outcome.links(),
                    outcome.problems(), outcome.seconds(),
                    options.output == null || outcome.problems() == 0 ? "" : " (see " + options.output + ")");
            return outcome.allLinked() ? 0 : 1;
        }
    }

}

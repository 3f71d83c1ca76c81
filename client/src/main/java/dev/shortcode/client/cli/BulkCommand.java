package dev.shortcode.client.cli;

import dev.shortcode.client.source.CsvLinks;
import dev.shortcode.client.source.LinkSource;
import dev.shortcode.client.source.NdjsonLinks;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "bulk", description = {
        "Creates one link per line of FILE over one bulk stream, sending and reading at once.",
        "FILE is CSV with a header row naming at least 'url' (and optionally 'ttl', 'alias', 'ref'), or NDJSON, "
                + "one {\"url\", \"ttl\", \"alias\", \"ref\"} object per line; told apart by the extension "
                + "(.csv; .ndjson, .jsonl) or else by the content. Interrupted? Run the same command again: "
                + "every line is sent with a ref, and lines already done answer the links they made."})
final class BulkCommand implements Callable<Integer> {

    enum Format { csv, ndjson }

    @ParentCommand
    Main main;
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE")
    Path file;

    @Option(names = "--format", paramLabel = "csv|ndjson", description = "The file's format, when its name does not say.")
    Format format;

    @Mixin
    BulkOptions options;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Format chosen = format != null ? format : detect(file);
        LinkSource source = chosen == Format.csv ? new CsvLinks() : new NdjsonLinks();
        return BulkExecution.run(spec, main, options, file, source, "bulk");
    }

    /** By extension, else by the first character that is not white space: '{' is NDJSON. */
    static Format detect(Path file) throws IOException {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".csv")) {
            return Format.csv;
        }
        if (name.endsWith(".ndjson") || name.endsWith(".jsonl")) {
            return Format.ndjson;
        }
        if (!Files.isRegularFile(file)) {
            return Format.csv;
        }
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            int c;
            while ((c = in.read()) != -1) {
                if (!Character.isWhitespace(c) && c != '\uFEFF') {
                    return c == '{' ? Format.ndjson : Format.csv;
                }
            }
        }
        return Format.csv;
    }
}

package dev.shortcode.client.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** What bulk and import share: where results go, the refs, retries and progress. */
final class BulkOptions {

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write one result per line to FILE: line,status,ref,code,shortUrl,url,problem; CSV, "
                    + "or NDJSON when FILE ends in .ndjson or .jsonl. Status 0: the line was not sent (the file "
                    + "gets it wrong, or it expired in the tool it came from).")
    Path output;

    @Option(names = "--ref-prefix", paramLabel = "PREFIX",
            description = "Refs are PREFIX:<line>. Default: a hash of the file's absolute path and the command, so "
                    + "the same command on the same file sends the same refs: run it again after an interruption "
                    + "and the lines already done answer the links they made (the service remembers refs per "
                    + "API key for 24 h). Give a prefix to resume from a copy of the file elsewhere.")
    String refPrefix;

    @Option(names = "--retries", paramLabel = "N", defaultValue = "3",
            description = "Reopen a broken stream up to N times with the lines not answered yet (default: ${DEFAULT-VALUE}).")
    int retries;

    @Option(names = "--progress-interval", paramLabel = "SECONDS", defaultValue = "5",
            description = "When standard error is not a terminal, print a progress line every SECONDS "
                    + "(default: ${DEFAULT-VALUE}); on a terminal one line is updated in place.")
    double progressInterval;
}

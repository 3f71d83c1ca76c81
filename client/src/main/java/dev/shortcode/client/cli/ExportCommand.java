package dev.shortcode.client.cli;

import dev.shortcode.client.ShortcodeClient;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "export", description = "Writes every link the filters select as NDJSON or CSV (tags joined by |), streamed as the "
        + "service sends it.")
final class ExportCommand implements Callable<Integer> {

    enum Format { ndjson, csv }

    @ParentCommand
    Main main;
    @Spec
    CommandSpec spec;
    @Mixin
    ListingFilters filters;

    @Option(names = "--format", paramLabel = "ndjson|csv", description = "Default: ndjson.")
    Format format = Format.ndjson;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write here instead of standard output.")
    Path output;

    @Override
    public Integer call() throws IOException {
        try (ShortcodeClient client = main.client(spec)) {
            if (output == null) {
                try (OutputStream out = new LineWriterStream(spec.commandLine().getOut())) {
                    client.export(format.name(), filters.asParameters(), out);
                }
            } else {
                try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(output))) {
                    long bytes = client.export(format.name(), filters.asParameters(), out);
                    spec.commandLine().getErr().println("wrote " + bytes + " bytes to " + output);
                }
            }
        }
        return 0;
    }
}

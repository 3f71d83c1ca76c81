package dev.shortcode.client.cli;

import dev.shortcode.client.Link;
import dev.shortcode.client.LinkPage;
import dev.shortcode.client.ShortcodeClient;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "list", description = "Lists links, newest first: one line each (code, short URL, status, title, tags, URL), "
        + "or one JSON view each with --json. Pages through the listing up to --max links.")
final class ListCommand implements Callable<Integer> {

    @ParentCommand
    Main main;
    @Spec
    CommandSpec spec;
    @Mixin
    ListingFilters filters;

    @Option(names = "--max", paramLabel = "N", defaultValue = "100", description = "The most links to print; default: ${DEFAULT-VALUE}.")
    int max;

    @Option(names = "--json", description = "One link view per line, as JSON.")
    boolean json;

    @Override
    public Integer call() {
        if (max < 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--max must be at least 1");
        }
        PrintWriter out = spec.commandLine().getOut();
        try (ShortcodeClient client = main.client(spec)) {
            int printed = 0;
            String cursor = null;
            do {
                LinkPage page = client.list(filters.asParameters(), Math.min(1000, max - printed), cursor);
                for (Link link : page.links()) {
                    out.println(json ? LinkPrinter.line(link) : line(link));
                    printed++;
                }
                cursor = page.next();
            } while (cursor != null && printed < max);
            out.flush();
        }
        return 0;
    }

    private static String line(Link link) {
        return String.join("\t", link.code(), link.shortUrl(), String.valueOf(link.status()), link.title() == null ? "" : link.title(),
                link.tags() == null ? "" : String.join(",", link.tags()), link.url());
    }
}

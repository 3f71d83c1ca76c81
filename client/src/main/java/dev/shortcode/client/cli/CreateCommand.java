package dev.shortcode.client.cli;

import dev.shortcode.client.Link;
import dev.shortcode.client.LinkRequest;
import dev.shortcode.client.ShortcodeClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "create", description = "Creates a link and prints its short URL.")
final class CreateCommand implements Callable<Integer> {

    @ParentCommand
    Main main;
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "URL", description = "The long URL (http or https).")
    String url;

    @Option(names = "--ttl", description = "Idle time to live: an ISO-8601 duration (P30D, PT12H) or 'permanent'; "
            + "default: the service's (P10D). The TTL picks the pool, and the pool the code's length.")
    String ttl;

    @Option(names = "--alias", description = "A code of your choice: 3 to 64 of [A-Za-z0-9_-], not shaped like "
            + "an issued code (5 to 7 base62 characters).")
    String alias;

    @Option(names = "--json", description = "Print the whole link view as JSON.")
    boolean json;

    @Override
    public Integer call() {
        try (ShortcodeClient client = main.client(spec)) {
            Link link = client.create(new LinkRequest(url, ttl, alias, null));
            spec.commandLine().getOut().println(json ? LinkPrinter.json(link) : link.shortUrl());
            return 0;
        }
    }
}

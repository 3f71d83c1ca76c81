package dev.shortcode.client.cli;

import dev.shortcode.client.ShortcodeClient;
import java.io.PrintWriter;
import picocli.CommandLine.Command;

@Command(name = "get", description = "Prints a link as JSON (reading a link extends its life, like a visit).")
final class GetCommand extends LinkCommand {

    @Override
    int run(ShortcodeClient client, PrintWriter out) {
        out.println(LinkPrinter.json(client.get(code)));
        return 0;
    }
}

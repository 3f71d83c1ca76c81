package dev.shortcode.client.cli;

import dev.shortcode.client.ShortcodeClient;
import java.io.PrintWriter;
import picocli.CommandLine.Command;

@Command(name = "delete", description = "Deletes a link (only the key that made it, or an admin key, may).")
final class DeleteCommand extends LinkCommand {

    @Override
    int run(ShortcodeClient client, PrintWriter out) {
        client.delete(code);
        out.println("deleted " + code);
        return 0;
    }
}

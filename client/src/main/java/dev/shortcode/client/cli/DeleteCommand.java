package dev.shortcode.client.cli;

import dev.shortcode.client.ShortcodeClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "delete", description = "Deletes a link (only the key that made it, or an admin key, may).")
final class DeleteCommand implements Callable<Integer> {

    @ParentCommand
    Main main;
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "CODE")
    String code;

    @Override
    public Integer call() {
        try (ShortcodeClient client = main.client(spec)) {
            client.delete(code);
            spec.commandLine().getOut().println("deleted " + code);
            return 0;
        }
    }
}

package dev.shortcode.client.cli;

import dev.shortcode.client.ShortcodeClient;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "get", description = "Prints a link as JSON (reading a link extends its life, like a visit).")
final class GetCommand implements Callable<Integer> {

    @ParentCommand
    Main main;
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "CODE")
    String code;

    @Override
    public Integer call() {
        try (ShortcodeClient client = main.client(spec)) {
            spec.commandLine().getOut().println(LinkPrinter.json(client.get(code)));
            return 0;
        }
    }
}

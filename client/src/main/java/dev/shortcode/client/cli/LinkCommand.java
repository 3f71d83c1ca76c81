package dev.shortcode.client.cli;

import dev.shortcode.client.ShortcodeClient;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** A command about one link, named by its code: it opens a client, does its one call, and prints. */
abstract class LinkCommand implements Callable<Integer> {

    @ParentCommand
    Main main;
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "CODE")
    String code;

    @Override
    public final Integer call() throws Exception {
        try (ShortcodeClient client = main.client(spec)) {
            return run(client, spec.commandLine().getOut());
        }
    }

    /** The command's call on the link {@link #code}; its exit code. */
    abstract int run(ShortcodeClient client, PrintWriter out) throws Exception;
}

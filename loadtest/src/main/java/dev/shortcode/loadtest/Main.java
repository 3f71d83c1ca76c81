package dev.shortcode.loadtest;

import picocli.CommandLine;

import java.io.PrintWriter;

/** Entry point of {@code loadtest.jar}. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        // PNG plots are drawn with Java2D; never try to reach a display.
        System.setProperty("java.awt.headless", "true");
        System.exit(commandLine().execute(args));
    }

    /**
     * The configured command line: usage errors print the message and a hint (exit 2), failures
     * print one line (exit 1) rather than a stack trace, since both are for the person at the terminal.
     */
    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new LoadTestCommand());
        commandLine.setParameterExceptionHandler((e, args) -> {
            PrintWriter err = e.getCommandLine().getErr();
            err.println("error: " + e.getMessage());
            err.println("Try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
            err.flush();
            return CommandLine.ExitCode.USAGE;
        });
        commandLine.setExecutionExceptionHandler((e, cl, parseResult) -> {
            PrintWriter err = cl.getErr();
            err.println("error: " + e.getMessage());
            if (e.getMessage() == null || Boolean.getBoolean("loadtest.debug")) {
                e.printStackTrace(err);
            }
            err.flush();
            return CommandLine.ExitCode.SOFTWARE;
        });
        return commandLine;
    }
}

package dev.shortcode.client.cli;

import dev.shortcode.client.ProblemException;
import dev.shortcode.client.ShortcodeClient;
import dev.shortcode.client.ShortcodeException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * {@code shortcode}: the command-line client. Exit codes: 0 done (for bulk and import: every line
 * made a link), 1 refused or failed (for bulk and import: some line did not make a link), 2 a usage
 * error.
 */
@Command(name = "shortcode", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT, versionProvider = Main.Version.class,
        description = "The command-line client of the shortcode service.",
        subcommands = {CreateCommand.class, GetCommand.class, DeleteCommand.class, QrCommand.class, StatsCommand.class, ListCommand.class,
                ExportCommand.class,
                BulkCommand.class, ImportCommand.class, CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done (bulk, import: every line made a link)",
                "1:refused or failed (bulk, import: some line did not make a link)", "2:usage error"})
public final class Main {

    @Option(names = "--url", scope = ScopeType.INHERIT, paramLabel = "URL",
            defaultValue = "${env:SHORTCODE_URL:-http://localhost:8080}",
            description = "The service's base URL (env SHORTCODE_URL; default: ${DEFAULT-VALUE}).")
    String url;

    @Option(names = "--api-key", scope = ScopeType.INHERIT, paramLabel = "KEY", defaultValue = "${env:SHORTCODE_API_KEY}",
            description = "The API key, sent as X-API-Key (env SHORTCODE_API_KEY).")
    String apiKey;

    @Option(names = "--timeout", scope = ScopeType.INHERIT, paramLabel = "SECONDS", defaultValue = "30",
            description = "How long a request may wait for an answer (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    /** A client of the options' service, for the command {@code spec} (usage errors name it). */
    ShortcodeClient client(CommandSpec spec) {
        if (apiKey == null || apiKey.isBlank()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "an API key is needed: --api-key or SHORTCODE_API_KEY");
        }
        try {
            return new ShortcodeClient(url, apiKey, Duration.ofSeconds(timeoutSeconds));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--url: " + e.getMessage());
        }
    }

    /**
     * Vert.x and Netty log a reset connection at SEVERE; the CLI reports what failed itself (a
     * broken stream is retried, then named), so their logs are off. Held here: JUL keeps loggers
     * only weakly, and a collected logger forgets its level.
     */
    private static final List<Logger> QUIET = List.of(Logger.getLogger("io.vertx"), Logger.getLogger("io.netty"));

    public static void main(String[] args) {
        QUIET.forEach(logger -> logger.setLevel(Level.OFF));
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        System.exit(run(out, err, args));
    }

    /** Runs one command line and returns its exit code; what it prints goes to {@code out} and {@code err}. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine commandLine = new CommandLine(new Main());
        commandLine.setOut(out);
        commandLine.setErr(err);
        // A usage error names itself and where help is, without the whole usage text.
        commandLine.setParameterExceptionHandler((e, ignored) -> {
            CommandLine cmd = e.getCommandLine();
            cmd.getErr().println(e.getMessage());
            cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help'.");
            return cmd.getCommandSpec().exitCodeOnInvalidInput();
        });
        commandLine.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof CommandLine.ParameterException usage) {
                return commandLine.getParameterExceptionHandler().handleParseException(usage, args);
            }
            cmd.getErr().println("error: " + describe(e));
            return 1;
        });
        int code = commandLine.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    private static String describe(Exception e) {
        if (e instanceof ProblemException problem) {
            return problem.problem().toString()
                    + (problem.problem().type() == null ? "" : " (" + problem.problem().type() + ")");
        }
        if (e instanceof ShortcodeException || e instanceof java.io.IOException) {
            return e.getMessage();
        }
        return e.toString();
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = Main.class.getPackage().getImplementationVersion();
            return new String[] {"shortcode " + (version == null ? "(development)" : version)};
        }
    }
}

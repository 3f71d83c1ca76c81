package dev.shortcode.loadtest;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.assertj.core.api.Assertions.assertThat;

class CommandLineUnitTests {

    private record Result(int exitCode, String out, String err) {
    }

    private static Result execute(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = Main.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        return new Result(commandLine.execute(args), out.toString(), err.toString());
    }

    @Test
    void helpDocumentsEveryOptionOfEveryCommand() {
        Result help = execute("--help");
        assertThat(help.exitCode()).isZero();
        CommandLine commandLine = Main.commandLine();
        assertOptionsDocumented(commandLine, help.out());
        assertThat(help.out()).contains("--target", "--scenario", "--rate", "--duration", "--warmup", "--connections",
                "--api-key", "--links", "--zipf", "--mix", "--batch-size", "--find-max", "--p99",
                "baseline-server", "report", "bulk", "coordinated omission");
        for (String sub : new String[] {"baseline-server", "report", "bulk"}) {
            Result subHelp = execute(sub, "--help");
            assertThat(subHelp.exitCode()).isZero();
            assertOptionsDocumented(commandLine.getSubcommands().get(sub), subHelp.out());
        }
    }

    private static void assertOptionsDocumented(CommandLine commandLine, String usage) {
        for (OptionSpec option : commandLine.getCommandSpec().options()) {
            assertThat(usage).contains(option.longestName());
            assertThat(String.join(" ", option.description())).as(option.longestName()).isNotBlank();
        }
    }

    @Test
    void badValuesAreUsageErrorsNamingTheOption() {
        String[][] cases = {
                {"--rate", "-5"},
                {"--duration", "soon"},
                {"--scenario", "delete"},
                {"--mix", "95"},
                {"--zipf", "-1"},
                {"--batch-size", "5000"},
                {"--connections", "0"},
                {"--p99", "fast"},
                {"--plot", "gif"},
                {"--self-warmup", "2h"},
                {"--target", "http://203.0.113.9:80"},
        };
        for (String[] c : cases) {
            String[] args = c[0].equals("--target") ? c : new String[] {"--target", "http://127.0.0.1:9", c[0], c[1]};
            Result r = execute(args);
            assertThat(r.exitCode()).as(String.join(" ", c)).isEqualTo(CommandLine.ExitCode.USAGE);
            assertThat(r.err()).as(String.join(" ", c)).contains(c[0]).contains("error:");
        }
        Result missing = execute("--rate", "10");
        assertThat(missing.exitCode()).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(missing.err()).contains("--target is required");
        Result baseline = execute("baseline-server", "--port", "1", "--host", "0.0.0.0");
        assertThat(baseline.exitCode()).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(baseline.err()).contains("--host");
    }

    @Test
    void versusIsRefusedWithoutASearch_andItsOwnOptionsWithoutIt() {
        String[][] cases = {
                {"--versus", "--target", "http://127.0.0.1:9", "--versus", "http://127.0.0.1:10"},
                {"--versus-server-pid", "--target", "http://127.0.0.1:9", "--versus-server-pid", "1"},
                {"--tries", "--target", "http://127.0.0.1:9", "--find-max", "--versus", "http://127.0.0.1:10", "--tries", "2"},
                {"--ladder-step", "--target", "http://127.0.0.1:9", "--find-max", "--versus", "http://127.0.0.1:10", "--ladder-step", "0"},
                {"--versus", "--target", "http://127.0.0.1:9", "--find-max", "--versus", "http://203.0.113.9:80"},
                {"--versus", "--target", "http://127.0.0.1:9", "--find-max", "--versus", "http://127.0.0.1:70000"},
        };
        for (String[] c : cases) {
            Result r = execute(java.util.Arrays.copyOfRange(c, 1, c.length));
            assertThat(r.exitCode()).as(String.join(" ", c)).isEqualTo(CommandLine.ExitCode.USAGE);
            assertThat(r.err()).as(String.join(" ", c)).contains(c[0]).contains("error:");
        }
    }

    @Test
    void versionNamesTheStack() {
        Result version = execute("--version");
        assertThat(version.exitCode()).isZero();
        assertThat(version.out()).contains("loadtest", "Vert.x 4.", "Netty 4.", "Java ");
    }
}

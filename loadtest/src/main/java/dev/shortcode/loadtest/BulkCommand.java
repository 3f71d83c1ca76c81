package dev.shortcode.loadtest;

import io.vertx.core.json.JsonObject;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code loadtest bulk}: the bulk scenario. One stream of {@code --lines} lines to
 * {@code POST /api/v1/links/bulk} ({@link BulkStreamRun}), at {@code --rate} lines/s or as fast
 * as the server takes them; prints lines, links, problems, links/s and, with
 * {@code --server-pid}, the server's CPU per link; writes {@code <output-dir>/<name>.json}.
 */
@Command(name = "bulk",
        mixinStandardHelpOptions = true,
        versionProvider = VersionInfo.class,
        sortOptions = false,
        description = {"The bulk scenario: one NDJSON stream of --lines create lines to POST /api/v1/links/bulk, "
                + "read while it is written; reports links/s and, with --server-pid, server CPU µs per link.", ""})
public final class BulkCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--target", paramLabel = "URL", required = true, order = 1,
            description = "Service base URL, e.g. http://127.0.0.1:8080 (loopback only by default).")
    String target;

    @Option(names = "--lines", paramLabel = "N", defaultValue = "100000", order = 2,
            description = "Lines in the stream, one new link each. Default: ${DEFAULT-VALUE}.")
    long lines;

    @Option(names = "--rate", paramLabel = "N", defaultValue = "0", order = 3,
            description = "Lines sent per second; 0 = as fast as the server reads them. Default: ${DEFAULT-VALUE}.")
    double rate;

    @Option(names = "--api-key", paramLabel = "KEY", defaultValue = "${env:LOADTEST_API_KEY}",
            showDefaultValue = Visibility.NEVER, order = 4,
            description = "Sent as X-API-Key (a key with links:write). Default: $LOADTEST_API_KEY.")
    String apiKey;

    @Option(names = "--server-pid", paramLabel = "PID", order = 5,
            description = "A local server process (Linux): also report the CPU it used during the stream, per link.")
    Long serverPid;

    @Option(names = "--timeout", paramLabel = "TIME", defaultValue = "60s", order = 6,
            description = "Longest wait for the server's next bytes. Default: ${DEFAULT-VALUE}.")
    String timeout;

    @Option(names = "--output-dir", paramLabel = "DIR", defaultValue = "loadtest-results", order = 7,
            description = "Where <name>.json goes. Default: ${DEFAULT-VALUE}.")
    Path outputDir;

    @Option(names = "--name", paramLabel = "NAME", defaultValue = "bulk", order = 8,
            description = "Result name. Default: ${DEFAULT-VALUE}.")
    String name;

    @Option(names = "--refs", order = 9,
            description = "Give every line a ref (unique to this run), as a client that resumes broken streams does: "
                    + "the service then also records each line's ref.")
    boolean refs;

    @Option(names = "--allow-non-loopback", order = 10,
            description = "Allow a --target host outside 127.0.0.0/8, localhost and [::1]. Only load hosts you own.")
    boolean allowNonLoopback;

    @Override
    public Integer call() throws Exception {
        TargetUrl url;
        ProcessCpuClock cpu;
        int timeoutMillis;
        try {
            url = TargetUrl.parse(target, allowNonLoopback);
            LoadOptions.require(lines >= 1, "--lines must be at least 1 (was " + lines + ")");
            LoadOptions.require(rate >= 0 && Double.isFinite(rate), "--rate must be 0 or more lines/s (was " + rate + ")");
            timeoutMillis = (int) Math.min(Integer.MAX_VALUE, DurationParser.parse("--timeout", timeout).toMillis());
            LoadOptions.require(timeoutMillis > 0, "--timeout must be positive (was " + timeout + ")");
            cpu = serverPid == null ? null : ProcessCpuClock.of(serverPid);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        err.printf(Locale.ROOT, "bulk: %d lines %s against %s%n", lines, rate > 0 ? "at " + rate + " lines/s" : "as fast as it goes", url);
        String urlPrefix = "https://example.com/bulk/" + Long.toString(System.currentTimeMillis(), 36) + "/";
        double cpuBefore = cpu == null ? 0 : cpu.cpuSeconds();
        String refPrefix = refs ? "r" + Long.toString(System.nanoTime(), 36) + "-" : null;
        BulkStreamRun.Result result = new BulkStreamRun(url, apiKey, lines, rate, urlPrefix, refPrefix, timeoutMillis).run();
        double cpuSeconds = cpu == null ? Double.NaN : cpu.cpuSeconds() - cpuBefore;
        JsonObject json = new JsonObject().put("scenario", "bulk").put("name", name).put("target", url.toString())
                .put("lines", lines).put("refs", refs).put("targetRate", rate).put("results", result.lines()).put("links", result.links())
                .put("problems", result.problems()).put("outOfOrder", result.outOfOrder()).put("seconds", result.seconds())
                .put("linksPerSecond", result.linksPerSecond());
        String cpuText = "";
        if (cpu != null) {
            double micros = result.links() == 0 ? Double.NaN : cpuSeconds * 1e6 / result.links();
            json.put("serverCpu", new JsonObject().put("pid", cpu.pid()).put("cpuSeconds", cpuSeconds)
                    .put("microsPerLink", micros).put("cores", cpuSeconds / result.seconds()));
            cpuText = String.format(Locale.ROOT, ", server CPU %.1f µs/link (%.2f cores)", micros, cpuSeconds / result.seconds());
        }
        out.printf(Locale.ROOT, "bulk %s: %d lines, %d links, %d problems, %d out of order in %.2f s: %.0f links/s%s%n", name,
                result.lines(), result.links(), result.problems(), result.outOfOrder(), result.seconds(), result.linksPerSecond(), cpuText);
        Files.createDirectories(outputDir);
        Path file = outputDir.resolve(name + ".json");
        Files.writeString(file, json.encodePrettily(), StandardCharsets.UTF_8);
        out.println("wrote " + file);
        out.flush();
        boolean complete = result.lines() == lines && result.outOfOrder() == 0;
        if (!complete) {
            err.printf(Locale.ROOT, "error: %d result lines for %d lines sent, %d out of order%n", result.lines(), lines, result.outOfOrder());
        }
        return complete ? 0 : 1;
    }
}

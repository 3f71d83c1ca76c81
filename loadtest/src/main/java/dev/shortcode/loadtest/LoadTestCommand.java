package dev.shortcode.loadtest;

import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code loadtest}: the command line. Picocli fills the raw fields; {@link #call} turns them into
 * validated immutable options (a bad value fails with a message naming its option, exit code 2)
 * and runs either one measurement or a max-rate search.
 */
@Command(name = "loadtest",
        mixinStandardHelpOptions = true,
        versionProvider = VersionInfo.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        subcommands = {BaselineServerCommand.class, ReportCommand.class, BulkCommand.class},
        description = {
                "Open-loop HTTP load generator for the shortcode service.",
                "Each request is sent at its scheduled time t_i = start + i/rate, whether or not earlier ones were "
                        + "answered. Latency is measured from t_i (corrected for coordinated omission) and, "
                        + "next to it, from the actual send (uncorrected service time).",
                "Prints a progress line every second (stderr), then the result table (stdout); writes "
                        + "<output-dir>/<name>.json and a latency-percentile plot (.html, .png).",
                "Only loopback targets are accepted unless --allow-non-loopback is given.",
                ""},
        footer = {"",
                "Examples:",
                "  java -jar loadtest.jar --target http://127.0.0.1:8080 --rate 2000 --api-key KEY",
                "  java -jar loadtest.jar --target http://127.0.0.1:8080 --find-max --p99 10ms",
                "  java -jar loadtest.jar bulk --target http://127.0.0.1:8080 --lines 200000 --api-key KEY",
                "  java -jar loadtest.jar baseline-server --port 18081",
                "  java -jar loadtest.jar --target http://127.0.0.1:18081 --links 0 --duration 10s",
                "  java -jar loadtest.jar report loadtest-results/*.json"})
public final class LoadTestCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--target", paramLabel = "URL", order = 1,
            description = "Service base URL, e.g. http://127.0.0.1:8080 (required; http only, loopback only by default).")
    String target;

    @Option(names = "--scenario", paramLabel = "NAME", defaultValue = "redirect", order = 2,
            description = "create (POST /api/v1/links), batch (POST /api/v1/links/batch), redirect (GET /{code}), "
                    + "or mixed (redirect and create, see --mix). Default: ${DEFAULT-VALUE}.")
    String scenario;

    @Option(names = "--rate", paramLabel = "N", defaultValue = "1000", order = 3,
            description = "Constant arrival rate in requests/s, open loop. With --find-max: the first step's rate. "
                    + "Default: ${DEFAULT-VALUE}.")
    double rate;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "10s", order = 4,
            description = "Measured time (10s, 500ms, 2m, PT10S). With --find-max: per step. Default: ${DEFAULT-VALUE}.")
    String duration;

    @Option(names = "--warmup", paramLabel = "TIME", defaultValue = "3s", order = 5,
            description = "Load before measuring, not recorded, ramping from 10%% to 100%% of --rate so a cold "
                    + "service warms (JIT, connections, caches) without building a backlog. Default: ${DEFAULT-VALUE}.")
    String warmup;

    @Option(names = "--connections", paramLabel = "N", defaultValue = "16", order = 6,
            description = "HTTP/1.1 keep-alive connections in the client pool. Default: ${DEFAULT-VALUE}.")
    int connections;

    @Option(names = "--api-key", paramLabel = "KEY", defaultValue = "${env:LOADTEST_API_KEY}",
            showDefaultValue = Visibility.NEVER, order = 7,
            description = "Sent as X-API-Key on create and batch requests. Default: $LOADTEST_API_KEY.")
    String apiKey;

    @Option(names = "--links", paramLabel = "N", defaultValue = "10000", order = 8,
            description = "Redirect working set: links created up front through the batch API (redirect, mixed). "
                    + "0 = create none and request " + WorkingSet.SYNTHETIC_SIZE + " random codes (for servers "
                    + "without the API, e.g. the baseline). Default: ${DEFAULT-VALUE}.")
    int links;

    @Option(names = "--zipf", paramLabel = "S", defaultValue = "1.0", order = 9,
            description = "Popularity skew of redirects: link of rank k is requested with probability ~ 1/k^S; "
                    + "0 = uniform. Default: ${DEFAULT-VALUE}.")
    double zipf;

    @Option(names = "--mix", paramLabel = "R:C", defaultValue = "95:5", order = 10,
            description = "mixed scenario: redirect:create proportion. Default: ${DEFAULT-VALUE}.")
    String mix;

    @Option(names = "--batch-size", paramLabel = "N", defaultValue = "100", order = 11,
            description = "batch scenario: links per batch request (1.." + LinkApi.MAX_BATCH + "). "
                    + "Default: ${DEFAULT-VALUE}.")
    int batchSize;

    @Option(names = "--max-in-flight", paramLabel = "N", defaultValue = "10000", order = 12,
            description = "Outstanding requests allowed; a due request beyond it is dropped and counted as error "
                    + "'dropped'. Default: ${DEFAULT-VALUE}.")
    int maxInFlight;

    @Option(names = "--timeout", paramLabel = "TIME", defaultValue = "5s", order = 13,
            description = "Per request: to get a pooled connection ('pool-timeout'), then to get the response "
                    + "('timeout'). Default: ${DEFAULT-VALUE}.")
    String timeout;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", order = 14,
            description = "Seeds code choice and Zipf draws, so runs send the same request sequence. "
                    + "Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--self-warmup", paramLabel = "TIME", defaultValue = "2s", order = 15,
            description = "Before anything else, exercise the generator's own HTTP client against an in-process "
                    + "server (never the target) so a cold JVM's slowness is not charged to the service; 0 = off. "
                    + "Default: ${DEFAULT-VALUE}.")
    String selfWarmup;

    @Option(names = "--server-pid", paramLabel = "PID", order = 16,
            description = "A local server process (Linux): each run also reports the CPU it used in the measured "
                    + "window, per request and in cores. Default: not measured.")
    Long serverPid;

    @Option(names = "--find-max", order = 20,
            description = "Search for the highest rate whose corrected p99 stays under --p99: after one unjudged "
                    + "priming step, doubles from --rate until a step fails, then bisects; each step runs "
                    + "--warmup + --duration.")
    boolean findMax;

    @Option(names = "--p99", paramLabel = "TIME", defaultValue = "10ms", order = 21,
            description = "--find-max: the p99 bound a step must meet. Default: ${DEFAULT-VALUE}.")
    String p99;

    @Option(names = "--max-steps", paramLabel = "N", defaultValue = "10", order = 22,
            description = "--find-max: at most this many steps. Default: ${DEFAULT-VALUE}.")
    int maxSteps;

    @Option(names = "--retries", paramLabel = "N", defaultValue = "0", order = 22,
            description = "--find-max: run a failed step again at the same rate up to N times; the rate fails only if "
                    + "every run failed (each run counts as a step). Default: ${DEFAULT-VALUE}.")
    int retries;

    @Option(names = "--max-rate", paramLabel = "N", defaultValue = "100000", order = 23,
            description = "--find-max: never ask for more than this many requests/s. Default: ${DEFAULT-VALUE}.")
    double maxRate;

    @Option(names = "--max-error-ratio", paramLabel = "R", defaultValue = "0.001", order = 24,
            description = "--find-max: a step also fails if errors / requests exceed this. Default: ${DEFAULT-VALUE}.")
    double maxErrorRatio;

    @Option(names = "--versus", paramLabel = "URL", order = 25,
            description = "--find-max: a second service measured side by side with --target by this one process: "
                    + "both climb one ladder of rates from --rate by --ladder-step, each rate run up to --tries times "
                    + "per target, alternating which goes first, so the box's drift falls on both alike. Each target "
                    + "has its own working set; results go to <name>.json and <name>-versus.json.")
    String versus;

    @Option(names = "--versus-server-pid", paramLabel = "PID", order = 26,
            description = "--versus: the second service's process, whose CPU each of its runs reports. Default: not measured.")
    Long versusServerPid;

    @Option(names = "--ladder-step", paramLabel = "N", defaultValue = "1000", order = 27,
            description = "--versus: requests/s added from one rung of the ladder to the next. Default: ${DEFAULT-VALUE}.")
    double ladderStep;

    @Option(names = "--tries", paramLabel = "N", defaultValue = "3", order = 28,
            description = "--versus: runs per target and rung (odd); a rung passes for a target when most pass, and "
                    + "the target's maximum is its last rung before the first it fails. Default: ${DEFAULT-VALUE}.")
    int tries;

    @Option(names = "--output-dir", paramLabel = "DIR", defaultValue = "loadtest-results", order = 30,
            description = "Where <name>.json, <name>.html and <name>.png go. Default: ${DEFAULT-VALUE}.")
    Path outputDir;

    @Option(names = "--name", paramLabel = "NAME", order = 31,
            description = "Result name (file names, table title). Default: the scenario, plus '-find-max' for a search.")
    String name;

    @Option(names = "--plot", paramLabel = "FORMAT", defaultValue = "both", order = 32,
            description = "Latency-percentile plot to write: html (self-contained, inline SVG), png, both, none. "
                    + "Default: ${DEFAULT-VALUE}.")
    String plot;

    @Option(names = "--quiet", order = 33, description = "No progress line every second.")
    boolean quiet;

    @Option(names = "--user-agent", paramLabel = "UA", order = 35,
            description = "User-Agent header of every request (default: none), e.g. a phone's, to measure device targets.")
    String userAgent;

    @Option(names = "--link-json", paramLabel = "JSON", order = 36,
            description = "A JSON object whose fields join every item of the redirect working set, e.g. "
                    + "'{\"targets\": {\"ios\": \"https://apps.apple.com/app/id1\"}}' (default: url only).")
    String linkJson;

    @Option(names = "--allow-non-loopback", order = 34,
            description = "Allow a --target host outside 127.0.0.0/8, localhost and [::1]. Only load hosts you own.")
    boolean allowNonLoopback;

    @Override
    public Integer call() {
        Options options = options();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        LoadOptions load = options.load();
        try (LoadHarness harness = new LoadHarness(load, err, !quiet, options.selfWarmup(), options.serverCpu())) {
            ResultFiles files = new ResultFiles(options.output(), err);
            List<Path> written;
            if (options.versus() != null) {
                written = VersusRun.run(options, harness, !quiet, out, err);
            } else if (findMax) {
                err.printf(Locale.ROOT, "searching max rate of %s with corrected p99 <= %s against %s%n",
                        load.scenario().label(), DurationParser.format(options.search().p99Bound()), load.target());
                // A fresh generator JVM (and maybe a fresh service) is slow until JIT-compiled, and the
                // search's steps are short: a first, unjudged step keeps that out of the verdicts.
                err.printf(Locale.ROOT, "priming step at %.0f req/s (not judged) ...%n", load.rate());
                RunSummary prime = harness.run(load.rate(), options.output().name());
                out.println(ResultTable.stepHeader());
                out.println(ResultTable.primeLine(prime));
                out.flush();
                SearchResult result = new MaxRateSearch(options.search()).search(load.rate(),
                        stepRate -> {
                            err.printf(Locale.ROOT, "step at %.0f req/s ...%n", stepRate);
                            return harness.run(stepRate, options.output().name());
                        },
                        step -> {
                            out.println(ResultTable.stepLine(step));
                            out.flush();
                        });
                out.println(ResultTable.searchVerdict(result));
                if (result.best() != null) {
                    out.println();
                    out.print(ResultTable.render(result.best()));
                }
                written = files.writeSearch(result, load.scenario().label(), load.target().toString());
            } else {
                err.printf(Locale.ROOT, "%s at %.1f req/s for %s after %s warm-up, %d connections, against %s%n",
                        load.scenario().label(), load.rate(), DurationParser.format(load.duration()),
                        DurationParser.format(load.warmup()), load.connections(), load.target());
                RunSummary summary = harness.run(load.rate(), options.output().name());
                out.print(ResultTable.render(summary));
                written = files.writeRun(summary);
            }
            written.forEach(path -> out.println("wrote " + path));
            out.flush();
        }
        return 0;
    }

    /** Parses and validates every option; an invalid one becomes a usage error naming it. */
    Options options() {
        try {
            if (target == null || target.isBlank()) {
                throw new IllegalArgumentException("--target is required (e.g. --target http://127.0.0.1:8080)");
            }
            Scenario sc = Scenario.parse(scenario);
            LoadOptions load = new LoadOptions(TargetUrl.parse(target, allowNonLoopback), sc, rate,
                    DurationParser.parse("--duration", duration), DurationParser.parse("--warmup", warmup),
                    connections, apiKey, links, zipf, Mix.parse(mix), batchSize, maxInFlight,
                    DurationParser.parse("--timeout", timeout), seed, userAgent, linkJson);
            SearchOptions search = new SearchOptions(DurationParser.parse("--p99", p99), maxErrorRatio, maxSteps, maxRate, retries);
            String resultName = name != null ? name : sc.label() + (findMax ? "-find-max" : "");
            OutputOptions output = new OutputOptions(outputDir, resultName, plotFormat(plot), !quiet);
            Duration generatorWarmup = DurationParser.parse("--self-warmup", selfWarmup);
            LoadOptions.require(generatorWarmup.compareTo(Duration.ofMinutes(1)) <= 0,
                    "--self-warmup must be between 0s and 1m (was " + selfWarmup + ")");
            ProcessCpuClock serverCpu = serverPid == null ? null : ProcessCpuClock.of(serverPid);
            return new Options(load, search, output, generatorWarmup, serverCpu, versus(load, output));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    /** The second target of {@code --versus}, or null without it. */
    private Versus versus(LoadOptions load, OutputOptions output) {
        if (versus == null) {
            LoadOptions.require(versusServerPid == null, "--versus-server-pid needs --versus");
            return null;
        }
        LoadOptions.require(findMax, "--versus needs --find-max");
        LadderOptions ladder = new LadderOptions(ladderStep, tries);
        OutputOptions versusOutput = output.withName(output.name() + "-versus");
        ProcessCpuClock cpu = versusServerPid == null ? null : ProcessCpuClock.of(versusServerPid);
        return new Versus(load.withTarget(TargetUrl.parse("--versus", versus, allowNonLoopback)), versusOutput, cpu, ladder);
    }

    private static PlotFormat plotFormat(String text) {
        try {
            return PlotFormat.valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--plot must be html, png, both or none (was '" + text + "')", e);
        }
    }

    /** @param versus the second target of {@code --versus}; null without it */
    record Options(LoadOptions load, SearchOptions search, OutputOptions output, Duration selfWarmup,
            ProcessCpuClock serverCpu, Versus versus) {
    }

    /** {@code --versus}: the second target's load, where its results go, its server process, and the ladder both climb. */
    record Versus(LoadOptions load, OutputOptions output, ProcessCpuClock serverCpu, LadderOptions ladder) {
    }
}

package dev.shortcode.loadtest;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code loadtest baseline-server}: serves the bare Vert.x baseline ({@link BaselineServer}) until
 * killed or until {@code --exit-after}, so a forgotten server cannot run forever.
 */
@Command(name = "baseline-server",
        mixinStandardHelpOptions = true,
        versionProvider = VersionInfo.class,
        sortOptions = false,
        description = {
                "Serves the bare Vert.x baseline on a loopback port: GET /* -> 302 (fixed Location), "
                        + "POST .../batch -> 200 {\"results\":[]}, other POST -> 201 with a small fixed JSON link.",
                "Measures the floor of the stack the service runs on; run the scenarios against it with --links 0.",
                ""})
public final class BaselineServerCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--host", paramLabel = "ADDR", defaultValue = "127.0.0.1",
            description = "Loopback address to listen on. Default: ${DEFAULT-VALUE}.")
    String host;

    @Option(names = "--port", paramLabel = "PORT", required = true,
            description = "Port to listen on (0 = any free port, printed on start).")
    int port;

    @Option(names = "--event-loops", paramLabel = "N",
            description = "Event loops (server instances sharing the port). Default: available processors.")
    Integer eventLoops;

    @Option(names = "--exit-after", paramLabel = "TIME", defaultValue = "1h",
            description = "Stop by itself after this long. Default: ${DEFAULT-VALUE}.")
    String exitAfter;

    @Override
    public Integer call() throws InterruptedException {
        Duration lifetime;
        int loops = eventLoops == null ? Runtime.getRuntime().availableProcessors() : eventLoops;
        try {
            lifetime = DurationParser.parse("--exit-after", exitAfter);
            LoadOptions.require(port >= 0 && port <= 65_535, "--port must be 0..65535 (was " + port + ")");
            LoadOptions.require(loops >= 1 && loops <= 64, "--event-loops must be 1..64 (was " + loops + ")");
            LoadOptions.require(TargetUrl.isLoopback(host), "--host must be a loopback address (was " + host + ")");
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        CountDownLatch stopped = new CountDownLatch(1);
        BaselineServer server = BaselineServer.start(host, port, loops);
        Thread hook = new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "baseline-server-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        out.printf("baseline server listening on http://%s:%d (%d event loops); stops after %s or on SIGTERM/SIGINT%n",
                host, server.port(), loops, DurationParser.format(lifetime));
        out.flush();
        if (!stopped.await(lifetime.toMillis(), TimeUnit.MILLISECONDS)) {
            Runtime.getRuntime().removeShutdownHook(hook);
            server.close();
            out.println("baseline server stopped after " + DurationParser.format(lifetime));
        }
        return 0;
    }
}

package dev.shortcode.loadtest;

import java.io.PrintWriter;
import java.time.Duration;

/**
 * One client, one working set, any number of runs over them: a single run, or the steps of a
 * max-rate search (which must not re-create the working set for every step).
 */
final class LoadHarness implements AutoCloseable {

    private final LoadOptions options;
    private final LoadClient client;
    private final WorkingSet workingSet;
    private final RequestSource source;
    private final OpenLoopRunner runner;

    /**
     * @param log        where set-up messages and progress lines go (null: silent)
     * @param selfWarmup how long to warm the generator's own code first ({@link GeneratorWarmup}); zero for none
     */
    LoadHarness(LoadOptions options, PrintWriter log, boolean progress, Duration selfWarmup) {
        this(options, log, progress, selfWarmup, null);
    }

    /** @param serverCpu the server process whose CPU every run reports; null for none */
    LoadHarness(LoadOptions options, PrintWriter log, boolean progress, Duration selfWarmup, ProcessCpuClock serverCpu) {
        this.options = options;
        warmGenerator(options, log, selfWarmup);
        this.client = new LoadClient(options.target(), options.connections(), options.timeout(), options.apiKey(), options.userAgent());
        try {
            this.workingSet = workingSet(options, client, log);
            this.source = RequestSource.of(options, workingSet);
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
        this.runner = new OpenLoopRunner(client, progress ? log : null, serverCpu);
    }

    private static void warmGenerator(LoadOptions options, PrintWriter log, Duration selfWarmup) {
        if (selfWarmup.isZero()) {
            return;
        }
        if (log != null) {
            log.printf("warming the generator for %s against an in-process server (not the target) ...%n",
                    DurationParser.format(selfWarmup));
        }
        try {
            GeneratorWarmup.run(options, selfWarmup);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while warming the generator", e);
        }
    }

    private static WorkingSet workingSet(LoadOptions options, LoadClient client, PrintWriter log) {
        if (!options.scenario().needsWorkingSet()) {
            return WorkingSet.none();
        }
        if (options.links() == 0) {
            if (log != null) {
                log.printf("--links 0: requesting %d synthetic codes (no links created)%n", WorkingSet.SYNTHETIC_SIZE);
            }
            return WorkingSet.synthetic(WorkingSet.SYNTHETIC_SIZE, options.seed());
        }
        if (log != null) {
            log.printf("creating %d links through %s ...%n", options.links(), LinkApi.BATCH_PATH);
        }
        long start = System.nanoTime();
        WorkingSet set = new WorkingSetCreator(client, options.timeout(), log,
                options.linkFields() == null ? null : LinkApi.linkFields(options.linkFields())).create(options.links(), options.seed());
        if (log != null) {
            log.printf("working set: %d links in %.1f s%n", set.size(), (System.nanoTime() - start) / 1e9);
        }
        return set;
    }

    WorkingSet workingSet() {
        return workingSet;
    }

    /** Runs the configured load at the given rate. */
    RunSummary run(double rate, String name) {
        return runner.run(options.withRate(rate), source, name);
    }

    @Override
    public void close() {
        client.close();
    }
}

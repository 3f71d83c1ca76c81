package dev.shortcode.loadtest;

import java.time.Duration;

/**
 * How {@code --find-max} decides and how long it may look.
 *
 * @param p99Bound      a step passes only if its corrected p99 is at or under this
 * @param maxErrorRatio a step passes only if errors / scheduled requests is at or under this
 * @param maxSteps      hard bound on the number of steps, so a search always ends
 * @param maxRate       the search never asks for more than this
 * @param retries       a failed step is run again at the same rate up to this many times, and
 *                      the rate fails only if every run failed: on a shared, noisy box one
 *                      hiccup (another process's burst, a GC) must not decide the search. Each
 *                      run counts as a step
 */
public record SearchOptions(Duration p99Bound, double maxErrorRatio, int maxSteps, double maxRate, int retries) {

    public SearchOptions(Duration p99Bound, double maxErrorRatio, int maxSteps, double maxRate) {
        this(p99Bound, maxErrorRatio, maxSteps, maxRate, 0);
    }

    public SearchOptions {
        LoadOptions.require(p99Bound != null && p99Bound.toNanos() >= 1_000 && p99Bound.compareTo(Duration.ofMinutes(1)) <= 0,
                "--p99 must be between 1us and 1m (was " + p99Bound + ")");
        LoadOptions.require(maxErrorRatio >= 0 && maxErrorRatio <= 1,
                "--max-error-ratio must be 0..1 (was " + maxErrorRatio + ")");
        LoadOptions.require(maxSteps >= 1 && maxSteps <= 50, "--max-steps must be 1..50 (was " + maxSteps + ")");
        LoadOptions.require(maxRate > 0 && maxRate <= LoadOptions.MAX_RATE,
                "--max-rate must be > 0 and <= " + (long) LoadOptions.MAX_RATE + " (was " + maxRate + ")");
        LoadOptions.require(retries >= 0 && retries <= 5, "--retries must be 0..5 (was " + retries + ")");
    }
}

package dev.shortcode.loadtest;

/**
 * One step of a max-rate search.
 *
 * @param reason                why it failed, or "ok"
 * @param schedulerLagP99Micros how late the generator itself sent its requests (p99): if this is
 *                              large, the generator, not the service, set the step's latency
 * @param serverCpuMicros       server CPU per answered request ({@code --server-pid}); NaN when not measured
 */
public record SearchStep(int step, double rate, boolean passed, String reason, double achievedRate,
                         long p99Micros, long uncorrectedP99Micros, long errors, long schedulerLagP99Micros,
                         double serverCpuMicros) {

    /** The step a run makes, judged: {@code failure} is why it failed, null if it passed. */
    static SearchStep of(int step, double rate, String failure, RunSummary summary) {
        return new SearchStep(step, rate, failure == null, failure == null ? "ok" : failure, summary.achievedRate(),
                summary.corrected().p99Micros(), summary.uncorrected().p99Micros(), summary.errorTotal(),
                summary.schedulerLag().p99Micros(),
                summary.serverCpu() == null ? Double.NaN : summary.serverCpu().microsPerRequest());
    }
}

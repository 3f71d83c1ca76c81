package dev.shortcode.loadtest;

import java.util.List;

/**
 * The outcome of {@code --find-max}.
 *
 * @param maxRate the highest rate that passed, 0 if none did
 * @param best    the run at {@code maxRate}, null if none passed
 */
public record SearchResult(long p99BoundMicros, double maxErrorRatio, double maxRate, List<SearchStep> steps,
                           RunSummary best) {

    public SearchResult {
        steps = List.copyOf(steps);
    }
}

package dev.shortcode.loadtest;

/**
 * Produces the next request of a scenario. Called only from the single scheduler thread, so
 * implementations may keep unsynchronized state (counters, a random generator).
 */
public interface RequestSource {

    RequestSpec next();

    /** The request source for a scenario over a working set. */
    static RequestSource of(LoadOptions options, WorkingSet workingSet) {
        UrlSequence urls = new UrlSequence(options.seed());
        return switch (options.scenario()) {
            case CREATE -> new CreateRequests(urls);
            case BATCH -> new BatchRequests(urls, options.batchSize());
            case REDIRECT -> new RedirectRequests(workingSet, options.zipf(), options.seed());
            case MIXED -> new MixedRequests(options.mix(),
                    new RedirectRequests(workingSet, options.zipf(), options.seed()),
                    new CreateRequests(urls), options.seed());
        };
    }
}

package dev.shortcode.loadtest;

import java.util.SplittableRandom;

/**
 * {@code redirect}: {@code GET /{code}} with codes drawn by Zipf popularity. The working set is
 * shuffled once by rank so that popularity is not correlated with creation order (which would
 * favour whatever the service stored first).
 */
final class RedirectRequests implements RequestSource {

    private final String[] pathsByRank;
    private final ZipfSampler sampler;
    private final SplittableRandom random;

    RedirectRequests(WorkingSet workingSet, double zipf, long seed) {
        if (workingSet.size() == 0) {
            throw new IllegalArgumentException("redirect requests need a non-empty working set (--links)");
        }
        this.random = new SplittableRandom(seed);
        this.pathsByRank = new String[workingSet.size()];
        for (int i = 0; i < pathsByRank.length; i++) {
            pathsByRank[i] = LinkApi.redirectPath(workingSet.code(i));
        }
        shuffle(pathsByRank, new SplittableRandom(seed ^ 0x9E3779B97F4A7C15L));
        this.sampler = new ZipfSampler(pathsByRank.length, zipf);
    }

    @Override
    public RequestSpec next() {
        return RequestSpec.get(pathsByRank[sampler.next(random)], LinkApi.REDIRECT_STATUS);
    }

    private static void shuffle(String[] a, SplittableRandom random) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            String t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}

package dev.shortcode.loadtest;

import java.util.SplittableRandom;

/** {@code mixed}: each request is a redirect or a create, chosen at random in the {@code --mix} proportion. */
final class MixedRequests implements RequestSource {

    private final double redirectShare;
    private final RequestSource redirects;
    private final RequestSource creates;
    private final SplittableRandom random;

    MixedRequests(Mix mix, RequestSource redirects, RequestSource creates, long seed) {
        this.redirectShare = mix.redirectShare();
        this.redirects = redirects;
        this.creates = creates;
        this.random = new SplittableRandom(seed ^ 0x5DEECE66DL);
    }

    @Override
    public RequestSpec next() {
        return random.nextDouble() < redirectShare ? redirects.next() : creates.next();
    }
}

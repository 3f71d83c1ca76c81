package dev.shortcode.api.http;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Redirect traffic for the click statistics tests, and what it should have counted: per link the
 * clicks, the bots among them (crawlers, link previews, HEAD, no User-Agent) and the distinct
 * human visitors (X-Forwarded-For address and User-Agent, which the services are told to trust).
 */
final class ClickTraffic {

    static final List<String> BROWSERS = List.of(
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1",
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36",
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36",
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15");
    static final List<String> BOTS = List.of("Googlebot/2.1 (+http://www.google.com/bot.html)", "facebookexternalhit/1.1",
            "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)");

    /** Expected counts of one link. */
    static final class Expected {
        final LongAdder clicks = new LongAdder();
        final LongAdder bots = new LongAdder();
        final java.util.Set<String> visitors = ConcurrentHashMap.newKeySet();
    }

    final Map<String, Expected> expected = new ConcurrentHashMap<>();
    final AtomicLong failures = new AtomicLong();
    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final Semaphore inFlight;

    ClickTraffic(int concurrency) {
        this.inFlight = new Semaphore(concurrency);
    }

    /**
     * Sends one redirect of {@code code} to {@code baseUrl}, as a random kind of client; counts it
     * as expected once answered 302.
     *
     * @param onAnswered called with the answer time (nanoTime) of a 302
     */
    CompletableFuture<Void> send(String baseUrl, String code, Random random, java.util.function.LongConsumer onAnswered) {
        int kind = random.nextInt(100);
        boolean head = kind >= 80 && kind < 85;
        String agent = kind < 70 ? BROWSERS.get(random.nextInt(BROWSERS.size())) : kind < 80 ? BOTS.get(random.nextInt(BOTS.size()))
                : kind < 85 ? BROWSERS.get(0) : kind < 90 ? null : BROWSERS.get(random.nextInt(BROWSERS.size()));
        boolean bot = kind >= 70 && kind < 90;
        String ip = "10." + random.nextInt(4) + "." + random.nextInt(16) + "." + random.nextInt(64);
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + "/" + code)).timeout(Duration.ofSeconds(30))
                .method(head ? "HEAD" : "GET", HttpRequest.BodyPublishers.noBody()).header("X-Forwarded-For", ip);
        if (agent != null) {
            request.header("User-Agent", agent);
        }
        inFlight.acquireUninterruptibly();
        return http.sendAsync(request.build(), HttpResponse.BodyHandlers.discarding()).handle((response, failure) -> {
            inFlight.release();
            if (failure == null && response.statusCode() == 302) {
                Expected e = expected.computeIfAbsent(code, c -> new Expected());
                e.clicks.increment();
                if (bot) {
                    e.bots.increment();
                } else {
                    e.visitors.add(ip + "|" + agent);
                }
                onAnswered.accept(System.nanoTime());
            } else {
                failures.incrementAndGet();
            }
            return null;
        });
    }

    /** A code drawn Zipf(1)-skewed from {@code codes}: the first ones get most clicks. */
    static String zipf(List<String> codes, double[] cumulative, Random random) {
        double u = random.nextDouble() * cumulative[cumulative.length - 1];
        int i = java.util.Arrays.binarySearch(cumulative, u);
        return codes.get(Math.min(codes.size() - 1, i >= 0 ? i : -i - 1));
    }

    static double[] zipfWeights(int n) {
        double[] cumulative = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += 1.0 / (i + 1);
            cumulative[i] = sum;
        }
        return cumulative;
    }

    long total() {
        return expected.values().stream().mapToLong(e -> e.clicks.sum()).sum();
    }
}

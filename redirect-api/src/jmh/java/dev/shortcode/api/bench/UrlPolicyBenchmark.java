package dev.shortcode.api.bench;

import dev.shortcode.api.link.UrlPolicy;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The URL check every create pays for, on the shapes creates send: a short campaign link, a long
 * one with tracking parameters, an IDN host with non-ASCII in the path, and a host that is an IP
 * literal. Compare runs of the same command before and after a change to the policy.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class UrlPolicyBenchmark {

    @Param({"short", "long", "idn", "ip"})
    public String shape;

    private UrlPolicy policy;
    private String url;

    @Setup
    public void setUp() {
        policy = new UrlPolicy(Set.of("sho.rt"));
        url = switch (shape) {
            case "short" -> "https://example.com/spring-sale";
            case "long" -> "https://shop.example.com/campaigns/2026/spring/landing-page?utm_source=sms&utm_medium=text"
                    + "&utm_campaign=spring-sale-2026&utm_content=variant-b&gclid=" + "Cj0KCQiA".repeat(20) + "#offers";
            case "idn" -> "https://bücher.example/straße/übersicht?q=größe";
            case "ip" -> "http://93.184.216.34:8080/status";
            default -> throw new IllegalArgumentException(shape);
        };
    }

    @Benchmark
    public String normalise() {
        return policy.normalise(url);
    }
}

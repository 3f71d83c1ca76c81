package dev.shortcode.api.ops;

import dev.shortcode.core.Storage;
import dev.shortcode.core.StorageHealth;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready when this node can serve its traffic: every essential dependency answers (Redis, or the
 * embedded database). A dependency that is not essential being down (HBase, while the outbox
 * absorbs writes) leaves the node ready and says {@code "degraded": true}: taking every node out of
 * the load balancer at once for it would stop the redirects that do not need it. Each check also
 * sets {@code shortcode_storage_dependency_up} per dependency (1 up, 0 down), so a degraded node
 * shows on a dashboard. Liveness has no check of its own: it never depends on a dependency.
 */
@Readiness
@ApplicationScoped
public class StorageReadiness implements AsyncHealthCheck {

    /** A probe slower than this counts as down: readiness must answer quickly. */
    static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

    @Inject
    Storage storage;

    @Inject
    MeterRegistry registry;

    private final Map<String, AtomicInteger> upGauges = new ConcurrentHashMap<>();

    @Override
    public Uni<HealthCheckResponse> call() {
        return Uni.createFrom().completionStage(storage.health().get()).ifNoItem().after(PROBE_TIMEOUT).fail()
                .map(health -> {
                    record(health);
                    HealthCheckResponseBuilder builder = HealthCheckResponse.named("storage").withData("backend", storage.kind());
                    health.up().forEach((name, up) -> builder.withData(name, up ? "up" : "down"));
                    builder.withData("degraded", health.degraded());
                    return builder.status(health.ready()).build();
                })
                .onFailure().recoverWithItem(e -> HealthCheckResponse.named("storage").withData("backend", storage.kind())
                        .withData("error", e instanceof TimeoutException ? "no answer within " + PROBE_TIMEOUT.toMillis() + " ms"
                                : e.toString()).down().build());
    }

    private void record(StorageHealth health) {
        health.up().forEach((name, up) -> upGauges.computeIfAbsent(name, n -> {
            AtomicInteger value = new AtomicInteger();
            Gauge.builder("shortcode.storage.dependency.up", value, AtomicInteger::get).tag("dependency", n)
                    .description("1 when the dependency answered the last readiness probe, 0 when not").register(registry);
            return value;
        }).set(up ? 1 : 0));
    }
}

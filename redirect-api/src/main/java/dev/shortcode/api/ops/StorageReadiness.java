package dev.shortcode.api.ops;

import dev.shortcode.core.Storage;
import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/** Ready when every storage dependency answers (Redis and HBase, or the embedded database). */
@Readiness
@ApplicationScoped
public class StorageReadiness implements AsyncHealthCheck {

    /** A probe slower than this counts as down: readiness must answer quickly. */
    static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

    @Inject
    Storage storage;

    @Override
    public Uni<HealthCheckResponse> call() {
        return Uni.createFrom().completionStage(storage.health().get()).ifNoItem().after(PROBE_TIMEOUT).fail()
                .map(results -> {
                    HealthCheckResponseBuilder builder = HealthCheckResponse.named("storage").withData("backend", storage.kind());
                    boolean up = true;
                    for (Map.Entry<String, Boolean> e : results.entrySet()) {
                        builder.withData(e.getKey(), e.getValue() ? "up" : "down");
                        up &= e.getValue();
                    }
                    return builder.status(up).build();
                })
                .onFailure().recoverWithItem(e -> HealthCheckResponse.named("storage").withData("backend", storage.kind())
                        .withData("error", e instanceof TimeoutException ? "no answer within " + PROBE_TIMEOUT.toMillis() + " ms"
                                : e.toString()).down().build());
    }
}

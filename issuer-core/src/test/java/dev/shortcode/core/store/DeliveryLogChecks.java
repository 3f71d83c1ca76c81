package dev.shortcode.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

/** What every {@link DeliveryLog} must do, run by each backend's tests against its own store. */
public final class DeliveryLogChecks {

    private DeliveryLogChecks() {}

    /**
     * Entries replace those of the same delivery, come back newest first, the oldest beyond what
     * is kept are dropped, webhooks keep apart, and a forgotten webhook has none.
     */
    public static void keepsTheNewestDeliveriesOfEachWebhook(DeliveryLog log) {
        for (int i = 1; i <= 7; i++) {
            log.record("wh_a", "dlv_" + i, 1_000L * i, "{\"id\":\"dlv_" + i + "\",\"attempts\":1}", 5).toCompletableFuture().join();
        }
        log.record("wh_a", "dlv_6", 6_000L, "{\"id\":\"dlv_6\",\"attempts\":2}", 5).toCompletableFuture().join();
        log.record("wh_b", "dlv_1", 500L, "{\"id\":\"dlv_1\",\"webhook\":\"b\"}", 5).toCompletableFuture().join();

        List<String> a = log.recent("wh_a").toCompletableFuture().join();
        assertThat(a).containsExactly("{\"id\":\"dlv_7\",\"attempts\":1}", "{\"id\":\"dlv_6\",\"attempts\":2}",
                "{\"id\":\"dlv_5\",\"attempts\":1}", "{\"id\":\"dlv_4\",\"attempts\":1}", "{\"id\":\"dlv_3\",\"attempts\":1}");
        assertThat(log.recent("wh_b").toCompletableFuture().join()).containsExactly("{\"id\":\"dlv_1\",\"webhook\":\"b\"}");

        log.forget("wh_a").toCompletableFuture().join();
        assertThat(log.recent("wh_a").toCompletableFuture().join()).isEmpty();
        assertThat(log.recent("wh_b").toCompletableFuture().join()).hasSize(1);
        assertThat(log.recent("wh_never").toCompletableFuture().join()).isEmpty();

        log.requestRetry("wh_b", "dlv_1").toCompletableFuture().join();
        log.requestRetry("wh_b", "dlv_1").toCompletableFuture().join();
        log.requestRetry("wh_b", "dlv_2").toCompletableFuture().join();
        assertThat(log.takeRetries("wh_b").toCompletableFuture().join()).as("each asked once, taken once").containsExactlyInAnyOrder("dlv_1", "dlv_2");
        assertThat(log.takeRetries("wh_b").toCompletableFuture().join()).isEmpty();
        assertThat(log.takeRetries("wh_a").toCompletableFuture().join()).isEmpty();
    }
}

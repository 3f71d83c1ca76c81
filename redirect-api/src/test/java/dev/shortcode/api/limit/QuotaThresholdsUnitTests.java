package dev.shortcode.api.limit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.EventJournal;
import dev.shortcode.core.store.LinkEvent;
import dev.shortcode.core.store.RateDecision;
import dev.shortcode.core.store.WebhookEventType;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

class QuotaThresholdsUnitTests {

    private final List<LinkEvent> appended = new ArrayList<>();
    private final EventJournal journal = new EventJournal() {
        @Override
        public void filter(EventFilter filter) {}

        @Override
        public boolean wants(WebhookEventType type, String ownerKeyId) {
            return ownerKeyId.equals("k1");
        }

        @Override
        public CompletionStage<Void> append(List<LinkEvent> events) {
            appended.addAll(events);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<List<Entry>> read(long afterSequence, int max) {
            return CompletableFuture.completedFuture(List.of());
        }

        @Override
        public CompletionStage<Void> trim(long sequence) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public long backlog() {
            return 0;
        }
    };
    private final QuotaThresholds thresholds = new QuotaThresholds(journal, Clock.systemUTC());

    private static RateDecision allowed(long remaining) {
        return new RateDecision(true, remaining, 3600, 0, true);
    }

    @Test
    void theTakeThatCrosses80And100Percent_recordsOneEventEach() {
        thresholds.taken("k1", 100, 79, allowed(21));
        assertThat(appended).isEmpty();
        thresholds.taken("k1", 100, 1, allowed(20));
        thresholds.taken("k1", 100, 5, allowed(15));
        thresholds.taken("k1", 100, 15, allowed(0));
        thresholds.taken("k1", 100, 1, new RateDecision(false, 0, 3600, 3600, true));

        assertThat(appended).extracting(LinkEvent::type).containsOnly(WebhookEventType.KEY_QUOTA_THRESHOLD);
        assertThat(appended).extracting(LinkEvent::payload).containsExactly(
                "{\"keyId\":\"k1\",\"percent\":80,\"quota\":100,\"used\":80,\"resetsInSeconds\":3600}",
                "{\"keyId\":\"k1\",\"percent\":100,\"quota\":100,\"used\":100,\"resetsInSeconds\":3600}");
    }

    @Test
    void oneTakeOverBoth_recordsBoth_andKeysNobodyWatchesNone() {
        thresholds.taken("k2", 10, 10, allowed(0));
        assertThat(appended).isEmpty();
        thresholds.taken("k1", 10, 10, allowed(0));
        assertThat(appended).hasSize(2);
    }
}

package dev.shortcode.api.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.ClickDelta;
import dev.shortcode.core.store.EventJournal;
import dev.shortcode.core.store.LinkEvent;
import dev.shortcode.core.store.WebhookEventType;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

class ClickEventsUnitTests {

    private static final LocalDate DAY = LocalDate.of(2026, 12, 6);

    /** A journal whose filter wants the clicks of k1's links only. */
    private static final EventJournal K1 = new EventJournal() {
        @Override
        public void filter(EventFilter filter) {}

        @Override
        public boolean wants(WebhookEventType type, String ownerKeyId) {
            return type == WebhookEventType.LINK_CLICKED && ownerKeyId.equals("k1");
        }

        @Override
        public CompletionStage<Void> append(List<LinkEvent> events) {
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

    @Test
    void of_onePerLinkAndDay_withHumansBotsAndQrScans_onlyForOwnersSomeoneWatches() {
        List<ClickDelta> deltas = List.of(
                new ClickDelta("abc", DAY, Map.of("t", 10L, "b", 3L, "q", 2L), Set.of()),
                new ClickDelta("xyz", DAY, Map.of("t", 4L), Set.of()),
                new ClickDelta("gone", DAY, Map.of("t", 1L), Set.of()),
                new ClickDelta(ClickDelta.ownerSubject("k1"), DAY, Map.of("t", 10L, "l:abc", 10L), Set.of()),
                new ClickDelta(ClickDelta.ownerSubject("k2"), DAY, Map.of("t", 4L, "l:xyz", 4L), Set.of()),
                new ClickDelta(ClickDelta.ALL_SUBJECT, DAY, Map.of("t", 14L), Set.of()));

        List<LinkEvent> events = ClickEvents.of(deltas, 42, K1);

        assertThat(events).hasSize(1);
        LinkEvent event = events.get(0);
        assertThat(event.type()).isEqualTo(WebhookEventType.LINK_CLICKED);
        assertThat(event.ownerKeyId()).isEqualTo("k1");
        assertThat(event.subject()).isEqualTo("abc");
        assertThat(event.payload()).isEqualTo("{\"code\":\"abc\",\"day\":\"2026-12-06\",\"clicks\":10,\"humans\":7,\"bots\":3,\"qrScans\":2}");
    }
}

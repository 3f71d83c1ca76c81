package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.EventJournal;
import dev.shortcode.core.store.LinkEvent;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.WebhookEventType;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedEventJournalUnitTests {

    @TempDir
    Path dir;

    private static LinkRecord link(String code, String owner) {
        return new LinkRecord(code, "https://example.com/" + code, "p", 3600, false, 1_000, owner, 1);
    }

    @Test
    void linkChanges_areRecordedWithTheChange_onlyWhenTheFilterWantsThem() {
        try (EmbeddedDatabase db = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir))) {
            EmbeddedEventJournal journal = new EmbeddedEventJournal(db);
            EmbeddedHotStore hot = new EmbeddedHotStore(db, Clock.systemUTC(), journal);
            hot.create(link("unseen", "k1")).toCompletableFuture().join();
            journal.filter((type, owner) -> owner.equals("k1") && type != WebhookEventType.LINK_UPDATED);

            hot.create(link("a", "k1")).toCompletableFuture().join();
            hot.createAll(List.of(link("b", "k1"), link("c", "k2"))).toCompletableFuture().join();
            hot.update(link("a", "k1").updated("https://example.org/", 3600, false)).toCompletableFuture().join();
            hot.delete("b").toCompletableFuture().join();

            List<EventJournal.Entry> entries = journal.read(0, 100).toCompletableFuture().join();
            assertThat(entries).extracting(e -> e.event().type().label() + " " + e.event().subject())
                    .containsExactly("link.created a", "link.created b", "link.deleted b");
            assertThat(entries).extracting(EventJournal.Entry::sequence).isSorted().doesNotHaveDuplicates();
            assertThat(entries.get(0).event().link()).isEqualTo(link("a", "k1"));
        }
    }

    @Test
    void deliveryLog_keepsTheNewestDeliveriesOfEachWebhook_acrossAReopen() {
        try (EmbeddedDatabase db = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir))) {
            dev.shortcode.core.store.DeliveryLogChecks.keepsTheNewestDeliveriesOfEachWebhook(new EmbeddedDeliveryLog(db));
        }
        try (EmbeddedDatabase db = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir))) {
            assertThat(new EmbeddedDeliveryLog(db).recent("wh_b").toCompletableFuture().join()).hasSize(1);
        }
    }

    @Test
    void entries_surviveAReopen_andTrimForgetsThoseUpToASequence() {
        long second;
        try (EmbeddedDatabase db = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir))) {
            EmbeddedEventJournal journal = new EmbeddedEventJournal(db);
            journal.filter((type, owner) -> true);
            journal.append(List.of(event("x"), event("y"), event("z"))).toCompletableFuture().join();
            second = journal.read(0, 10).toCompletableFuture().join().get(1).sequence();
        }
        try (EmbeddedDatabase db = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir))) {
            EmbeddedEventJournal journal = new EmbeddedEventJournal(db);
            journal.filter((type, owner) -> true);
            journal.append(List.of(event("after"))).toCompletableFuture().join();
            journal.trim(second).toCompletableFuture().join();

            List<EventJournal.Entry> left = journal.read(0, 10).toCompletableFuture().join();
            assertThat(left).extracting(e -> e.event().subject()).containsExactly("z", "after");
            assertThat(left.get(1).sequence()).isGreaterThan(left.get(0).sequence());
            assertThat(journal.backlog()).isEqualTo(2);
        }
    }

    private static LinkEvent event(String subject) {
        return new LinkEvent(WebhookEventType.LINK_CLICKED, 5, "k1", subject, "{\"humans\":1}");
    }
}

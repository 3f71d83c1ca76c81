package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.Webhook;
import dev.shortcode.core.store.WebhookEventType;
import dev.shortcode.core.store.WebhookStore;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedWebhookStoreUnitTests {

    @TempDir
    Path dir;

    private static <T> T join(CompletionStage<T> stage) {
        return stage.toCompletableFuture().join();
    }

    private static Webhook webhook(String id, long createdAt) {
        return new Webhook(id, "k1", false, "https://hooks.example/" + id, EnumSet.of(WebhookEventType.LINK_CREATED,
                WebhookEventType.LINK_DELETED), true, "whsec_c2VjcmV0", createdAt, "", 0);
    }

    @Test
    void webhooks_areAddedChangedAndRemoved_besideTheModerationRecords_andSurviveARestart() {
        try (EmbeddedDatabase db = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir))) {
            EmbeddedModerationStore moderation = new EmbeddedModerationStore(db);
            WebhookStore store = moderation.webhooks();
            assertThat(join(store.add(webhook("wh_b", 2)))).isTrue();
            assertThat(join(store.add(webhook("wh_a", 1)))).isTrue();
            assertThat(join(store.add(webhook("wh_a", 3)))).as("the same id twice").isFalse();
            assertThat(join(store.update("wh_a", w -> w.changed(w.url(), Set.of(WebhookEventType.LINK_CLICKED), false).disabled("failing"))))
                    .hasValueSatisfying(w -> assertThat(w.enabled()).isFalse());
            assertThat(join(store.update("wh_none", w -> w))).isEmpty();
            join(store.advance("wh_b", 42));
            assertThat(join(moderation.rules())).as("moderation rows are apart").isEmpty();
        }
        try (EmbeddedDatabase db = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir))) {
            WebhookStore store = new EmbeddedModerationStore(db).webhooks();
            assertThat(join(store.webhooks())).extracting(Webhook::id).containsExactly("wh_a", "wh_b");
            Webhook a = join(store.webhooks()).get(0);
            assertThat(a.events()).containsExactly(WebhookEventType.LINK_CLICKED);
            assertThat(a.disabledReason()).isEqualTo("failing");
            assertThat(a.wants(WebhookEventType.LINK_CLICKED, "k1")).as("disabled").isFalse();
            assertThat(join(store.position("wh_b"))).isEqualTo(OptionalLong.of(42));

            assertThat(join(store.remove("wh_b"))).isTrue();
            assertThat(join(store.remove("wh_b"))).isFalse();
            assertThat(join(store.position("wh_b"))).isEmpty();
            assertThat(join(store.webhooks())).extracting(Webhook::id).containsExactly("wh_a");
        }
    }

    @Test
    void wants_ownEventsOfItsKey_orEveryKeysForAnAdmin() {
        Webhook own = webhook("wh_1", 1);
        Webhook admin = new Webhook("wh_2", "k_admin", true, own.url(), own.events(), false, own.secret(), 1, "", 0);

        assertThat(own.wants(WebhookEventType.LINK_CREATED, "k1")).isTrue();
        assertThat(own.wants(WebhookEventType.LINK_CREATED, "k2")).isFalse();
        assertThat(own.wants(WebhookEventType.LINK_UPDATED, "k1")).isFalse();
        assertThat(admin.wants(WebhookEventType.LINK_CREATED, "k2")).isTrue();
        assertThat(Webhook.decode(admin.encode())).isEqualTo(admin);
    }
}

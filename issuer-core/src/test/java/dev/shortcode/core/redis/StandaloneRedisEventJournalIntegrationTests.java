package dev.shortcode.core.redis;

import static dev.shortcode.core.redis.TestLinks.randomCode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.shortcode.core.store.EventJournal;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.UpdateResult;
import dev.shortcode.core.store.WebhookEventType;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.redis.RedisServers;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Redis event journal on a real redis-server: creates and updates reach it through the outbox
 * and the archiver (nothing more on the create path), only once archived and only what a webhook
 * wants; deletes beside their outbox entry; trims; one claim holder per webhook at a time.
 */
class StandaloneRedisEventJournalIntegrationTests {

    private static final ArchiverOptions FAST = ArchiverOptions.builder()
            .retryBackoffMin(Duration.ofMillis(20)).retryBackoffMax(Duration.ofMillis(200))
            .claimIdle(Duration.ofSeconds(30)).claimInterval(Duration.ofMillis(200)).build();

    private RedisDeployment redis;
    private StoreKeys keys;
    private RedisConnection connection;
    private RedisHotStore store;
    private SwitchableArchive archive;
    private RedisEventJournal journal;
    private OutboxArchiver archiver;

    @BeforeEach
    void setUp() {
        redis = RedisServers.sharedStandalone();
        keys = new StoreKeys("t" + UUID.randomUUID().toString().substring(0, 8), 4);
        connection = redis.connect();
        store = new RedisHotStore(connection, keys, HotStoreOptions.DEFAULTS);
        archive = new SwitchableArchive();
        journal = new RedisEventJournal(connection.async(), keys);
        store.recordingEvents(journal);
        journal.filter((type, owner) -> owner.equals("k1"), journal.version().toCompletableFuture().join());
        archiver = new OutboxArchiver(redis::connect, archive, keys, FAST, OutboxMetrics.NOOP, "node-1", Clock.systemUTC())
                .recordingEvents(journal).start();
    }

    @AfterEach
    void tearDown() {
        archiver.close();
        store.close();
        connection.close();
    }

    private static LinkRecord link(String owner) {
        String code = randomCode(9);
        return new LinkRecord(code, "https://example.com/" + code, "long", 600, false, System.currentTimeMillis(), owner, 1);
    }

    private List<EventJournal.Entry> all() {
        return journal.read(0, 100_000).toCompletableFuture().join();
    }

    private static Set<String> of(List<EventJournal.Entry> entries, WebhookEventType type) {
        return entries.stream().filter(e -> e.event().type() == type).map(e -> e.event().subject()).collect(Collectors.toSet());
    }

    @Test
    void deliveryLog_keepsTheNewestDeliveriesOfEachWebhook() {
        dev.shortcode.core.store.DeliveryLogChecks.keepsTheNewestDeliveriesOfEachWebhook(new RedisDeliveryLog(connection.async(), keys));
    }

    @Test
    void linkChanges_areJournaledOnceArchived_onlyForOwnersSomeoneWatches() {
        List<LinkRecord> watched = new ArrayList<>();
        List<CompletableFuture<Boolean>> created = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            LinkRecord link = link(i % 4 == 0 ? "k2" : "k1");
            if (link.ownerKeyId().equals("k1")) {
                watched.add(link);
            }
            created.add(store.create(link).toCompletableFuture());
        }
        assertThat(created.stream().map(CompletableFuture::join)).containsOnly(true);
        LinkRecord changed = watched.get(0);
        assertThat(store.update(changed.updated("https://example.org/new", 600, false)).toCompletableFuture().join()).isEqualTo(UpdateResult.UPDATED);
        assertThat(store.delete(watched.get(1).code()).toCompletableFuture().join()).isTrue();

        Set<String> watchedCodes = watched.stream().map(LinkRecord::code).collect(Collectors.toSet());
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            List<EventJournal.Entry> entries = all();
            assertThat(of(entries, WebhookEventType.LINK_CREATED)).isEqualTo(watchedCodes);
            assertThat(of(entries, WebhookEventType.LINK_UPDATED)).containsExactly(changed.code());
            assertThat(of(entries, WebhookEventType.LINK_DELETED)).containsExactly(watched.get(1).code());
        });
        List<EventJournal.Entry> entries = all();
        assertThat(entries).extracting(EventJournal.Entry::sequence).isSorted().doesNotHaveDuplicates();
        assertThat(entries.stream().filter(e -> e.event().subject().equals(changed.code()) && e.event().type() == WebhookEventType.LINK_UPDATED)
                .findFirst().orElseThrow().event().link().url()).isEqualTo("https://example.org/new");

        long middle = entries.get(entries.size() / 2).sequence();
        journal.trim(middle).toCompletableFuture().join();
        assertThat(all()).extracting(EventJournal.Entry::sequence).allMatch(s -> s > middle).hasSize(entries.size() - entries.size() / 2 - 1);
        assertThat(journal.read(middle, 10).toCompletableFuture().join()).hasSize(10);
    }

    @Test
    void anArchiveOutage_holdsTheEventsInTheOutbox_untilItIsOver() {
        archive.switchTo(SwitchableArchive.Mode.FAIL);
        LinkRecord link = link("k1");
        assertThat(store.create(link).toCompletableFuture().join()).isTrue();
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(3)).until(() -> all().isEmpty());

        archive.switchTo(SwitchableArchive.Mode.ACCEPT);
        await().atMost(Duration.ofSeconds(30)).until(() -> of(all(), WebhookEventType.LINK_CREATED).contains(link.code()));
    }

    /** A webhook registered on another node: until this node's filter catches up, it records every link event. */
    @Test
    void aFilterOlderThanTheWebhooks_recordsEverything_untilItCatchesUp() {
        journal.filter((type, owner) -> false, journal.version().toCompletableFuture().join());
        LinkRecord unwatched = link("k9");
        assertThat(store.create(unwatched).toCompletableFuture().join()).isTrue();
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(3)).until(() -> all().isEmpty());

        journal.webhooksChanged().toCompletableFuture().join(); // another node registered one
        LinkRecord meanwhile = link("k9");
        assertThat(store.create(meanwhile).toCompletableFuture().join()).isTrue();
        await().atMost(Duration.ofSeconds(30)).until(() -> of(all(), WebhookEventType.LINK_CREATED).contains(meanwhile.code()));

        journal.filter((type, owner) -> false, journal.version().toCompletableFuture().join());
        LinkRecord after = link("k9");
        assertThat(store.create(after).toCompletableFuture().join()).isTrue();
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(3))
                .until(() -> !of(all(), WebhookEventType.LINK_CREATED).contains(after.code()));
    }

    @Test
    void claim_isHeldByOneNodeAtATime_andPassesOnWhenItLapses() {
        assertThat(journal.claim("wh_1", "node-a", 300).toCompletableFuture().join()).isTrue();
        assertThat(journal.claim("wh_1", "node-b", 300).toCompletableFuture().join()).isFalse();
        assertThat(journal.claim("wh_1", "node-a", 300).toCompletableFuture().join()).as("renewed").isTrue();
        assertThat(journal.claim("wh_2", "node-b", 300).toCompletableFuture().join()).as("another webhook").isTrue();
        await().atMost(Duration.ofSeconds(5)).until(() -> journal.claim("wh_1", "node-b", 300).toCompletableFuture().join());
        assertThat(journal.claim("wh_1", "node-a", 300).toCompletableFuture().join()).isFalse();
    }
}

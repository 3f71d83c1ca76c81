package dev.shortcode.core.redis;

import static dev.shortcode.core.redis.TestLinks.link;
import static dev.shortcode.core.redis.TestLinks.randomCode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRecordCodec;
import dev.shortcode.core.store.UpdateResult;
import dev.shortcode.testing.redis.RedisDeployment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What only links in groups do ({@link LinkGroups}): expiry judged per field by Redis's clock, the
 * hash living as long as its longest-lived link, the sweep, and the guard that keeps every node of
 * a namespace on one layout. The hot store's behaviour itself runs in every layout
 * ({@link StandaloneGroupedRedisHotStoreIntegrationTests}, {@link ClusterGroupedRedisHotStoreIntegrationTests}).
 */
abstract class AbstractLinkGroupsIntegrationTests {

    private static final int GROUPS = 8;

    RedisConnection connection;
    StoreKeys keys;
    RedisHotStore store;
    RawLinks raw;

    protected abstract RedisDeployment redis();

    @BeforeEach
    void setUp() {
        connection = redis().connect();
        keys = new StoreKeys("g" + UUID.randomUUID().toString().substring(0, 8), 4, GROUPS);
        store = new RedisHotStore(connection, keys, HotStoreOptions.DEFAULTS);
        raw = new RawLinks(connection, keys);
    }

    @AfterEach
    void tearDown() {
        store.close();
        connection.close();
    }

    @Test
    void anExpiredLink_isAbsentToEveryOperation_andItsCodeCanBeTakenAgain() throws Exception {
        LinkRecord shortLived = link(randomCode(7), 1);
        LinkRecord neighbour = link(codeInGroupOf(shortLived.code(), true), 600); // keeps their hash alive
        assertThat(store.create(shortLived).toCompletableFuture().join()).isTrue();
        assertThat(store.create(neighbour).toCompletableFuture().join()).isTrue();
        Thread.sleep(2_100);

        assertThat(raw.fieldsInGroupOf(shortLived.code())).as("the field is still in its hash").isPositive();
        assertThat(store.peek(shortLived.code()).toCompletableFuture().join()).isEmpty();
        assertThat(store.update(shortLived.updated("https://example.org/late", 600, false)).toCompletableFuture().join())
                .isEqualTo(UpdateResult.MISSING);
        assertThat(store.delete(shortLived.code()).toCompletableFuture().join()).isFalse();
        assertThat(store.get(shortLived.code()).toCompletableFuture().join()).isEmpty();
        LinkRecord again = link(shortLived.code(), 600);
        assertThat(store.create(again).toCompletableFuture().join()).as("a create takes the expired code").isTrue();
        assertThat(raw.get(again.code())).isEqualTo(LinkRecordCodec.encode(again));
        assertThat(store.get(neighbour.code()).toCompletableFuture().join()).contains(neighbour);
    }

    /**
     * Expiries are whole seconds: one cut down to the second would end a 2 s link created late in a
     * second barely a second later. Twenty links created 50 ms apart, at every phase of a second,
     * are each still there 1.8 s after their create.
     */
    @Test
    void aLink_livesAtLeastItsTtl_whateverPartOfASecondItWasCreatedIn() throws Exception {
        List<LinkRecord> links = new ArrayList<>();
        List<Long> createdAt = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            LinkRecord link = link(randomCode(7), 2);
            assertThat(store.create(link).toCompletableFuture().join()).isTrue();
            createdAt.add(System.nanoTime());
            links.add(link);
            Thread.sleep(50);
        }
        for (int i = 0; i < links.size(); i++) {
            long due = createdAt.get(i) + Duration.ofMillis(1_800).toNanos();
            Thread.sleep(Math.max(0, (due - System.nanoTime()) / 1_000_000));
            assertThat(store.peek(links.get(i).code()).toCompletableFuture().join()).as("link %d, 1.8 s after its create", i)
                    .contains(links.get(i));
        }
    }

    @Test
    void aGroupsHash_livesAsLongAsItsLongestLivedLink_andGoesWithTheLast() throws Exception {
        List<LinkRecord> links = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            links.add(link(randomCode(7), 2));
        }
        assertThat(store.createAll(links).toCompletableFuture().join()).containsOnly(true);
        Set<String> hashes = new HashSet<>();
        for (LinkRecord l : links) {
            hashes.add(keys.linkGroup(keys.linkGroupOf(l.code())));
        }
        for (String hash : hashes) {
            assertThat(connection.sync().ttl(hash)).as(hash).isBetween(1L, 3L); // expiries round up to the second
        }
        LinkRecord extended = links.get(0);
        // another hash made longer-lived; not the extended link's, whose TTL is asserted below
        assertThat(store.restore(link(codeInGroupOf(extended.code(), false), 600)).toCompletableFuture().join()).isTrue();
        String longLived = keys.linkGroup(keys.linkGroupOf(extended.code()));
        raw.expire(extended.code(), 30);
        assertThat(new LinkGroups(connection.async(), keys).extend(extended.code(), 30).join()).isTrue();
        assertThat(connection.sync().ttl(longLived)).as("the hash of the extended link").isBetween(29L, 31L);

        Thread.sleep(3_100);
        for (LinkRecord l : links.subList(1, links.size())) {
            assertThat(raw.exists(l.code())).as(l.code()).isFalse();
        }
        assertThat(raw.get(extended.code())).isEqualTo(LinkRecordCodec.encode(extended));
        assertThat(connection.sync().exists(longLived)).isEqualTo(1L);
    }

    @Test
    void theSweep_deletesExactlyTheExpiredFields() throws Exception {
        List<LinkRecord> dying = new ArrayList<>();
        List<LinkRecord> living = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            dying.add(link(randomCode(7), 1));
            living.add(link(randomCode(7), 600));
        }
        assertThat(store.createAll(living).toCompletableFuture().join()).containsOnly(true);
        assertThat(store.createAll(dying).toCompletableFuture().join()).containsOnly(true);
        LinkRecord deleted = living.remove(0);
        assertThat(store.delete(deleted.code()).toCompletableFuture().join()).isTrue();
        Thread.sleep(2_100);
        long fieldsBefore = fields();
        assertThat(fieldsBefore).isEqualTo(120);

        try (LinkGroupSweeper sweeper = new LinkGroupSweeper(connection.async(), keys, Duration.ofMinutes(10))) {
            assertThat(sweeper.sweep(3, GROUPS).join()).as("fields deleted, starting anywhere").isEqualTo(60);
            assertThat(sweeper.sweep(0, GROUPS).join()).as("a second pass finds nothing").isZero();
        }
        assertThat(fields()).as("the live links and the deleted one's marker").isEqualTo(60);
        for (LinkRecord l : living) {
            assertThat(store.peek(l.code()).toCompletableFuture().join()).as(l.code()).contains(l);
        }
        assertThat(raw.get(deleted.code())).as("a marker lives as long as its link would have").isEqualTo(LinkSlots.REMOVED);
    }

    @Test
    void theSweeper_onItsOwn_passesOverEveryGroupWithinItsPeriod() throws Exception {
        List<LinkRecord> dying = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            dying.add(link(randomCode(7), 600));
        }
        assertThat(store.createAll(dying).toCompletableFuture().join()).containsOnly(true);
        for (LinkRecord l : dying) {
            raw.expire(l.code(), 1); // the hashes keep their 600 s
        }
        Thread.sleep(1_100);
        try (LinkGroupSweeper sweeper = new LinkGroupSweeper(connection.async(), keys, Duration.ofSeconds(2)).start()) {
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(8)).until(() -> fields() == 0);
            assertThat(sweeper.swept()).isEqualTo(40);
        }
    }

    @Test
    void aTtlPastWhatAnExpiryHolds_endsAtTheLastOne_ratherThanWrappingIntoThePast() {
        LinkRecord century = link(randomCode(7), Duration.ofDays(36_500).toSeconds());
        assertThat(store.create(century).toCompletableFuture().join()).isTrue();
        assertThat(store.peek(century.code()).toCompletableFuture().join()).contains(century);
        assertThat(raw.ttl(century.code())).as("until December 2093")
                .isGreaterThan(Duration.ofDays(365L * 60).toSeconds()).isLessThan(Duration.ofDays(365L * 70).toSeconds());
    }

    @Test
    void aNodeWithAnotherLayout_refusesToStart_namingBoth() {
        StoreKeys otherCount = new StoreKeys(keys.namespace(), 4, GROUPS * 2);
        assertThatThrownBy(() -> new RedisHotStore(connection, otherCount, HotStoreOptions.DEFAULTS).close())
                .isInstanceOf(ConfigException.class).hasMessageContaining("shortcode.redis.link-groups")
                .hasMessageContaining("groups:" + GROUPS);
        StoreKeys keyPerLink = new StoreKeys(keys.namespace(), 4);
        assertThatThrownBy(() -> new RedisHotStore(connection, keyPerLink, HotStoreOptions.DEFAULTS).close())
                .isInstanceOf(ConfigException.class).hasMessageContaining("groups:" + GROUPS);
        new RedisHotStore(connection, keys, HotStoreOptions.DEFAULTS).close(); // the same layout starts
    }

    /** Another random code whose group is (or, with {@code same} false, is not) the group of {@code code}. */
    private String codeInGroupOf(String code, boolean same) {
        String other;
        do {
            other = randomCode(7);
        } while (other.equals(code) || (keys.linkGroupOf(other) == keys.linkGroupOf(code)) != same);
        return other;
    }

    private long fields() {
        long n = 0;
        for (int g = 0; g < GROUPS; g++) {
            n += connection.sync().hlen(keys.linkGroup(g));
        }
        return n;
    }
}

package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.index.ExternalIds.Claim;
import dev.shortcode.core.index.LinkPage;
import dev.shortcode.core.index.LinkQuery;
import dev.shortcode.core.index.Position;
import dev.shortcode.core.store.LinkMeta;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkTargets;
import dev.shortcode.testing.time.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded link index on a real RocksDB: rows written with the link in the writer's batch,
 * rewritten by updates, gone with deletes and with an expired link whose code is taken again;
 * pages in order from any position, bounded by their budget; tag counts; external id claims.
 */
class EmbeddedLinkIndexUnitTests {

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    private EmbeddedDatabase storage;
    private EmbeddedHotStore store;
    private EmbeddedLinkIndex index;
    private EmbeddedExternalIds claims;

    @BeforeEach
    void open() {
        storage = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir));
        store = new EmbeddedHotStore(storage, clock);
        index = new EmbeddedLinkIndex(storage);
        claims = new EmbeddedExternalIds(storage);
    }

    @AfterEach
    void close() {
        storage.close();
    }

    private LinkRecord link(String code, String owner, List<String> tags, String externalId) {
        return new LinkRecord(code, "https://example.com/" + code, "short", 3600, false, clock.millis(), owner, 1, LinkTargets.NONE,
                new LinkMeta("Title of " + code, tags, externalId));
    }

    private LinkRecord created(LinkRecord link) {
        assertThat(store.create(link).toCompletableFuture().join()).isTrue();
        clock.advance(Duration.ofMillis(1));
        return link;
    }

    private static LinkQuery query(String owner, List<String> tags, Position after, int limit, int budget) {
        return new LinkQuery(owner, tags, null, null, List.of(), null, null, null, after, limit, budget);
    }

    private List<String> codes(LinkQuery query) {
        return index.find(query).toCompletableFuture().join().links().stream().map(LinkRecord::code).toList();
    }

    @Test
    void pages_areNewestFirst_continueStrictlyAfterTheirPosition_andEndWithNull() {
        List<String> newestFirst = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            newestFirst.add(0, created(link("c" + i, "k1", List.of(), null)).code());
        }
        created(link("other", "k2", List.of(), null));
        List<String> seen = new ArrayList<>();
        Position after = null;
        do {
            LinkPage page = index.find(query("k1", List.of(), after, 7, 1000)).toCompletableFuture().join();
            page.links().forEach(l -> seen.add(l.code()));
            after = page.next();
        } while (after != null);
        assertThat(seen).containsExactlyElementsOf(newestFirst);
    }

    @Test
    void linksOfOneMillisecond_areOrderedByCode_andAPositionBetweenThemSplitsThem() {
        for (String code : List.of("b", "a", "c")) {
            assertThat(store.create(link(code, "k1", List.of(), null)).toCompletableFuture().join()).isTrue();
        }
        assertThat(codes(query("k1", List.of(), null, 10, 100))).containsExactly("a", "b", "c");
        assertThat(codes(query("k1", List.of(), new Position(clock.millis(), "a"), 10, 100))).containsExactly("b", "c");
    }

    @Test
    void aTagQuery_readsThatTagsRows_andChecksTheOthersOnTheLink() {
        LinkRecord both = created(link("both", "k1", List.of("a", "b"), null));
        created(link("onlyA", "k1", List.of("a"), null));
        created(link("none", "k1", List.of(), null));
        assertThat(codes(query("k1", List.of("a"), null, 10, 100))).containsExactly("onlyA", "both");
        assertThat(codes(query("k1", List.of("b", "a"), null, 10, 100))).containsExactly(both.code());
        assertThat(index.tagCounts("k1").toCompletableFuture().join()).isEqualTo(Map.of("a", 2L, "b", 1L));
        assertThat(index.tagCounts("k2").toCompletableFuture().join()).isEmpty();
    }

    @Test
    void anUpdate_movesTheLinkBetweenTagRows_andADelete_removesEveryRowAndItsClaim() {
        LinkRecord v1 = created(link("x", "k1", List.of("old", "kept"), "ext-1"));
        assertThat(claims.claim("k1", "ext-1", new Claim("x", 1)).toCompletableFuture().join()).isEmpty();
        LinkRecord v2 = v1.updated(v1.url(), v1.ttlSeconds(), false, v1.targets(), v1.meta().withTags(List.of("kept", "new")));
        assertThat(store.update(v2).toCompletableFuture().join()).isEqualTo(dev.shortcode.core.store.UpdateResult.UPDATED);
        assertThat(codes(query("k1", List.of("old"), null, 10, 100))).isEmpty();
        assertThat(codes(query("k1", List.of("new"), null, 10, 100))).containsExactly("x");
        assertThat(index.tagCounts("k1").toCompletableFuture().join()).isEqualTo(Map.of("kept", 1L, "new", 1L));
        assertThat(store.delete("x").toCompletableFuture().join()).isTrue();
        assertThat(codes(query("k1", List.of(), null, 10, 100))).isEmpty();
        assertThat(codes(query("k1", List.of("kept"), null, 10, 100))).isEmpty();
        assertThat(index.tagCounts("k1").toCompletableFuture().join()).isEmpty();
        assertThat(claims.claim("k1", "ext-1", new Claim("y", 2)).toCompletableFuture().join()).as("the delete released it").isEmpty();
    }

    @Test
    void anExpiredLinkWhoseCodeIsTakenAgain_leavesTheIndexWithTheNewLinkOnly() {
        created(link("w", "k1", List.of("first"), null));
        clock.advance(Duration.ofHours(2)); // past the TTL: the entry stays as the archive's copy
        assertThat(codes(query("k1", List.of(), null, 10, 100))).as("an expired link is still listed").containsExactly("w");
        created(link("w", "k2", List.of("second"), null));
        assertThat(codes(query("k1", List.of(), null, 10, 100))).isEmpty();
        assertThat(codes(query("k1", List.of("first"), null, 10, 100))).isEmpty();
        assertThat(codes(query("k2", List.of("second"), null, 10, 100))).containsExactly("w");
    }

    @Test
    void aFilterThatMatchesLittle_endsThePageAtItsBudget_withAPositionToGoOn() {
        created(link("match", "k1", List.of(), null));
        for (int i = 0; i < 300; i++) {
            created(link("miss" + i, "k1", List.of(), null));
        }
        LinkQuery titled = new LinkQuery("k1", List.of(), null, null, List.of("title", "of", "match"), null, null, null, null, 10, 100);
        LinkPage first = index.find(titled).toCompletableFuture().join();
        assertThat(first.links()).isEmpty();
        assertThat(first.next()).isNotNull();
        List<String> found = new ArrayList<>();
        Position after = first.next();
        int pages = 1;
        while (after != null) {
            LinkPage page = index.find(titled.from(after, 10)).toCompletableFuture().join();
            page.links().forEach(l -> found.add(l.code()));
            after = page.next();
            pages++;
        }
        assertThat(found).containsExactly("match");
        assertThat(pages).isEqualTo(4); // 301 rows, 100 a page
    }

    @Test
    void anExternalId_findsItsLink_andAClaimIsHeldUntilReplacedByItsExactHolder() {
        created(link("e1", "k1", List.of(), "order-7"));
        assertThat(claims.claim("k1", "order-7", new Claim("e1", 5)).toCompletableFuture().join()).isEmpty();
        assertThat(claims.claim("k1", "order-7", new Claim("e2", 6)).toCompletableFuture().join()).contains(new Claim("e1", 5));
        assertThat(claims.claim("k2", "order-7", new Claim("e3", 6)).toCompletableFuture().join()).as("another owner's own").isEmpty();
        LinkQuery byId = new LinkQuery("k1", List.of(), "order-7", null, List.of(), null, null, null, null, 10, 100);
        assertThat(codes(byId)).containsExactly("e1");
        assertThat(claims.replace("k1", "order-7", new Claim("e1", 4), new Claim("e2", 6)).toCompletableFuture().join()).isFalse();
        assertThat(claims.replace("k1", "order-7", new Claim("e1", 5), new Claim("e2", 6)).toCompletableFuture().join()).isTrue();
        assertThat(claims.claim("k1", "order-7", new Claim("e9", 7)).toCompletableFuture().join()).isEqualTo(Optional.of(new Claim("e2", 6)));
    }
}

package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.store.ClickBucket;
import dev.shortcode.core.store.ClickDelta;
import dev.shortcode.core.store.FieldCounts;
import dev.shortcode.core.store.VisitorHashes;
import dev.shortcode.core.store.ClickFields;
import dev.shortcode.core.store.ClickRetention;
import dev.shortcode.testing.redis.RedisDeployment;
import dev.shortcode.testing.time.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Redis click store and its roll-up against a real Redis, standalone and Cluster, over an
 * in-memory archive; each test in its own key namespace, with the time moved by hand.
 */
abstract class AbstractRedisClickStoreIntegrationTests {

    protected abstract RedisDeployment redis();

    /**
     * The test's day: today, because Redis expires the keys at absolute times of its own clock;
     * the store's clock starts at 22:00 of it and is moved by hand from there.
     */
    private static final LocalDate D = LocalDate.now(java.time.ZoneOffset.UTC);
    private final MutableClock clock = new MutableClock(at(0, "22:00"));

    private static String d(int offset) {
        return D.plusDays(offset).toString();
    }

    private static Instant at(int offset, String time) {
        return Instant.parse(d(offset) + "T" + time + ":00Z");
    }
    private final MemoryClickArchive archive = new MemoryClickArchive();
    private StoreKeys keys;
    private RedisClickStore store;
    private final List<AutoCloseable> toClose = new ArrayList<>();

    @BeforeEach
    void open() {
        keys = new StoreKeys("clk" + UUID.randomUUID().toString().substring(0, 8), 8);
        store = node("node-a");
    }

    private RedisClickStore node(String name) {
        RedisClickStore s = new RedisClickStore(redis().connect(), keys, archive, clock, name);
        toClose.add(s);
        return s;
    }

    private ClickRollup rollup(RedisClickStore on) {
        ClickRollup r = new ClickRollup(on, keys, archive, ClickRollupOptions.DEFAULTS, clock, "roller");
        toClose.add(r);
        return r;
    }

    @AfterEach
    void close() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
    }

    private static ClickDelta delta(String subject, String day, Map<String, Long> counts, Set<String> visitors) {
        return new ClickDelta(subject, LocalDate.parse(day), counts, visitors);
    }

    private ClickBucket day(RedisClickStore on, String subject, String day) {
        List<ClickBucket> days = on.days(subject, LocalDate.parse(day), LocalDate.parse(day)).toCompletableFuture().join();
        return days.isEmpty() ? null : days.get(0);
    }

    @Test
    void apply_sameBatchAgain_countsNothingTwice_andTheNextBatchAdds() {
        ClickDelta first = delta("abcde", d(0), Map.of("t", 3L, "b", 1L, "h22", 3L, "x22", 1L, "d:ios", 2L), Set.of("v1", "v2"));
        store.apply(7, List.of(first)).toCompletableFuture().join();
        store.apply(7, List.of(first)).toCompletableFuture().join(); // a retry after an unknown outcome
        store.apply(8, List.of(delta("abcde", d(0), Map.of("t", 1L, "h22", 1L), Set.of("v2", "v3")))).toCompletableFuture().join();
        RedisClickStore other = node("node-b");
        other.apply(1, List.of(delta("abcde", d(0), Map.of("t", 1L, "h22", 1L), Set.of()))).toCompletableFuture().join();

        ClickBucket day = day(store, "abcde", d(0));
        assertThat(day.count("t")).isEqualTo(5);
        assertThat(day.count("b")).isEqualTo(1);
        assertThat(day.count("h22")).isEqualTo(5);
        assertThat(day.count("d:ios")).isEqualTo(2);
        assertThat(day.count(ClickFields.UNIQUES)).isEqualTo(3);
        assertThat(day.counts().keySet()).as("no bookkeeping field leaks").allMatch(f -> !f.startsWith("~"));
    }

    @Test
    void apply_aBatchOfMoreSubjectDaysThanOneScriptCallTakes_countsEachOnce_evenSentTwice() {
        int links = 3 * RedisClickStore.DELTAS_PER_CALL + 7;
        List<ClickDelta> batch = new java.util.ArrayList<>();
        for (int i = 0; i < links; i++) {
            batch.add(delta("link" + i, d(0), Map.of("t", 2L, "h03", 2L, "d:android", 1L, "r:news.example", 1L), Set.of("a" + i, "b" + i)));
        }
        batch.add(delta("~owner1", d(0), Map.of("t", 2L * links, "l:link0", 2L, "l:link1", 2L), Set.of()));
        store.apply(1, batch).toCompletableFuture().join();
        store.apply(1, batch).toCompletableFuture().join();
        for (int i = 0; i < links; i += 41) {
            ClickBucket day = day(store, "link" + i, d(0));
            assertThat(day.count("t")).isEqualTo(2);
            assertThat(day.count("h03")).isEqualTo(2);
            assertThat(day.count("r:news.example")).isEqualTo(1);
            assertThat(day.count(ClickFields.UNIQUES)).isEqualTo(2);
        }
        ClickBucket owner = day(store, "~owner1", d(0));
        assertThat(owner.count("t")).isEqualTo(2L * links);
        assertThat(owner.count("l:link1")).isEqualTo(2);
    }

    /** Links whose keys share one hash slot, so that on a Cluster too one batch makes several calls of one slot. */
    private static List<String> linksOfOneSlot(int count) {
        List<String> links = new ArrayList<>();
        int slot = io.lettuce.core.cluster.SlotHash.getSlot("gap0");
        for (int n = 0; links.size() < count; n++) {
            if (io.lettuce.core.cluster.SlotHash.getSlot("gap" + n) == slot) {
                links.add("gap" + n);
            }
        }
        return links;
    }

    private List<ClickDelta> twoClicksEach(List<String> links) {
        return links.stream().map(link -> delta(link, d(0), Map.of("t", 2L, "h05", 2L), Set.of("v-" + link))).toList();
    }

    @Test
    void apply_aBatchRepeatedAfterOnlyItsFirstCallWasTaken_addsTheRest_andEachSubjectDayOnce() {
        List<String> links = linksOfOneSlot(RedisClickStore.DELTAS_PER_CALL + 5);
        List<ClickDelta> batch = twoClicksEach(links);
        // The first call of batch 5 arrived, its reply and the rest of the batch did not.
        store.apply(5, batch.subList(0, RedisClickStore.DELTAS_PER_CALL)).toCompletableFuture().join();
        store.apply(5, batch).toCompletableFuture().join();
        store.apply(5, batch).toCompletableFuture().join();
        for (String link : links) {
            assertThat(day(store, link, d(0)).count("t")).as(link).isEqualTo(2);
        }
        store.apply(6, batch).toCompletableFuture().join();
        assertThat(day(store, links.get(links.size() - 1), d(0)).count("t")).as("the next batch adds").isEqualTo(4);
    }

    @Test
    void apply_aCallThatFailed_keepsTheLaterCallsOfItsSlotFromCounting_andTheRepeatCountsEachOnce() {
        List<String> links = linksOfOneSlot(RedisClickStore.DELTAS_PER_CALL + 5);
        List<ClickDelta> batch = twoClicksEach(links);
        RedisConnection plain = redis().connect();
        toClose.add(plain);
        String blocking = keys.clickDay(links.get(0), RedisClickStore.DAY_TEXT.format(D));
        plain.sync().set(blocking, "not a hash"); // the first call fails at its first HINCRBY, before any change

        assertThatThrownBy(() -> store.apply(1, batch).toCompletableFuture().join())
                .hasMessageMatching("(?s).*(WRONGTYPE|CLICKGAP).*");
        for (String link : links.subList(1, links.size())) {
            assertThat(day(store, link, d(0))).as("%s: its call came after one that was not taken", link).isNull();
        }
        plain.sync().del(blocking);
        store.apply(1, batch).toCompletableFuture().join();
        for (String link : links) {
            ClickBucket day = day(store, link, d(0));
            assertThat(day.count("t")).as(link).isEqualTo(2);
            assertThat(day.count(ClickFields.UNIQUES)).as(link).isEqualTo(1);
        }
    }

    @Test
    void apply_newReferrerHostsBeyondSixtyFour_countAsOther_andOwnersKeepTheirLinks() {
        Map<String, Long> counts = new HashMap<>(Map.of("t", 70L));
        for (int i = 0; i < 70; i++) {
            counts.put(ClickFields.REFERRER + "site" + i + ".example", 1L);
        }
        store.apply(1, List.of(delta("abcde", d(0), counts, Set.of()),
                delta("~owner1", d(0), Map.of("t", 5L, "l:abcde", 3L, "l:abcdf", 2L), Set.of()))).toCompletableFuture().join();
        ClickBucket first = day(store, "abcde", d(0));
        List<String> kept = first.counts().keySet().stream().filter(f -> ClickFields.isReferrer(f) && !f.equals(ClickFields.REFERRER_OTHER)).toList();
        assertThat(kept).as("which 64 of the 70 depends on the order the batch lists them in").hasSize(ClickRetention.MAX_REFERRERS);
        assertThat(first.count(ClickFields.REFERRER_OTHER)).isEqualTo(6);
        store.apply(2, List.of(delta("abcde", d(0), Map.of("t", 2L, kept.get(0), 1L, "r:late.example", 1L), Set.of())))
                .toCompletableFuture().join();
        ClickBucket day = day(store, "abcde", d(0));
        assertThat(day.counts().keySet().stream().filter(f -> ClickFields.isReferrer(f) && !f.equals(ClickFields.REFERRER_OTHER)))
                .hasSize(ClickRetention.MAX_REFERRERS);
        assertThat(day.count(kept.get(0))).as("a kept host goes on counting").isEqualTo(2);
        assertThat(day.count(ClickFields.REFERRER_OTHER)).as("six hosts of the first batch, one of the second").isEqualTo(7);
        ClickBucket owner = day(store, "~owner1", d(0));
        assertThat(owner.count("l:abcde")).isEqualTo(3);
        assertThat(owner.count("l:abcdf")).isEqualTo(2);
    }

    @Test
    void apply_givesEachKeyItsExpiry_alsoAKeyThatALaterBatchCreates_andAgainAfterADelete() {
        String day = RedisClickStore.DAY_TEXT.format(D);
        List<String> subjectKeys = List.of(keys.clickDay("abcde", day), keys.clickVisitors("abcde", day), keys.clickTopLinks("~owner1", day));
        // The first batch has no visitors and no links: only the day hashes exist after it.
        store.apply(1, List.of(delta("abcde", d(0), Map.of("t", 1L, "b", 1L), Set.of()),
                delta("~owner1", d(0), Map.of("t", 1L, "b", 1L), Set.of()))).toCompletableFuture().join();
        store.apply(2, List.of(delta("abcde", d(0), Map.of("t", 1L), Set.of("v1")),
                delta("~owner1", d(0), Map.of("t", 1L, "l:abcde", 1L), Set.of("v1")))).toCompletableFuture().join();
        node("node-b").apply(1, List.of(delta("abcde", d(0), Map.of("t", 1L), Set.of("v2")))).toCompletableFuture().join();
        assertExpireWithTheDay(subjectKeys);

        store.delete("abcde").toCompletableFuture().join();
        store.apply(3, List.of(delta("abcde", d(0), Map.of("t", 1L), Set.of("v3")))).toCompletableFuture().join();
        assertExpireWithTheDay(subjectKeys.subList(0, 2));
        assertThat(day(store, "abcde", d(0)).count("t")).isEqualTo(1);
    }

    @Test
    void apply_manyVisitorsOfOneSubjectDay_goAsASketch_countedLikeTheSameVisitorsAddedOneByOne() {
        Set<String> few = new HashSet<>();
        for (int i = 0; i < 10; i++) {
            few.add("visitor-" + i);
        }
        Set<String> many = new HashSet<>(); // five of the few again, and enough to be sent as a sketch
        for (int i = 5; i < 5 + 3 * RedisClickStore.SKETCH_FROM; i++) {
            many.add("visitor-" + i);
        }
        store.apply(1, List.of(delta("abcde", d(0), Map.of("t", 10L), few))).toCompletableFuture().join();
        List<ClickDelta> second = List.of(delta("abcde", d(0), Map.of("t", (long) many.size()), many),
                delta("~owner1", d(0), Map.of("t", (long) many.size(), "l:abcde", (long) many.size()), many));
        store.apply(2, second).toCompletableFuture().join(); // merged into the link's key; the owner's key made of it
        store.apply(2, second).toCompletableFuture().join(); // a retry adds nothing

        RedisConnection plain = redis().connect();
        toClose.add(plain);
        String reference = "{ref}" + UUID.randomUUID();
        Set<String> all = new HashSet<>(few);
        all.addAll(many);
        plain.sync().pfadd(reference, all.toArray(String[]::new));
        String ownerOnly = "{ref}" + UUID.randomUUID();
        plain.sync().pfadd(ownerOnly, many.toArray(String[]::new));
        ClickBucket link = day(store, "abcde", d(0));
        assertThat(link.count(ClickFields.UNIQUES)).isEqualTo(plain.sync().pfcount(reference)).isBetween(2_900L, 3_100L);
        assertThat(link.count("t")).isEqualTo(10L + many.size());
        assertThat(day(store, "~owner1", d(0)).count(ClickFields.UNIQUES)).isEqualTo(plain.sync().pfcount(ownerOnly));
        String day = RedisClickStore.DAY_TEXT.format(D);
        assertExpireWithTheDay(List.of(keys.clickVisitors("abcde", day), keys.clickVisitors("~owner1", day)));
        assertThat(plain.sync().exists(keys.clickVisitorsScratch("abcde", day))).as("the scratch key is gone").isZero();
    }

    @Test
    void apply_theFlushersOwnShapes_countAsAnyMapAndSetDo_aNonAsciiReferrerAndASketchIncluded() {
        long[] few = {7, -7, 7, 1L << 62};
        long[] many = new long[2 * RedisClickStore.SKETCH_FROM];
        for (int i = 0; i < many.length; i++) {
            many[i] = 0x9E3779B97F4A7C15L * (i + 1);
        }
        FieldCounts link = new FieldCounts(4);
        link.add("t", 4);
        link.add("r:b\u00fccher.example", 3); // a referrer host as Unicode: the argument is no longer ASCII
        link.add("h05", 4);
        FieldCounts busy = new FieldCounts(2);
        busy.add("t", many.length);
        VisitorHashes fewVisitors = VisitorHashes.of(few.clone(), few.length);
        VisitorHashes manyVisitors = VisitorHashes.of(many.clone(), many.length);
        store.apply(1, List.of(delta("abcde", d(0), link, fewVisitors), delta("abcdf", d(0), busy, manyVisitors))).toCompletableFuture().join();

        RedisConnection plain = redis().connect();
        toClose.add(plain);
        String fewReference = "{ref}" + UUID.randomUUID();
        String manyReference = "{ref}" + UUID.randomUUID();
        plain.sync().pfadd(fewReference, new HashSet<>(fewVisitors).toArray(String[]::new));
        plain.sync().pfadd(manyReference, new HashSet<>(manyVisitors).toArray(String[]::new));
        ClickBucket small = day(store, "abcde", d(0));
        assertThat(small.count("t")).isEqualTo(4);
        assertThat(small.count("r:b\u00fccher.example")).isEqualTo(3);
        assertThat(small.count("h05")).isEqualTo(4);
        assertThat(small.count(ClickFields.UNIQUES)).isEqualTo(plain.sync().pfcount(fewReference)).isEqualTo(3);
        ClickBucket large = day(store, "abcdf", d(0));
        assertThat(large.count("t")).isEqualTo(many.length);
        assertThat(large.count(ClickFields.UNIQUES)).as("sent as a sketch").isEqualTo(plain.sync().pfcount(manyReference)).isBetween(1_900L, 2_100L);
    }

    private void assertExpireWithTheDay(List<String> subjectKeys) {
        RedisConnection plain = redis().connect();
        toClose.add(plain);
        long expireAt = (D.toEpochDay() + RedisClickStore.REDIS_DAYS) * 86_400;
        long now = Instant.now().getEpochSecond();
        for (String key : subjectKeys) {
            assertThat(plain.sync().ttl(key)).as("the time to live of %s", key).isBetween(expireAt - now - 60, expireAt - now + 1);
        }
    }

    @Test
    void apply_topLinksOfAFullSet_areTheLargest_exactlyAsIfEveryLinkWereAddedAndTheLowestCut() {
        Map<String, Long> expected = new HashMap<>();
        List<Map<String, Long>> batches = new ArrayList<>();
        Map<String, Long> first = new HashMap<>(); // 1,200 links: the 1,000 largest stay, the lowest score 1,200
        for (int i = 0; i < 1_200; i++) {
            first.put(link(i), 1_000L + i);
        }
        batches.add(first);
        Map<String, Long> second = new HashMap<>();
        for (int i = 0; i < 200; i++) {
            second.put(link(i), 5L); // cut ones, below the lowest: they stay out
        }
        for (int i = 200; i < 210; i++) {
            second.put(link(i), 5L); // kept ones, below the lowest too: they go on counting
        }
        second.put(link(1_200), 5_000L); // a new one above it enters, the lowest leaves
        second.put(link(1_201), 1_205L); // a new one tied with the lowest after this batch
        batches.add(second);
        Map<String, Long> third = new HashMap<>();
        for (int i = 0; i < 1_300; i += 3) {
            third.put(link(i), (long) (i % 7 + 1) * 300);
        }
        third.remove(link(0));
        batches.add(third);
        // The batches above carry more links than TOP_LINKS_READ_FROM (the script reads the set's
        // members once); this one fewer (it asks link by link): kept and new links below the lowest.
        Map<String, Long> fourth = new HashMap<>();
        for (int i = 0; i < 1_400; i += 140) {
            fourth.put(link(i), 1L);
        }
        fourth.put(link(1_500), 1L);
        fourth.put(link(1_501), 100_000L);
        assertThat(fourth).hasSizeLessThan(RedisClickStore.TOP_LINKS_READ_FROM);
        assertThat(second).hasSizeGreaterThanOrEqualTo(RedisClickStore.TOP_LINKS_READ_FROM);
        batches.add(fourth);
        for (int b = 0; b < batches.size(); b++) {
            Map<String, Long> counts = new HashMap<>(Map.of("t", 1L));
            batches.get(b).forEach((code, n) -> counts.put(ClickFields.LINK + code, n));
            store.apply(b + 1, List.of(delta("~owner1", d(0), counts, Set.of()))).toCompletableFuture().join();
            addAndCutTheLowest(expected, batches.get(b));
        }
        Map<String, Long> kept = new HashMap<>();
        day(store, "~owner1", d(0)).counts().forEach((field, n) -> {
            if (ClickFields.isLink(field)) {
                kept.put(field.substring(ClickFields.LINK.length()), n);
            }
        });
        assertThat(kept).hasSize(ClickRetention.MAX_TOP_LINKS).isEqualTo(expected);
    }

    private static String link(int i) {
        return String.format("k%04d", i);
    }

    /** The plain rule the script must give the same result as: add every link, then cut the lowest (score, then code) past the cap. */
    private static void addAndCutTheLowest(Map<String, Long> top, Map<String, Long> delta) {
        delta.forEach((code, n) -> top.merge(code, n, Long::sum));
        List<Map.Entry<String, Long>> lowestFirst = new ArrayList<>(top.entrySet());
        lowestFirst.sort(Map.Entry.<String, Long>comparingByValue().thenComparing(Map.Entry.comparingByKey()));
        for (int i = 0; i < lowestFirst.size() - ClickRetention.MAX_TOP_LINKS; i++) {
            top.remove(lowestFirst.get(i).getKey());
        }
    }

    @Test
    void rollup_copiesFinishedDaysAndTheirMonth_redisLosingEverythingThenLosesOnlyToday() {
        store.apply(1, List.of(delta("abcde", d(0), Map.of("t", 4L, "h22", 4L, "d:ios", 4L), Set.of("v1", "v2")),
                delta("~owner1", d(0), Map.of("t", 4L, "l:abcde", 4L), Set.of()))).toCompletableFuture().join();
        ClickRollup rollup = rollup(store);
        assertThat(rollup.rollDueDays()).as("the day is not over").isZero();

        clock.set(at(1, "00:01"));
        store.apply(2, List.of(delta("abcde", d(1), Map.of("t", 1L, "h00", 1L), Set.of("v1")))).toCompletableFuture().join();
        assertThat(rollup.rollDueDays()).as("within the grace after midnight").isZero();

        clock.set(at(1, "00:05"));
        archive.down = true;
        assertThatThrownBy(rollup::rollDueDays).as("the archive is down: the round fails and is retried").isInstanceOf(RuntimeException.class);
        archive.down = false;
        assertThat(rollup.rollDueDays()).isEqualTo(1);
        assertThat(rollup.rollDueDays()).as("done").isZero();

        // A node whose batch of March 31 arrives late: the day is rolled up again.
        node("node-late").apply(1, List.of(delta("abcde", d(0), Map.of("t", 2L, "h23", 2L), Set.of("v9"))))
                .toCompletableFuture().join();
        assertThat(rollup.rollDueDays()).isEqualTo(1);

        redis().flushAll(); // Redis loses everything: March 31 is in the archive, April 1 was not rolled up yet
        ClickBucket march31 = day(store, "abcde", d(0));
        assertThat(march31.count("t")).isEqualTo(6);
        assertThat(march31.count("h22")).isEqualTo(4);
        assertThat(march31.count("h23")).isEqualTo(2);
        assertThat(march31.count(ClickFields.UNIQUES)).isEqualTo(3);
        assertThat(day(store, "~owner1", d(0)).count("l:abcde")).isEqualTo(4);
        assertThat(day(store, "abcde", d(1))).as("today's counts were only in Redis").isNull();

        clock.set(at(40, "12:00")); // the day's month is now read from the archive's month rows
        List<ClickBucket> months = store.months("abcde", YearMonth.from(D), YearMonth.from(D)).toCompletableFuture().join();
        assertThat(months).extracting(ClickBucket::start).containsExactly(YearMonth.from(D).atDay(1));
        assertThat(months.get(0).count("t")).isEqualTo(6);
        assertThat(months.get(0).counts()).doesNotContainKey("h22");
    }

    @Test
    void rollup_givesAFinishedDaysKeysTheirExpiryAgain_aKeyMadeWithoutOneIncluded() {
        store.apply(1, List.of(delta("abcde", d(0), Map.of("t", 2L, "h22", 2L), Set.of("v1")),
                delta("~owner1", d(0), Map.of("t", 2L, "l:abcde", 2L), Set.of()))).toCompletableFuture().join();
        String day = RedisClickStore.DAY_TEXT.format(D);
        List<String> subjectKeys = List.of(keys.clickDay("abcde", day), keys.clickVisitors("abcde", day), keys.clickTopLinks("~owner1", day));
        RedisConnection plain = redis().connect();
        toClose.add(plain);
        for (String key : subjectKeys) {
            plain.sync().persist(key); // as if made again without an expiry, its day hash outliving it
        }
        clock.set(at(1, "00:05"));
        assertThat(rollup(store).rollDueDays()).isEqualTo(1);
        assertExpireWithTheDay(subjectKeys);
    }

    @Test
    void rollup_ofADayRedisLostAndSawLateClicksSince_neverShrinksTheArchive() {
        store.apply(1, List.of(delta("abcde", d(0), Map.of("t", 10L, "h22", 10L), Set.of()))).toCompletableFuture().join();
        clock.set(at(1, "00:10"));
        ClickRollup rollup = rollup(store);
        assertThat(rollup.rollDueDays()).isEqualTo(1);
        redis().flushAll();
        node("node-late").apply(1, List.of(delta("abcde", d(0), Map.of("t", 1L, "h23", 1L), Set.of()))).toCompletableFuture().join();
        assertThat(rollup.rollDueDays()).isEqualTo(1);
        redis().flushAll();
        ClickBucket day = day(store, "abcde", d(0));
        assertThat(day.count("t")).as("the larger of the two copies, field by field").isEqualTo(10);
        assertThat(day.count("h23")).isEqualTo(1);
    }

    @Test
    void months_sumTheirRecentDays() {
        String other = D.getDayOfMonth() == 1 ? d(1) : d(-1); // another day of the same month
        store.apply(1, List.of(delta("abcde", other, Map.of("t", 2L), Set.of("a", "b")),
                delta("abcde", d(0), Map.of("t", 3L), Set.of("a")))).toCompletableFuture().join();
        List<ClickBucket> months = store.months("abcde", YearMonth.from(D).minusMonths(2), YearMonth.from(D)).toCompletableFuture().join();
        assertThat(months).hasSize(1);
        assertThat(months.get(0).count("t")).isEqualTo(5);
        assertThat(months.get(0).count(ClickFields.UNIQUES)).as("a visitor counts once per day").isEqualTo(3);
    }

    @Test
    void salt_isTheSameOnEveryNode_andDiffersByDay() {
        byte[] a = store.salt(LocalDate.parse(d(0))).toCompletableFuture().join();
        byte[] b = node("node-b").salt(LocalDate.parse(d(0))).toCompletableFuture().join();
        assertThat(a).hasSize(16).isEqualTo(b);
        assertThat(store.salt(LocalDate.parse(d(1))).toCompletableFuture().join()).isNotEqualTo(a);
        RedisConnection plain = redis().connect();
        toClose.add(plain);
        long ttl = plain.sync().pttl(keys.clickSalt(RedisClickStore.DAY_TEXT.format(D)));
        assertThat(ttl).as("destroyed 48 hours after the day began").isPositive();
    }

    @Test
    void delete_removesTheSubjectsCountsFromRedisAndTheArchive() {
        Set<String> visitors = new HashSet<>(Set.of("v"));
        store.apply(1, List.of(delta("abcde", d(0), Map.of("t", 1L), visitors), delta("abcdf", d(0), Map.of("t", 1L), visitors)))
                .toCompletableFuture().join();
        clock.set(at(1, "00:10"));
        rollup(store).rollDueDays();
        store.delete("abcde").toCompletableFuture().join();
        assertThat(day(store, "abcde", d(0))).isNull();
        assertThat(day(store, "abcdf", d(0))).isNotNull();
        clock.advance(Duration.ofDays(1));
        assertThat(store.days("abcde", D.minusDays(30), D.plusDays(2)).toCompletableFuture().join()).isEmpty();
    }
}

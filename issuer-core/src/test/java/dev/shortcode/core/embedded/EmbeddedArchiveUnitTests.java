package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.ArchiveMutation.Put;
import dev.shortcode.core.store.ArchiveMutation.Remove;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.testing.time.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedArchiveUnitTests {

    @TempDir
    Path dir;

    private EmbeddedDatabase storage;
    private EmbeddedArchive archive;

    @BeforeEach
    void open() {
        storage = EmbeddedDatabase.open(EmbeddedOptions.builder(dir).sweepInterval(Duration.ofHours(1)).sweepBatch(1000).build());
        archive = new EmbeddedArchive(storage);
    }

    @AfterEach
    void close() {
        storage.close();
    }

    private void reopen() {
        storage.close();
        open();
    }

    private static LinkRecord v1(String code, long createdAt) {
        return new LinkRecord(code, "https://example.com/" + code, "long", 3600, true, createdAt, "k", 1);
    }

    private void write(ArchiveMutation... mutations) {
        archive.write(List.of(mutations)).toCompletableFuture().join();
    }

    private Optional<LinkRecord> get(String code) {
        return archive.get(code).toCompletableFuture().join();
    }

    /** A link as the hot store keeps it: its entry in the links family, no archive cell. */
    private void kept(LinkRecord link) {
        byte[] entry = HotEntry.encode(0, link); // expired long ago: only the archive sees it
        storage.writer().submit(staging -> {
            staging.put(storage.links(), storage.linkKeys().keyOf(link.code()), entry);
            return null;
        }).toCompletableFuture().join();
    }

    @Test
    void get_linkKeptInTheLinksFamilyOnly_isArchived() {
        LinkRecord link = v1("c1", 1000);
        kept(link);

        assertThat(get("c1")).contains(link);
    }

    @Test
    void get_bothFamiliesHoldTheCode_theNewerWinsEitherWay() {
        LinkRecord v1 = v1("c1", 1000);
        LinkRecord v2 = v1.updated("https://two.example/", 3600, true);
        kept(v1);
        write(new Put(v2)); // an import newer than the kept entry
        assertThat(get("c1")).contains(v2);

        LinkRecord v3 = v2.updated("https://three.example/", 3600, true);
        kept(v3);
        assertThat(get("c1")).as("the entry is newer than the cell now").contains(v3);

        write(new Remove("c1", v3.createdAtMillis(), v3.version()));
        assertThat(get("c1")).as("a removal of the entry's own version masks it").isEmpty();

        LinkRecord recycled = new LinkRecord("c1", "https://new.example/", "short", 60, false, 5000, "k2", 1);
        kept(recycled);
        assertThat(get("c1")).as("a later creation masks the removal").contains(recycled);
    }

    @Test
    void get_databaseWithAPutCellPerLink_readsTheSameAsBefore() {
        LinkRecord link = v1("c1", 1000);
        kept(link);
        write(new Put(link)); // the same link in both families, as databases written before links were kept once hold it

        assertThat(get("c1")).contains(link);
    }

    @Test
    void write_newerVersionsInAnyOrder_newestWins() {
        LinkRecord v1 = v1("c1", 1000);
        LinkRecord v2 = v1.updated("https://two.example/", 3600, true);
        LinkRecord v3 = v2.updated("https://three.example/", 60, false);

        write(new Put(v3));
        write(new Put(v1), new Put(v2));

        assertThat(get("c1")).contains(v3);
        assertThat(get("unknown")).isEmpty();
    }

    @Test
    void write_recycledCode_laterCreationWinsOverAHigherVersionOfTheOldLink() {
        LinkRecord old = v1("c1", 1000).updated("https://a/", 60, false).updated("https://b/", 60, false); // version 3
        LinkRecord recycled = new LinkRecord("c1", "https://new.example/", "short", 60, false, 5000, "k2", 1);

        write(new Put(recycled), new Put(old));

        assertThat(get("c1")).contains(recycled);
    }

    @Test
    void write_remove_staysRemovedWhenOlderPutsArriveLate() {
        LinkRecord v1 = v1("c1", 1000);
        LinkRecord v2 = v1.updated("https://two.example/", 3600, true);

        write(new Put(v1), new Remove("c1", 1000, 2));
        write(new Put(v2), new Put(v1)); // replays arriving after the removal

        assertThat(get("c1")).isEmpty();
        reopen();
        assertThat(get("c1")).isEmpty();
    }

    @Test
    void write_putOfARecycledCodeAfterARemove_isVisible() {
        write(new Put(v1("c1", 1000)), new Remove("c1", 1000, 1));
        LinkRecord recycled = v1("c1", 2000);

        write(new Put(recycled));

        assertThat(get("c1")).contains(recycled);
    }

    @Test
    void write_replayedInAnyOrderAndAnyNumberOfTimes_givesTheSameArchive() {
        List<ArchiveMutation> history = new ArrayList<>();
        Map<String, Optional<LinkRecord>> expected = new HashMap<>();
        for (int i = 0; i < 50; i++) {
            String code = "c" + i;
            LinkRecord link = v1(code, 1000 + i);
            history.add(new Put(link));
            for (int v = 0; v < i % 4; v++) {
                link = link.updated("https://example.com/" + code + "/v" + (link.version() + 1), 3600, true);
                history.add(new Put(link));
            }
            if (i % 5 == 0) {
                history.add(new Remove(code, link.createdAtMillis(), link.version()));
                expected.put(code, Optional.empty());
            } else {
                expected.put(code, Optional.of(link));
            }
        }
        write(history.toArray(ArchiveMutation[]::new));
        Random random = new Random(42);
        for (int replay = 0; replay < 3; replay++) {
            List<ArchiveMutation> shuffled = new ArrayList<>(history);
            Collections.shuffle(shuffled, random);
            archive.write(shuffled.subList(0, random.nextInt(shuffled.size()))).toCompletableFuture().join();
        }
        storage.compactAll(); // merges resolve in compaction too, not only on read

        expected.forEach((code, link) -> assertThat(get(code)).as(code).isEqualTo(link));
    }

    @Test
    void hotStore_createUpdateDelete_areRecordedInTheArchive() {
        MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
        EmbeddedHotStore hot = new EmbeddedHotStore(storage, clock);
        LinkRecord v1 = new LinkRecord("h1", "https://one.example/", "long", 60, true, clock.millis(), "k", 1);
        LinkRecord v2 = v1.updated("https://two.example/", 60, true);

        hot.create(v1).toCompletableFuture().join();
        assertThat(get("h1")).contains(v1);
        hot.update(v2).toCompletableFuture().join();
        assertThat(get("h1")).contains(v2);
        clock.advance(Duration.ofSeconds(61));
        assertThat(hot.get("h1").toCompletableFuture().join()).isEmpty();
        assertThat(get("h1")).as("expiry is no removal: a permanent link stays archived").contains(v2);

        hot.create(v1("h2", clock.millis())).toCompletableFuture().join();
        hot.delete("h2").toCompletableFuture().join();
        assertThat(get("h2")).isEmpty();
    }

    @Test
    void addIssued_accumulatesPerPoolAndDayAndSurvivesReopen() {
        LocalDate d1 = LocalDate.parse("2026-01-01");
        archive.addIssued("short", d1, 5).toCompletableFuture().join();
        archive.addIssued("short", d1, 7).toCompletableFuture().join();
        archive.addIssued("short", d1.plusDays(1), 1_000_000_000_000L).toCompletableFuture().join();
        archive.addIssued("short", d1.plusDays(40), 3).toCompletableFuture().join();
        archive.addIssued("shorter", d1, 99).toCompletableFuture().join(); // a pool whose name extends another's
        archive.addIssued("long", d1, 1).toCompletableFuture().join();
        archive.addIssued("long", d1.plusDays(2), 0).toCompletableFuture().join(); // nothing to add: no entry

        reopen();

        assertThat(archive.issuedPerDay("short", d1.minusDays(1), d1.plusDays(40)).toCompletableFuture().join())
                .containsExactly(Map.entry(d1, 12L), Map.entry(d1.plusDays(1), 1_000_000_000_000L), Map.entry(d1.plusDays(40), 3L));
        assertThat(archive.issuedPerDay("short", d1.plusDays(1), d1.plusDays(39)).toCompletableFuture().join())
                .containsExactly(Map.entry(d1.plusDays(1), 1_000_000_000_000L));
        assertThat(archive.issuedPerDay("shorter", d1, d1).toCompletableFuture().join()).containsExactly(Map.entry(d1, 99L));
        assertThat(archive.issuedPerDay("long", d1, d1.plusDays(5)).toCompletableFuture().join()).containsExactly(Map.entry(d1, 1L));
        assertThat(archive.issuedPerDay("none", d1, d1.plusDays(5)).toCompletableFuture().join()).isEmpty();
    }

    @Test
    void addIssued_concurrentAdds_loseNothing() throws Exception {
        LocalDate day = LocalDate.parse("2026-03-01");
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            threads.add(started(() -> {
                for (int i = 0; i < 250; i++) {
                    archive.addIssued("p", day, 1).toCompletableFuture().join();
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }

        assertThat(archive.issuedPerDay("p", day, day).toCompletableFuture().join()).containsExactly(Map.entry(day, 1000L));
    }

    @Test
    void addIssued_negativeCount_failsTheStage() {
        assertThatThrownBy(() -> archive.addIssued("p", LocalDate.EPOCH, -1).toCompletableFuture().join())
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(IllegalArgumentException.class);
    }

    private static Thread started(Runnable task) {
        Thread t = new Thread(task);
        t.start();
        return t;
    }
}

package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.code.CodeCodec;
import dev.shortcode.core.code.CodeSpace;
import dev.shortcode.core.lease.Watermark;
import dev.shortcode.core.store.LinkRecord;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksIterator;

class LinkKeyLayoutUnitTests {

    private static final byte[] SECRET = "layout-test-secret-0123456789".getBytes(StandardCharsets.UTF_8);
    private static final byte[] OTHER_SECRET = "a-secret-configured-later-0123".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    private final CodeCodec codec = new CodeCodec(CodeSpace.ofLength(6), 0, SECRET);

    @Test
    void databaseKeyedByCodes_isMovedOnce_andEveryLinkReadsAsBefore() {
        List<LinkRecord> links = new ArrayList<>();
        for (long id = 0; id < 25_000; id++) { // more than two move batches
            links.add(link(codec.encode(id)));
        }
        links.add(link("spring-sale"));
        links.add(link("x_1"));
        try (EmbeddedDatabase storage = open(SECRET)) {
            keyedByCodes(storage, links);
            forgetTheLayout(storage);
        }

        long sequenceAfterMove;
        try (EmbeddedDatabase storage = open(SECRET)) {
            EmbeddedHotStore hot = new EmbeddedHotStore(storage, Clock.systemUTC());
            for (LinkRecord l : links) {
                assertThat(hot.peek(l.code()).toCompletableFuture().join()).as(l.code()).contains(l);
            }
            assertThat(codeFormKeys(storage)).as("only the aliases keep their codes as keys").containsExactlyInAnyOrder("spring-sale", "x_1");
            assertThat(allKeys(storage)).as("one key per link").isEqualTo(links.size());
            sequenceAfterMove = storage.latestSequenceNumber();
        }
        try (EmbeddedDatabase storage = open(SECRET)) {
            assertThat(storage.latestSequenceNumber()).as("nothing moved or marked again").isEqualTo(sequenceAfterMove);
        }
    }

    @Test
    void orderChosenAtCreation_outlivesAChangedSecret() {
        List<LinkRecord> links = new ArrayList<>();
        for (long id = 0; id < 100; id++) {
            links.add(link(codec.encode(id)));
        }
        try (EmbeddedDatabase storage = open(SECRET)) {
            assertThat(new EmbeddedHotStore(storage, Clock.systemUTC()).createAll(links).toCompletableFuture().join()).containsOnly(true);
            assertThat(LinkKeys.idOf(storage.linkKeys().keyOf(links.get(41).code()))).isEqualTo(41);
        }
        try (EmbeddedDatabase storage = open(OTHER_SECRET)) {
            EmbeddedHotStore hot = new EmbeddedHotStore(storage, Clock.systemUTC());
            for (LinkRecord l : links) {
                assertThat(hot.peek(l.code()).toCompletableFuture().join()).contains(l);
            }
            assertThat(LinkKeys.idOf(storage.linkKeys().keyOf(links.get(41).code()))).as("the kept order").isEqualTo(41);
        }
    }

    @Test
    void databaseOfAnEarlierVersion_takesTheOrderOfEachLengthsCurrentEpoch() {
        try (EmbeddedDatabase storage = open(SECRET)) {
            new RocksDbWatermarkStore(storage).advance(6, new Watermark(2, 5_000));
            forgetTheLayout(storage);
        }
        try (EmbeddedDatabase storage = open(SECRET)) {
            CodeCodec epochTwo = new CodeCodec(CodeSpace.ofLength(6), 2, SECRET);
            assertThat(storage.linkKeys().epochOf(6)).isEqualTo(2);
            assertThat(storage.linkKeys().epochOf(7)).isZero();
            assertThat(LinkKeys.idOf(storage.linkKeys().keyOf(epochTwo.encode(5_001)))).isEqualTo(5_001);
        }
    }

    @Test
    void moveInterrupted_isFinishedByTheNextOpen_withTheOrderAlreadyKept() {
        List<LinkRecord> links = new ArrayList<>();
        for (long id = 0; id < 50; id++) {
            links.add(link(codec.encode(id)));
        }
        try (EmbeddedDatabase storage = open(SECRET)) {
            EmbeddedHotStore hot = new EmbeddedHotStore(storage, Clock.systemUTC());
            assertThat(hot.createAll(links.subList(0, 25)).toCompletableFuture().join()).containsOnly(true); // already moved
            keyedByCodes(storage, links.subList(25, 50));                                                // not yet
            storage.call(db -> {
                db.delete(LinkKeyLayout.MOVED); // the order stays: the move was under way
                return null;
            });
        }
        try (EmbeddedDatabase storage = open(OTHER_SECRET)) {
            EmbeddedHotStore hot = new EmbeddedHotStore(storage, Clock.systemUTC());
            for (LinkRecord l : links) {
                assertThat(hot.peek(l.code()).toCompletableFuture().join()).as(l.code()).contains(l);
            }
            assertThat(codeFormKeys(storage)).isEmpty();
        }
    }

    private EmbeddedDatabase open(byte[] secret) {
        return EmbeddedDatabase.open(EmbeddedOptions.defaults(dir), secret);
    }

    private static LinkRecord link(String code) {
        return new LinkRecord(code, "https://example.com/" + code, "medium", 86_400, false, 1_000, "key-1", 1);
    }

    /** Writes links as a database of an earlier version kept them: keyed by their codes. (Reads here peek: a get would extend.) */
    private static void keyedByCodes(EmbeddedDatabase storage, List<LinkRecord> links) {
        long expiresAt = System.currentTimeMillis() + 3_600_000;
        storage.call(db -> {
            for (LinkRecord l : links) {
                db.put(storage.links(), EmbeddedDatabase.bytes(l.code()), HotEntry.encode(expiresAt, l));
            }
            return null;
        });
    }

    private static void forgetTheLayout(EmbeddedDatabase storage) {
        storage.call(db -> {
            db.delete(LinkKeyLayout.ORDER);
            db.delete(LinkKeyLayout.MOVED);
            return null;
        });
    }

    private static long allKeys(EmbeddedDatabase storage) {
        return storage.call(db -> {
            long n = 0;
            try (ReadOptions read = new ReadOptions(); RocksIterator it = db.newIterator(storage.links(), read)) {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    n++;
                }
            }
            return n;
        });
    }

    private static List<String> codeFormKeys(EmbeddedDatabase storage) {
        return storage.call(db -> {
            List<String> codes = new ArrayList<>();
            try (ReadOptions read = new ReadOptions(); RocksIterator it = db.newIterator(storage.links(), read)) {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    if (LinkKeys.lengthOf(it.key()) == 0) {
                        codes.add(new String(it.key(), StandardCharsets.UTF_8));
                    }
                }
            }
            return codes;
        });
    }
}

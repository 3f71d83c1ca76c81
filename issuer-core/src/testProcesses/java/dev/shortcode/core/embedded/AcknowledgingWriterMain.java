package dev.shortcode.core.embedded;

import dev.shortcode.core.lease.Watermark;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.UpdateResult;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * The child process of {@link EmbeddedCrashIntegrationTests}: writes to the embedded storage as
 * fast as it can and prints one line per acknowledged write, only after the write returned,
 * until it is killed. The parent trusts exactly the lines it received.
 *
 * <pre>
 * C code          created (version 1, url {@link #url(String, long)}), alone or in a createAll group
 * U code          updated to version 2
 * D code          deleted
 * W highId        watermark of code length 5 advanced to epoch 0 / highId
 * N               one more code counted for pool "short" on {@link #DAY}
 * </pre>
 *
 * Arguments: data directory, code prefix, number of steps (the parent kills it long before).
 */
public final class AcknowledgingWriterMain {

    static final LocalDate DAY = LocalDate.parse("2026-01-01");
    static final long TTL_SECONDS = 86_400;

    private AcknowledgingWriterMain() {}

    static String url(String code, long version) {
        return "https://example.com/" + code + "/v" + version;
    }

    public static void main(String[] args) {
        Path dataDir = Path.of(args[0]);
        String prefix = args[1];
        int steps = Integer.parseInt(args[2]);
        PrintStream out = System.out;
        Clock clock = Clock.systemUTC();
        EmbeddedDatabase storage = EmbeddedDatabase.open(EmbeddedOptions.defaults(dataDir));
        EmbeddedHotStore hot = new EmbeddedHotStore(storage, clock);
        EmbeddedArchive archive = new EmbeddedArchive(storage);
        RocksDbWatermarkStore watermarks = new RocksDbWatermarkStore(storage);
        out.println("READY");
        out.flush();
        for (int i = 0; i < steps; i++) {
            String code = prefix + i;
            LinkRecord v1 = new LinkRecord(code, url(code, 1), "short", TTL_SECONDS, false, clock.millis(), "k", 1);
            if (hot.create(v1).toCompletableFuture().join()) {
                ack("C " + code);
            }
            if (i % 4 == 1) {
                String previous = prefix + (i - 1);
                LinkRecord stored = hot.get(previous).toCompletableFuture().join().orElseThrow();
                if (hot.update(stored.updated(url(previous, 2), TTL_SECONDS, false)).toCompletableFuture().join() == UpdateResult.UPDATED) {
                    ack("U " + previous);
                }
            }
            if (i % 7 == 3) {
                String older = prefix + (i - 2);
                if (hot.delete(older).toCompletableFuture().join()) {
                    ack("D " + older);
                }
            }
            if (i % 50 == 25) { // a batch create: one group of the writer, acknowledged link by link
                List<LinkRecord> group = new ArrayList<>();
                for (int j = 0; j < 20; j++) {
                    String member = prefix + "g" + i + "-" + j;
                    group.add(new LinkRecord(member, url(member, 1), "short", TTL_SECONDS, false, clock.millis(), "k", 1));
                }
                List<Boolean> stored = hot.createAll(group).toCompletableFuture().join();
                for (int j = 0; j < group.size(); j++) {
                    if (stored.get(j)) {
                        ack("C " + group.get(j).code());
                    }
                }
            }
            if (i % 10 == 0) {
                watermarks.advance(5, new Watermark(0, i));
                ack("W " + i);
            }
            archive.addIssued("short", DAY, 1).toCompletableFuture().join();
            ack("N");
        }
        storage.close();
        ack("DONE");
    }

    private static void ack(String line) {
        System.out.println(line); // one write(2) of line and newline, flushed
        System.out.flush();
    }
}

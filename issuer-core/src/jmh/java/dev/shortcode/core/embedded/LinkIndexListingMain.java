package dev.shortcode.core.embedded;

import dev.shortcode.core.index.LinkPage;
import dev.shortcode.core.index.LinkQuery;
import dev.shortcode.core.index.Position;
import dev.shortcode.core.store.LinkMeta;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkTargets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * How fast the embedded link index answers listings over a large database: loads {@code total}
 * links (every tenth one the measured owner's, the rest spread over 97 others; a twentieth of the
 * owner's tagged {@code promo}; titles "Campaign wave N"), then times first pages of 100 without a
 * filter, with a tag, with {@code q} (about 1 % of the owner's links match), pages at random
 * positions, and a walk over all the owner's links in pages of 1,000 (what an export reads).
 *
 * <pre>
 * mvn -B -q -Pjmh -pl issuer-core test-compile exec:exec -Dexec.executable=java -Dexec.classpathScope=test \
 *   -Dexec.args="-Xmx4g -cp %classpath dev.shortcode.core.embedded.LinkIndexListingMain /tmp/index-bench 10000000"
 * </pre>
 * A third argument {@code reuse} measures a database it loaded before without loading it again.
 */
public final class LinkIndexListingMain {

    private static final String OWNER = "key-measured";
    private static final int ROUNDS = 300;

    private LinkIndexListingMain() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        long total = Long.parseLong(args[1]);
        Files.createDirectories(dir);
        try (EmbeddedDatabase db = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir))) {
            EmbeddedHotStore store = new EmbeddedHotStore(db, Clock.systemUTC());
            EmbeddedLinkIndex index = new EmbeddedLinkIndex(db);
            long started = System.nanoTime();
            boolean reuse = args.length > 2 && args[2].equals("reuse"); // a database this program loaded before: measure only
            long ownerLinks = reuse ? total / 10 : load(store, total);
            System.out.printf("loaded %,d links (%,d of the measured owner) in %.1f s%n", total, ownerLinks, (System.nanoTime() - started) / 1e9);
            db.compactAll();
            System.out.printf("after a full compaction: link_index %,d bytes, links %,d bytes%n",
                    db.sstBytes(EmbeddedDatabase.LINK_INDEX), db.sstBytes(EmbeddedDatabase.LINKS));
            time("first page of 100, no filter", () -> index.find(query(List.of(), List.of(), null, 100)).toCompletableFuture().join());
            time("first page of 100, tag=promo", () -> index.find(query(List.of("promo"), List.of(), null, 100)).toCompletableFuture().join());
            time("first page of 100, q=\"wave 77\" (4 rounds' budget)",
                    () -> index.find(new LinkQuery(OWNER, List.of(), null, null, List.of("wave", "77"), null, null, null, null, 100, 80_000))
                            .toCompletableFuture().join());
            Random random = new Random(7);
            long newest = System.currentTimeMillis();
            time("a page of 100 from a random position", () -> index.find(query(List.of(), List.of(),
                    new Position(newest - random.nextInt((int) Math.min(Integer.MAX_VALUE, ownerLinks * 10)), "0"), 100)).toCompletableFuture().join());
            long walked = 0;
            long walkStart = System.nanoTime();
            Position after = null;
            do {
                LinkPage page = index.find(query(List.of(), List.of(), after, 1000)).toCompletableFuture().join();
                walked += page.links().size();
                after = page.next();
            } while (after != null);
            double seconds = (System.nanoTime() - walkStart) / 1e9;
            System.out.printf("walk of every link of the owner in pages of 1,000: %,d links in %.2f s, %,.0f links/s%n", walked, seconds, walked / seconds);
        }
    }

    private static LinkQuery query(List<String> tags, List<String> words, Position after, int limit) {
        return new LinkQuery(OWNER, tags, null, null, words, null, null, null, after, limit, 20_000);
    }

    /** Links created one millisecond apart in the past, newest last, in batches of 1,000. */
    private static long load(EmbeddedHotStore store, long total) {
        long start = System.currentTimeMillis() - total;
        long ownerLinks = 0;
        List<LinkRecord> batch = new ArrayList<>(1000);
        for (long i = 0; i < total; i++) {
            boolean measured = i % 10 == 0;
            String owner = measured ? OWNER : "key-" + (i % 97);
            List<String> tags = measured && i % 200 == 0 ? List.of("promo") : List.of();
            ownerLinks += measured ? 1 : 0;
            String code = Long.toString(i, 36);
            batch.add(new LinkRecord(code, "https://shop.example.com/item/" + i + "?utm_source=sms", "short", 30L * 86_400, false,
                    start + i, owner, 1, LinkTargets.NONE, new LinkMeta("Campaign wave " + (i / 10 % 1000), tags, null)));
            if (batch.size() == 1000) {
                store.createAll(List.copyOf(batch)).toCompletableFuture().join();
                batch.clear();
            }
        }
        if (!batch.isEmpty()) {
            store.createAll(batch).toCompletableFuture().join();
        }
        return ownerLinks;
    }

    private static void time(String what, Runnable call) {
        for (int i = 0; i < 50; i++) {
            call.run(); // warm-up
        }
        long[] nanos = new long[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            long t = System.nanoTime();
            call.run();
            nanos[i] = System.nanoTime() - t;
        }
        Arrays.sort(nanos);
        System.out.printf("%-50s p50 %6.2f ms  p99 %6.2f ms  max %6.2f ms%n", what, nanos[ROUNDS / 2] / 1e6, nanos[ROUNDS * 99 / 100] / 1e6,
                nanos[ROUNDS - 1] / 1e6);
    }
}

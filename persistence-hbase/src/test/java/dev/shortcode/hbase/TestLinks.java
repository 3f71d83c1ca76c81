package dev.shortcode.hbase;

import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** Links with codes no other test uses, and a bounded wait on archive stages. */
final class TestLinks {

    private static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final AtomicLong CLOCK = new AtomicLong(1_760_000_000_000L);

    private TestLinks() {}

    /** A random 7-character code: 62^7 values, no collision between tests in practice. */
    static String code() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        char[] chars = new char[7];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
        }
        return new String(chars);
    }

    /** Version 1 of a new link, created a few milliseconds after the previous one. */
    static LinkRecord link(String code) {
        return new LinkRecord(code, "https://example.com/" + code, "long", 2_592_000, true, CLOCK.addAndGet(7), "key-test", 1);
    }

    static LinkRecord link() {
        return link(code());
    }

    static ArchiveMutation.Put put(LinkRecord link) {
        return new ArchiveMutation.Put(link);
    }

    static ArchiveMutation.Remove remove(LinkRecord link) {
        return new ArchiveMutation.Remove(link.code(), link.createdAtMillis(), link.version());
    }

    static <T> T await(CompletionStage<T> stage) {
        try {
            return stage.toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("archive operation failed: " + e, e);
        }
    }
}

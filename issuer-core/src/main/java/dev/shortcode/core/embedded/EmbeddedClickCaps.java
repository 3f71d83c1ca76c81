package dev.shortcode.core.embedded;

import dev.shortcode.core.store.ClickCaps;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Click counts in the {@code click_caps} column family, keyed by code, a zero byte and the link's
 * creation time, the count an 8-byte big-endian long. Taken on the writer thread, which makes each
 * compare-and-increment atomic and durable with its batch. The counts stay with the links' archive
 * copies (a few dozen bytes per limited link): no TTL, like the archive.
 */
final class EmbeddedClickCaps implements ClickCaps {

    private final EmbeddedDatabase storage;

    EmbeddedClickCaps(EmbeddedDatabase storage) {
        this.storage = storage;
    }

    static byte[] key(String code, long createdAt) {
        byte[] c = code.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(c.length + 1 + Long.BYTES).put(c).put((byte) 0).putLong(createdAt).array();
    }

    @Override
    public CompletionStage<Boolean> take(String code, long createdAt, long max, long ttlSeconds) {
        byte[] key = key(code, createdAt);
        return storage.writer().submit(staging -> {
            long served = count(staging.get(storage.clickCaps(), key));
            if (served >= max) {
                return false;
            }
            staging.put(storage.clickCaps(), key, ByteBuffer.allocate(Long.BYTES).putLong(served + 1).array());
            return true;
        });
    }

    @Override
    public CompletionStage<Long> served(String code, long createdAt) {
        try {
            return CompletableFuture.completedFuture(count(storage.call(db -> db.get(storage.clickCaps(), key(code, createdAt)))));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private static long count(byte[] value) {
        return value == null ? 0 : ByteBuffer.wrap(value).getLong();
    }
}

package dev.shortcode.core.embedded;

import dev.shortcode.core.index.ExternalIds;
import dev.shortcode.core.index.IndexKeys;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * External id claims as {@code X} rows of the {@code link_index} family: checked and written by
 * the writer thread, which makes each check-and-set atomic. A delete of the link releases its
 * claim in the same batch ({@link IndexRows#remove}).
 */
final class EmbeddedExternalIds implements ExternalIds {

    private final EmbeddedDatabase storage;

    EmbeddedExternalIds(EmbeddedDatabase storage) {
        this.storage = storage;
    }

    @Override
    public CompletionStage<Optional<String>> claim(String owner, String externalId, String code) {
        byte[] key = IndexKeys.externalIdKey(owner, externalId);
        byte[] value = EmbeddedDatabase.bytes(code);
        return storage.writer().submit(staging -> {
            byte[] holder = staging.get(storage.linkIndex(), key);
            if (holder == null) {
                staging.put(storage.linkIndex(), key, value);
                return Optional.empty();
            }
            return Arrays.equals(holder, value) ? Optional.empty() : Optional.of(new String(holder, StandardCharsets.UTF_8));
        });
    }

    @Override
    public CompletionStage<Boolean> replace(String owner, String externalId, String holder, String code) {
        byte[] key = IndexKeys.externalIdKey(owner, externalId);
        byte[] expected = EmbeddedDatabase.bytes(holder);
        return storage.writer().submit(staging -> {
            byte[] current = staging.get(storage.linkIndex(), key);
            if (current != null && !Arrays.equals(current, expected)) {
                return false;
            }
            staging.put(storage.linkIndex(), key, EmbeddedDatabase.bytes(code));
            return true;
        });
    }

    @Override
    public CompletionStage<Void> release(String owner, String externalId, String code) {
        byte[] key = IndexKeys.externalIdKey(owner, externalId);
        byte[] expected = EmbeddedDatabase.bytes(code);
        return storage.writer().submit(staging -> {
            byte[] current = staging.get(storage.linkIndex(), key);
            if (current != null && Arrays.equals(current, expected)) {
                staging.delete(storage.linkIndex(), key);
            }
            return null;
        });
    }
}

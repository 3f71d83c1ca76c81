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
    public CompletionStage<Optional<Claim>> claim(String owner, String externalId, Claim claim) {
        byte[] key = IndexKeys.externalIdKey(owner, externalId);
        return storage.writer().submit(staging -> {
            byte[] held = staging.get(storage.linkIndex(), key);
            if (held == null) {
                staging.put(storage.linkIndex(), key, EmbeddedDatabase.bytes(claim.value()));
                return Optional.empty();
            }
            Claim holder = Claim.parse(new String(held, StandardCharsets.UTF_8));
            return holder.code().equals(claim.code()) ? Optional.empty() : Optional.of(holder);
        });
    }

    @Override
    public CompletionStage<Boolean> replace(String owner, String externalId, Claim holder, Claim claim) {
        byte[] key = IndexKeys.externalIdKey(owner, externalId);
        byte[] expected = EmbeddedDatabase.bytes(holder.value());
        return storage.writer().submit(staging -> {
            byte[] current = staging.get(storage.linkIndex(), key);
            if (current != null && !Arrays.equals(current, expected)) {
                return false;
            }
            staging.put(storage.linkIndex(), key, EmbeddedDatabase.bytes(claim.value()));
            return true;
        });
    }

    @Override
    public CompletionStage<Void> release(String owner, String externalId, String code) {
        byte[] key = IndexKeys.externalIdKey(owner, externalId);
        return storage.writer().submit(staging -> {
            byte[] current = staging.get(storage.linkIndex(), key);
            if (current != null && IndexRows.holds(current, code)) {
                staging.delete(storage.linkIndex(), key);
            }
            return null;
        });
    }
}

package dev.shortcode.core.embedded;

import dev.shortcode.core.index.IndexKeys;
import dev.shortcode.core.store.LinkRecord;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import dev.shortcode.core.index.ExternalIds;
import java.nio.charset.StandardCharsets;

/**
 * A link's rows in the {@code link_index} family, staged in the same write batch as the link
 * itself: its time row, one row per tag, the tag counts, and (on removal) its external id's claim.
 * Only the writer thread calls these, so the old version a change replaces is known exactly.
 */
final class IndexRows {

    private static final byte[] EMPTY = new byte[0];
    private static final byte[] PLUS_ONE = count(1);
    private static final byte[] MINUS_ONE = count(-1);

    private final EmbeddedDatabase storage;

    IndexRows(EmbeddedDatabase storage) {
        this.storage = storage;
    }

    /** The key of a link's time row: made by callers before they hand the link to the writer thread, which has less to do. */
    static byte[] timeRow(LinkRecord link) {
        return IndexKeys.timeKey(link.ownerKeyId(), link.createdAtMillis(), link.code());
    }

    /** A new link: its time row ({@link #timeRow}) and tag rows. */
    void add(GroupCommitWriter.Staging staging, LinkRecord link, byte[] timeRow) {
        staging.put(storage.linkIndex(), timeRow, EMPTY);
        for (String tag : link.meta().tags()) {
            addTag(staging, link, tag);
        }
    }

    /** A link gone (deleted, or an expired link whose code a create takes again): every row of it, and its external id's claim. */
    void remove(GroupCommitWriter.Staging staging, LinkRecord link) throws org.rocksdb.RocksDBException {
        staging.delete(storage.linkIndex(), IndexKeys.timeKey(link.ownerKeyId(), link.createdAtMillis(), link.code()));
        for (String tag : link.meta().tags()) {
            removeTag(staging, link, tag);
        }
        String externalId = link.meta().externalId();
        if (externalId != null) {
            byte[] key = IndexKeys.externalIdKey(link.ownerKeyId(), externalId);
            byte[] holder = staging.get(storage.linkIndex(), key);
            if (holder != null && holds(holder, link.code())) {
                staging.delete(storage.linkIndex(), key);
            }
        }
    }

    /** A new version of a link: the tag rows it lost go, the ones it gained come; the time row stays. */
    void replace(GroupCommitWriter.Staging staging, LinkRecord old, LinkRecord updated) {
        for (String tag : old.meta().tags()) {
            if (!updated.meta().tags().contains(tag)) {
                removeTag(staging, old, tag);
            }
        }
        for (String tag : updated.meta().tags()) {
            if (!old.meta().tags().contains(tag)) {
                addTag(staging, updated, tag);
            }
        }
    }

    private void addTag(GroupCommitWriter.Staging staging, LinkRecord link, String tag) {
        staging.put(storage.linkIndex(), IndexKeys.tagKey(link.ownerKeyId(), tag, link.createdAtMillis(), link.code()), EMPTY);
        staging.merge(storage.linkIndex(), IndexKeys.tagCountKey(link.ownerKeyId(), tag), PLUS_ONE);
    }

    private void removeTag(GroupCommitWriter.Staging staging, LinkRecord link, String tag) {
        staging.delete(storage.linkIndex(), IndexKeys.tagKey(link.ownerKeyId(), tag, link.createdAtMillis(), link.code()));
        staging.merge(storage.linkIndex(), IndexKeys.tagCountKey(link.ownerKeyId(), tag), MINUS_ONE);
    }

    /** A {@code uint64add} operand: 8 bytes little-endian; -1 wraps around, so adding it subtracts one. */
    private static byte[] count(long delta) {
        return ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(delta).array();
    }

    /** Whether an external id's claim ({@code code:claimedAt}) names {@code code}. */
    static boolean holds(byte[] claim, String code) {
        return ExternalIds.Claim.parse(new String(claim, StandardCharsets.UTF_8)).code().equals(code);
    }

    static long countOf(byte[] value) {
        return ByteBuffer.wrap(value).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }
}

package dev.shortcode.hbase;

import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;

/**
 * A link's index rows in family {@code i} of the links table ({@link IndexRowKey}): its time row,
 * one row per tag (each one empty cell), and a cell named by its code in its external id's row.
 * They travel in the same archive write as the link's own cell.
 *
 * <h2>Timestamps, as the link's cells</h2>
 * Every index cell of version v carries the timestamp {@link LinkCells#putTimestamp} of v; a row
 * a change drops is deleted with an HBase Delete at {@code putTimestamp(v) - 1} (an update to v:
 * it hides what versions before v wrote) or at {@link LinkCells#removeTimestamp} of v (a removal:
 * it hides everything up to v). So a replay of an older mutation writes cells the Delete already
 * hides, and a replayed Delete hides nothing newer: replays change nothing. (A major compaction
 * purges delete markers; a replay of an old Put after that brings an index row back, which the
 * listing's check against the link's own cell then skips, as it skips every stale row.)
 *
 * <h2>What a change needs to know</h2>
 * A create (version 1) writes its rows without reading anything: one multi-row Put batch with the
 * link. An update or a removal must know the rows of the version it replaces, which the mutation
 * does not carry: the archive reads the current link first ({@link #needsCurrent}), and these
 * Deletes are sent before the link's new cell, so that a write that fails half-way is retried
 * while the old version is still there to read.
 */
final class IndexCells {

    static final byte[] FAMILY = {'i'};
    /** The one column of a time or tag row. */
    static final byte[] ROW = {'e'};
    private static final byte[] EMPTY = new byte[0];

    private final IndexRowKey keys;

    IndexCells(IndexRowKey keys) {
        this.keys = keys;
    }

    /** The index's mutations of a batch: Deletes to apply first, Puts to send with the link cells. */
    record Changes(List<Delete> deletes, List<Put> puts) {}

    /** The codes whose current link the archive must read before {@link #changes}: those the batch updates or removes. */
    static Set<String> needsCurrent(List<ArchiveMutation> batch) {
        Set<String> codes = new HashSet<>();
        for (ArchiveMutation m : batch) {
            if (!(m instanceof ArchiveMutation.Put put) || put.version() > 1) {
                codes.add(m.code());
            }
        }
        return codes;
    }

    /**
     * The index rows of {@code batch}.
     *
     * @param current the archived links of {@link #needsCurrent}'s codes as they were before the
     *                batch (absent when removed or never archived)
     */
    Changes changes(List<ArchiveMutation> batch, Map<String, LinkRecord> current) {
        List<Delete> deletes = new ArrayList<>();
        List<Put> puts = new ArrayList<>(batch.size() * 2);
        if (current.isEmpty() && onlyCreates(batch)) {
            for (ArchiveMutation m : batch) {
                addRows(puts, ((ArchiveMutation.Put) m).link());
            }
            return new Changes(deletes, puts);
        }
        for (Link link : byLink(batch, current).values()) {
            if (link.newest instanceof ArchiveMutation.Put put) {
                LinkRecord now = put.link();
                long hideBefore = LinkCells.putTimestamp(now.createdAtMillis(), now.version()) - 1;
                for (LinkRecord old : link.known) {
                    for (String tag : old.meta().tags()) {
                        if (!now.meta().tags().contains(tag)) {
                            deletes.add(deleteRow(keys.tagRow(old.ownerKeyId(), tag, old.createdAtMillis(), old.code()), hideBefore));
                        }
                    }
                    if (old.meta().externalId() != null && !old.meta().externalId().equals(now.meta().externalId())) {
                        deletes.add(deleteExternalId(old, hideBefore));
                    }
                }
                addRows(puts, now);
            } else {
                ArchiveMutation.Remove remove = (ArchiveMutation.Remove) link.newest;
                long hide = LinkCells.removeTimestamp(remove.createdAtMillis(), remove.version());
                Set<String> tags = new HashSet<>();
                boolean timeRowDeleted = false;
                for (LinkRecord old : link.known) {
                    if (!timeRowDeleted) {
                        deletes.add(deleteRow(keys.timeRow(old.ownerKeyId(), old.createdAtMillis(), old.code()), hide));
                        timeRowDeleted = true;
                    }
                    for (String tag : old.meta().tags()) {
                        if (tags.add(tag)) {
                            deletes.add(deleteRow(keys.tagRow(old.ownerKeyId(), tag, old.createdAtMillis(), old.code()), hide));
                        }
                    }
                    if (old.meta().externalId() != null) {
                        deletes.add(deleteExternalId(old, hide));
                    }
                }
            }
        }
        return new Changes(deletes, puts);
    }

    private static boolean onlyCreates(List<ArchiveMutation> batch) {
        for (ArchiveMutation m : batch) {
            if (!(m instanceof ArchiveMutation.Put put) || put.version() != 1) {
                return false;
            }
        }
        return true;
    }

    /** One link (a code and its creation time: a wrapped code's new link is another) and what the batch and the archive know of it. */
    private static final class Link {
        final List<LinkRecord> known = new ArrayList<>(2);
        ArchiveMutation newest;
        long newestTimestamp = Long.MIN_VALUE;
    }

    private record Identity(String code, long createdAtMillis) {}

    private static Map<Identity, Link> byLink(List<ArchiveMutation> batch, Map<String, LinkRecord> current) {
        Map<Identity, Link> links = new LinkedHashMap<>();
        for (ArchiveMutation m : batch) {
            long createdAt;
            long timestamp;
            LinkRecord record = null;
            if (m instanceof ArchiveMutation.Put put) {
                createdAt = put.createdAtMillis();
                timestamp = LinkCells.putTimestamp(createdAt, put.version());
                record = put.link();
            } else {
                ArchiveMutation.Remove remove = (ArchiveMutation.Remove) m;
                createdAt = remove.createdAtMillis();
                timestamp = LinkCells.removeTimestamp(createdAt, remove.version());
            }
            Identity id = new Identity(m.code(), createdAt);
            Link link = links.get(id);
            if (link == null) {
                link = new Link();
                links.put(id, link);
                LinkRecord archived = current.get(m.code());
                if (archived != null && archived.createdAtMillis() == createdAt) {
                    link.known.add(archived);
                }
            }
            if (record != null) {
                link.known.add(record);
            }
            if (timestamp > link.newestTimestamp) {
                link.newest = m;
                link.newestTimestamp = timestamp;
            }
        }
        return links;
    }

    private void addRows(List<Put> puts, LinkRecord link) {
        long ts = LinkCells.putTimestamp(link.createdAtMillis(), link.version());
        String owner = link.ownerKeyId();
        puts.add(new Put(keys.timeRow(owner, link.createdAtMillis(), link.code()), true).addColumn(FAMILY, ROW, ts, EMPTY));
        for (String tag : link.meta().tags()) {
            puts.add(new Put(keys.tagRow(owner, tag, link.createdAtMillis(), link.code()), true).addColumn(FAMILY, ROW, ts, EMPTY));
        }
        String externalId = link.meta().externalId();
        if (externalId != null) {
            puts.add(new Put(keys.externalIdRow(owner, externalId), true).addColumn(FAMILY, qualifier(link.code()), ts, EMPTY));
        }
    }

    private static Delete deleteRow(byte[] row, long upTo) {
        return new Delete(row).addFamily(FAMILY, upTo);
    }

    private Delete deleteExternalId(LinkRecord link, long upTo) {
        String externalId = Objects.requireNonNull(link.meta().externalId());
        return new Delete(keys.externalIdRow(link.ownerKeyId(), externalId)).addColumns(FAMILY, qualifier(link.code()), upTo);
    }

    static byte[] qualifier(String code) {
        return code.getBytes(StandardCharsets.UTF_8);
    }

    static String code(byte[] qualifier) {
        return new String(qualifier, StandardCharsets.UTF_8);
    }
}

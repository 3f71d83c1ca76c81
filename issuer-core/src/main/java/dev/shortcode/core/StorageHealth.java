package dev.shortcode.core;

import java.util.Map;
import java.util.Set;

/**
 * Whether each dependency of a storage answers now, and which of them the node cannot serve
 * without. A node whose essential dependencies answer is ready, though perhaps degraded: in
 * Redis + HBase mode HBase is not essential, since creates go on into the outbox and redirects are
 * served from Redis while it is down.
 *
 * @param up        by name ({@code redis}, {@code hbase}, {@code rocksdb}): answered or not
 * @param essential the names the node cannot serve without
 */
public record StorageHealth(Map<String, Boolean> up, Set<String> essential) {

    public StorageHealth {
        up = Map.copyOf(up);
        essential = Set.copyOf(essential);
    }

    /** Every essential dependency answers. */
    public boolean ready() {
        return essential.stream().allMatch(name -> up.getOrDefault(name, false));
    }

    /** Ready, with a dependency that is not essential down. */
    public boolean degraded() {
        return ready() && up.values().stream().anyMatch(answered -> !answered);
    }
}

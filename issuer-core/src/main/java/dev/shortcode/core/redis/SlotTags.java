package dev.shortcode.core.redis;

import io.lettuce.core.cluster.SlotHash;

/**
 * One short hash tag per Cluster hash slot, so that a key can be put into a slot chosen by its
 * other keys: a script's keys must share one slot, and a node's bookkeeping for the keys of a slot
 * has to live there too.
 */
final class SlotTags {

    private static final String[] TAGS = tags();

    private SlotTags() {}

    /** A tag whose keys ({@code ...{tag}...}) hash to {@code slot}, the same on every node. */
    static String of(int slot) {
        return TAGS[slot];
    }

    /** The first of {@code 0, 1, 2, ...} (in base 36) that hashes to each slot: about 160,000 CRC16s, once. */
    private static String[] tags() {
        String[] tags = new String[SlotHash.SLOT_COUNT];
        int missing = tags.length;
        for (long n = 0; missing > 0; n++) {
            String tag = Long.toString(n, Character.MAX_RADIX);
            int slot = SlotHash.getSlot(tag);
            if (tags[slot] == null) {
                tags[slot] = tag;
                missing--;
            }
        }
        return tags;
    }
}

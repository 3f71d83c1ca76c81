package dev.shortcode.core.redis;

/**
 * The Redis keys of one pool. The hash tag {@code {L}} puts them in one slot, so one script can
 * touch all of them on a Cluster too.
 */
record PoolKeys(String seq, String epoch, String guard) {

    static PoolKeys of(String namespace, int codeLength) {
        String base = namespace + ":{" + codeLength + "}:";
        return new PoolKeys(base + "seq", base + "epoch", base + "reset");
    }

    String[] counter() {
        return new String[] {seq, epoch};
    }
}

package dev.shortcode.core.redis;

/**
 * The Redis keys of one pool. The hash tag {@code {L}} puts them in one slot, so one script can
 * touch all of them on a Cluster too.
 *
 * @param reserved the ids of reserved codes: a sorted set, every member at score 0, each member the
 *                 epoch and the id as 19-digit decimals joined by a colon, so that the members of
 *                 one epoch sort by id and a block's are one {@code ZRANGEBYLEX}
 */
record PoolKeys(String seq, String epoch, String guard, String reserved) {

    static PoolKeys of(String namespace, int codeLength) {
        String base = namespace + ":{" + codeLength + "}:";
        return new PoolKeys(base + "seq", base + "epoch", base + "reset", base + "reserved");
    }

    String[] counter() {
        return new String[] {seq, epoch};
    }

    /** The counter and the reserved ids: what a lease, a reset and a reservation touch. */
    String[] counterAndReserved() {
        return new String[] {seq, epoch, reserved};
    }

    /** A member of {@link #reserved}: id {@code id} of epoch {@code epoch}. */
    static String reservedMember(long epoch, long id) {
        return padded(epoch) + ":" + padded(id);
    }

    /** A non-negative long as 19 decimal digits, so that text order is number order. */
    static String padded(long value) {
        String digits = Long.toString(value);
        return "0".repeat(19 - digits.length()) + digits;
    }
}

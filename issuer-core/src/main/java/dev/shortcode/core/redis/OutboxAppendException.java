package dev.shortcode.core.redis;

import java.util.BitSet;

/**
 * Some mutations of a group handed to {@link OutboxAppender#appendAll} did not reach their outbox
 * stream; the others did. The cause is the first failure seen.
 */
final class OutboxAppendException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final BitSet notAppended;

    OutboxAppendException(Throwable cause, BitSet notAppended) {
        super(notAppended.cardinality() + " outbox mutations were not appended: " + cause, cause);
        this.notAppended = notAppended;
    }

    /** Indexes, in the group as given, of the mutations that are not in the outbox. */
    BitSet notAppended() {
        return (BitSet) notAppended.clone();
    }
}

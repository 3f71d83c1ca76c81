package dev.shortcode.core.redis;

import dev.shortcode.core.store.ArchiveMutation;

/**
 * One archive mutation as a field/value pair of an outbox stream entry: the field is the code, the
 * value {@code p<TAB><link record>} for a put or {@code r<TAB><version>\t<createdAt>} (base 36) for
 * a removal. An entry holds a batch of mutations of distinct codes.
 */
final class MutationCodec {

    private static final String PUT = "p\t";
    private static final String REMOVE = "r\t";

    private MutationCodec() {}

    static String encode(ArchiveMutation mutation) {
        if (mutation instanceof ArchiveMutation.Put put) {
            return encodePut(put.record());
        }
        ArchiveMutation.Remove remove = (ArchiveMutation.Remove) mutation;
        return REMOVE + Long.toString(remove.version(), 36) + "\t" + Long.toString(remove.createdAtMillis(), 36);
    }

    /** A put of a record already encoded by {@link LinkRecordCodec} (the hot store has it at hand). */
    static String encodePut(String encodedRecord) {
        return PUT + encodedRecord;
    }

    /** @throws IllegalArgumentException when the value is not a mutation this codec wrote */
    static ArchiveMutation decode(String code, String value) {
        if (value.startsWith(PUT)) {
            return ArchiveMutation.Put.ofRecord(code, value.substring(PUT.length())); // decoded only if someone asks for the link
        }
        if (value.startsWith(REMOVE)) {
            String[] f = value.split("\t", -1);
            if (f.length != 3) {
                throw new IllegalArgumentException("corrupt removal of code " + code + ": " + value);
            }
            try {
                return new ArchiveMutation.Remove(code, Long.parseLong(f[2], 36), Long.parseLong(f[1], 36));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("corrupt removal of code " + code + ": " + value, e);
            }
        }
        throw new IllegalArgumentException("not an outbox mutation for code " + code + ": " + value);
    }
}

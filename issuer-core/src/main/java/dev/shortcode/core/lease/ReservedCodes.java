package dev.shortcode.core.lease;

import java.util.List;

/**
 * Codes of a pool's shape that were taken as custom aliases, kept where the watermarks are, so
 * that no node ever issues them: the block sources read them back to skip their ids after a wrap
 * and after Redis lost its copy, and the read path to look such a code up in the archive.
 *
 * <p>Only ever added to: a reservation outlives its link, so a code once chosen is never issued
 * to somebody else, in any epoch. Thread-safe; calls block on I/O.
 */
public interface ReservedCodes {

    /** A store that holds none and takes none: for block sources of tests that never reserve. */
    ReservedCodes NONE = new ReservedCodes() {
        @Override
        public void add(int codeLength, String code) {
            throw new UnsupportedOperationException("this store keeps no reserved codes");
        }

        @Override
        public List<String> all(int codeLength) {
            return List.of();
        }

        @Override
        public List<String> addedSince(int codeLength, long sinceMillis) {
            return List.of();
        }
    };

    /**
     * Records {@code code} of the pool of {@code codeLength} durably before returning; adding it
     * again changes nothing.
     *
     * @throws dev.shortcode.core.store.StorageUnavailableException when it could not be made durable
     */
    void add(int codeLength, String code);

    /** Every reserved code of the length. */
    List<String> all(int codeLength);

    /** The codes of the length recorded at or after {@code sinceMillis} (wall time): what a reader polls for. */
    List<String> addedSince(int codeLength, long sinceMillis);
}

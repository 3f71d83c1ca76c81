package dev.shortcode.core.store;

import java.util.Objects;

/**
 * One change to the archive, as carried by the outbox. Applying the same mutation twice leaves
 * the archive as applying it once (cell timestamps derive from creation time and version).
 */
public sealed interface ArchiveMutation {

    String code();

    /**
     * Store this version of the link (create or update). A put holds the link, or the link's record
     * as {@link LinkRecordCodec} encoded it, whichever its maker had, and gives the other on demand:
     * the outbox carries records, and an archive that stores records as they are (HBase) writes
     * them without decoding and encoding each again (a seventh of the archiver's CPU; docs/BENCHMARKS.md).
     * The code, creation time and version, which an archive keys a cell by, are read at once.
     *
     * <p>Immutable; the other form is made at most a few times when threads race for it, each time
     * the same.
     */
    final class Put implements ArchiveMutation {

        private final String code;
        private final long createdAtMillis;
        private final long version;
        private LinkRecord link;
        private String record;

        public Put(LinkRecord link) {
            this.code = link.code();
            this.createdAtMillis = link.createdAtMillis();
            this.version = link.version();
            this.link = link;
        }

        private Put(String code, LinkRecordCodec.Head head, String record) {
            this.code = code;
            this.createdAtMillis = head.createdAtMillis();
            this.version = head.version();
            this.record = record;
        }

        /**
         * A put of a record encoded by {@link LinkRecordCodec}, checked for its shape (format, field
         * count, numbers) but not decoded.
         *
         * @throws IllegalArgumentException when {@code record} is not a link record
         */
        public static Put ofRecord(String code, String record) {
            return new Put(code, LinkRecordCodec.head(code, record), record);
        }

        @Override
        public String code() {
            return code;
        }

        public long createdAtMillis() {
            return createdAtMillis;
        }

        public long version() {
            return version;
        }

        public LinkRecord link() {
            LinkRecord decoded = link;
            if (decoded == null) {
                decoded = LinkRecordCodec.decode(code, record);
                link = decoded;
            }
            return decoded;
        }

        /** The link's record as {@link LinkRecordCodec#encode} writes it. */
        public String record() {
            String encoded = record;
            if (encoded == null) {
                encoded = LinkRecordCodec.encode(link);
                record = encoded;
            }
            return encoded;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Put other && code.equals(other.code) && link().equals(other.link());
        }

        @Override
        public int hashCode() {
            return Objects.hash(code, createdAtMillis, version);
        }

        @Override
        public String toString() {
            return "Put[" + link() + "]";
        }
    }

    /** The link was deleted at {@code version}; older versions must not resurface on a cold read. */
    record Remove(String code, long createdAtMillis, long version) implements ArchiveMutation {}
}

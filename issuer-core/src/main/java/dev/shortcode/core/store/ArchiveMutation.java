package dev.shortcode.core.store;

/**
 * One change to the archive, as carried by the outbox. Applying the same mutation twice leaves
 * the archive as applying it once (cell timestamps derive from creation time and version).
 */
public sealed interface ArchiveMutation {

    String code();

    /** Store this version of the link (create or update). */
    record Put(LinkRecord link) implements ArchiveMutation {
        @Override
        public String code() {
            return link.code();
        }
    }

    /** The link was deleted at {@code version}; older versions must not resurface on a cold read. */
    record Remove(String code, long createdAtMillis, long version) implements ArchiveMutation {}
}

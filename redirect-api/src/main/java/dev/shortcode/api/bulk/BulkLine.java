package dev.shortcode.api.bulk;

import dev.shortcode.api.error.DomainException;

/**
 * One non-blank line of a bulk body as read: its number, and either the item or why it could not
 * be read (invalid UTF-8, not JSON, a wrong field, too long, a bad ref). A line that cannot be
 * read fails alone.
 *
 * @param ref the item's ref, once read and valid; null when it has none
 */
record BulkLine(long number, BulkItem item, String ref, DomainException unreadable) {

    static BulkLine read(long number, BulkItem item) {
        return new BulkLine(number, item, item.ref(), null);
    }

    static BulkLine failed(long number, DomainException why) {
        return new BulkLine(number, null, null, why);
    }
}

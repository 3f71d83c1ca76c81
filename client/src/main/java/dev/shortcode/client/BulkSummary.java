package dev.shortcode.client;

/** What one bulk stream did: lines answered, of which links made and problems, and its wall time. */
public record BulkSummary(long lines, long links, long problems, double seconds) {
}

package dev.shortcode.core.alloc;

/**
 * A freshly issued code with the id and epoch behind it. Unique among the codes of its pool and
 * epoch; after a wrap, a code can repeat one of an older epoch, and the hot store's {@code SET NX}
 * decides whether that older link is still alive.
 */
public record IssuedCode(String code, long epoch, long id) {}

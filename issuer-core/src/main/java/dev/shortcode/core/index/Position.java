package dev.shortcode.core.index;

import java.util.Objects;

/**
 * A place in a listing's order: newest first, then by code (ascending) among links created
 * in the same millisecond. A page continues strictly after the last link it showed, so links
 * created or deleted between two pages never make one repeat or skip another.
 */
public record Position(long createdAtMillis, String code) {

    public Position {
        Objects.requireNonNull(code, "code");
    }
}

package dev.shortcode.client.source;

import java.util.Iterator;

/** Iterators over what the CLI reads and sends. */
public final class Iterators {

    private Iterators() {}

    /**
     * The elements of {@code first}, then those of {@code second}, each taken only when asked for:
     * what is not taken stays in its iterator (a broken bulk stream goes on from there).
     */
    public static <T> Iterator<T> concat(Iterator<T> first, Iterator<T> second) {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return first.hasNext() || second.hasNext();
            }

            @Override
            public T next() {
                return first.hasNext() ? first.next() : second.next();
            }
        };
    }
}

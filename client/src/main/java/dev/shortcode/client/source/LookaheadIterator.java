package dev.shortcode.client.source;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * An iterator that reads its next element ahead, when {@link #hasNext} is asked: the readers of
 * files only know whether there is another line by reading it.
 */
public abstract class LookaheadIterator<T> implements Iterator<T> {

    private T next;

    /** The next element, or null when there is none. */
    protected abstract T computeNext();

    @Override
    public final boolean hasNext() {
        if (next == null) {
            next = computeNext();
        }
        return next != null;
    }

    @Override
    public final T next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        T taken = next;
        next = null;
        return taken;
    }
}

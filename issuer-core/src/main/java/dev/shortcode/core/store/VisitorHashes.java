package dev.shortcode.core.store;

import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.Consumer;

/**
 * The distinct visitors of one subject's day as a flush carries them: 64-bit keyed hashes in one
 * sorted array, seen as the set of their texts ({@link #text}: 16 hex digits, what the stores
 * count).
 *
 * <p>Why not strings. A flush at tens of thousands of redirects a second carries as many visitors,
 * and holds them until its batch is stored; as strings in hash sets they took about a hundred bytes
 * each, so a young collection that fell within a flush copied megabytes of them: a pause of every
 * redirect on a node whose event loop shares the CPU. As longs they take eight. A visitor's text
 * is made when the set is iterated, and is garbage at once.
 */
public final class VisitorHashes extends AbstractSet<String> {

    private static final char[] DIGITS = "0123456789abcdef".toCharArray();
    private static final int TEXT_LENGTH = 16;

    /** Sorted, distinct. */
    private final long[] hashes;

    private VisitorHashes(long[] hashes) {
        this.hashes = hashes;
    }

    /**
     * The distinct values among the first {@code count} of {@code hashes}. The array is taken, not
     * copied, and is sorted in place: whoever hands it over does not use it after.
     */
    public static VisitorHashes of(long[] hashes, int count) {
        Arrays.sort(hashes, 0, count);
        int distinct = 0;
        for (int i = 0; i < count; i++) {
            if (distinct == 0 || hashes[i] != hashes[distinct - 1]) {
                hashes[distinct++] = hashes[i];
            }
        }
        return new VisitorHashes(distinct == hashes.length ? hashes : Arrays.copyOf(hashes, distinct));
    }

    /** A visitor hash as the stores take it: 16 lower-case hex digits. */
    public static String text(long hash) {
        char[] text = new char[TEXT_LENGTH];
        for (int i = 0; i < TEXT_LENGTH; i++) {
            text[i] = digit(hash, i);
        }
        return new String(text);
    }

    /** Appends each visitor's text to {@code out}, each followed by {@code separator}: no string per visitor. */
    public void appendTexts(StringBuilder out, char separator) {
        for (long hash : hashes) {
            for (int i = 0; i < TEXT_LENGTH; i++) {
                out.append(digit(hash, i));
            }
            out.append(separator);
        }
    }

    /**
     * Hands each visitor's text to {@code action} as its 16 ASCII bytes, in one buffer that is
     * written over for the next: whoever keeps one copies it.
     */
    public void forEachTextBytes(Consumer<byte[]> action) {
        byte[] text = new byte[TEXT_LENGTH];
        for (long hash : hashes) {
            for (int i = 0; i < TEXT_LENGTH; i++) {
                text[i] = (byte) digit(hash, i);
            }
            action.accept(text);
        }
    }

    /** The {@code i}th of a hash's 16 hex digits, the most significant first. */
    private static char digit(long hash, int i) {
        return DIGITS[(int) (hash >>> (4 * (TEXT_LENGTH - 1 - i))) & 0xf];
    }

    @Override
    public int size() {
        return hashes.length;
    }

    @Override
    public boolean contains(Object o) {
        if (!(o instanceof String s) || s.length() != TEXT_LENGTH) {
            return false;
        }
        long hash;
        try {
            hash = Long.parseUnsignedLong(s, 16);
        } catch (NumberFormatException e) {
            return false;
        }
        return Arrays.binarySearch(hashes, hash) >= 0 && text(hash).equals(s); // the text is lower case only
    }

    @Override
    public Iterator<String> iterator() {
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < hashes.length;
            }

            @Override
            public String next() {
                if (next >= hashes.length) {
                    throw new NoSuchElementException();
                }
                return text(hashes[next++]);
            }
        };
    }
}

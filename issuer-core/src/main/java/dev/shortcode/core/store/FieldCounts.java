package dev.shortcode.core.store;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.ObjLongConsumer;

/**
 * The amounts of one subject's day as a flush carries them ({@link ClickDelta#counts}): field names
 * and amounts in two arrays, in the order the fields were first added, seen as a read-only map once
 * a {@link ClickDelta} holds them.
 *
 * <p>Why not a {@code HashMap}. A flush at tens of thousands of redirects a second seals thousands
 * of days and holds them until its batch is stored; a hash map keeps an entry object per field, a
 * table beside it, and a boxed amount for any above 127, which made half of what a seal allocated,
 * and a young collection falling within a flush copies all of it. Here a day of a handful of
 * fields is two small arrays, found by a scan; an owner's day, which has a field per link it had
 * clicks on, grows an open-addressing index of positions once it passes {@value #SCAN_LIMIT}.
 */
public final class FieldCounts extends AbstractMap<String, Long> {

    /** Up to this many fields a lookup scans the names; beyond, it goes through {@link #index}. */
    private static final int SCAN_LIMIT = 8;

    private String[] names;
    private long[] amounts;
    private int size;
    /** Position + 1 of a name in each slot, 0 for a free one; at most half full; null while scanning. */
    private int[] index;
    private boolean handedOver;

    /** Empty, with room for {@code expected} fields before it grows. */
    public FieldCounts(int expected) {
        int capacity = Math.max(2, expected);
        names = new String[capacity];
        amounts = new long[capacity];
        if (capacity > SCAN_LIMIT) {
            index = new int[Integer.highestOneBit(capacity - 1) << 2];
        }
    }

    /** Adds {@code amount} to {@code field}'s, which starts at 0. */
    public void add(String field, long amount) {
        Objects.requireNonNull(field, "field");
        if (handedOver) {
            throw new IllegalStateException("these counts belong to a delta now");
        }
        int at = positionOf(field);
        if (at >= 0) {
            amounts[at] += amount;
            return;
        }
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
            amounts = Arrays.copyOf(amounts, size * 2);
        }
        names[size] = field;
        amounts[size] = amount;
        size++;
        if (index != null && 2 * size > index.length) {
            reindex(index.length * 2);
        } else if (index != null) {
            place(size - 1);
        } else if (size > SCAN_LIMIT) {
            reindex(Integer.highestOneBit(size) << 2);
        }
    }

    /** From now on the counts only read: a {@link ClickDelta} took them. */
    void handOver() {
        handedOver = true;
    }

    /** Every field with its amount, in the order the fields were first added, without boxing. */
    public void forEachAmount(ObjLongConsumer<String> action) {
        for (int i = 0; i < size; i++) {
            action.accept(names[i], amounts[i]);
        }
    }

    private int positionOf(Object field) {
        if (index == null) {
            for (int i = 0; i < size; i++) {
                if (names[i].equals(field)) {
                    return i;
                }
            }
            return -1;
        }
        int mask = index.length - 1;
        for (int s = slot(field.hashCode(), mask); ; s = (s + 1) & mask) {
            int at = index[s] - 1;
            if (at < 0) {
                return -1;
            }
            if (names[at].equals(field)) {
                return at;
            }
        }
    }

    private void reindex(int slots) {
        index = new int[slots];
        for (int i = 0; i < size; i++) {
            place(i);
        }
    }

    private void place(int position) {
        int mask = index.length - 1;
        int s = slot(names[position].hashCode(), mask);
        while (index[s] != 0) {
            s = (s + 1) & mask;
        }
        index[s] = position + 1;
    }

    /** Fibonacci hashing: the codes of a flush can be consecutive, and so can their strings' hashes. */
    private static int slot(int hash, int mask) {
        return (hash * 0x9E3779B9 >>> 16 ^ hash * 0x9E3779B9) & mask;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean containsKey(Object key) {
        return key instanceof String && positionOf(key) >= 0;
    }

    @Override
    public Long get(Object key) {
        int at = key instanceof String ? positionOf(key) : -1;
        return at < 0 ? null : amounts[at];
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super Long> action) {
        for (int i = 0; i < size; i++) {
            action.accept(names[i], amounts[i]);
        }
    }

    @Override
    public Set<Entry<String, Long>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return size;
            }

            @Override
            public Iterator<Entry<String, Long>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < size;
                    }

                    @Override
                    public Entry<String, Long> next() {
                        if (next >= size) {
                            throw new NoSuchElementException();
                        }
                        int at = next++;
                        return new SimpleImmutableEntry<>(names[at], amounts[at]);
                    }
                };
            }
        };
    }
}

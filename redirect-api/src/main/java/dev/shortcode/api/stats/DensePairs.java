package dev.shortcode.api.stats;

import java.util.Arrays;

/**
 * Pairs of a text and a number (a code and an hour, an owner and a day) numbered densely 0, 1, 2…
 * in the order they first came, by open addressing over primitive arrays. The click tally keeps
 * its tables from one flush interval to the next ({@link #clear} keeps the arrays), so that a young
 * collection finds nothing of them to copy; see {@link ClickTally}.
 *
 * <p>A pair can be forgotten: it keeps its id and its text and number, but is found no more, and
 * the same pair added again gets a new id.
 */
final class DensePairs {

    /** What a cleared table is sized for, and the least it shrinks back to. */
    static final int INITIAL_ENTRIES = 1024;

    /** id + 1 of the pair in each slot, 0 for a free one; at most half full. */
    private int[] slots;
    private String[] texts;
    private long[] numbers;
    private boolean[] forgotten;
    private int size;

    DensePairs() {
        allocate(INITIAL_ENTRIES);
    }

    private void allocate(int entries) {
        slots = new int[slotsFor(entries)];
        int capacity = slots.length / 2;
        texts = new String[capacity];
        numbers = new long[capacity];
        forgotten = new boolean[capacity];
    }

    /** The pair's id; a new one, {@link #size} − 1 after, when it was not there. */
    int idOf(String text, long number) {
        if (size == texts.length) {
            grow();
        }
        int mask = slots.length - 1;
        for (int s = mix(fnv(text, number)) & mask; ; s = (s + 1) & mask) {
            int id = slots[s] - 1;
            if (id < 0) {
                id = size++;
                slots[s] = id + 1;
                texts[id] = text;
                numbers[id] = number;
                return id;
            }
            if (numbers[id] == number && texts[id].equals(text)) {
                return id;
            }
        }
    }

    int size() {
        return size;
    }

    /** How many ids the table holds before it grows; arrays kept beside it by id need this length. */
    int capacity() {
        return texts.length;
    }

    String text(int id) {
        return texts[id];
    }

    long number(int id) {
        return numbers[id];
    }

    boolean isForgotten(int id) {
        return forgotten[id];
    }

    /** Every pair with {@code text} is found no more; true when there was one. */
    boolean forget(String text) {
        boolean any = false;
        for (int id = 0; id < size; id++) {
            if (!forgotten[id] && texts[id].equals(text)) {
                forgotten[id] = true;
                any = true;
            }
        }
        if (any) {
            Arrays.fill(slots, 0);
            index();
        }
        return any;
    }

    /** Empties the table; one that grew past eight times what this interval used is allocated smaller. */
    void clear() {
        if (oversized(slots.length, size)) {
            allocate(Math.max(INITIAL_ENTRIES, size));
        } else {
            Arrays.fill(slots, 0);
            Arrays.fill(texts, 0, size, null);
            Arrays.fill(forgotten, 0, size, false);
        }
        size = 0;
    }

    private void grow() {
        int capacity = texts.length * 2;
        texts = Arrays.copyOf(texts, capacity);
        numbers = Arrays.copyOf(numbers, capacity);
        forgotten = Arrays.copyOf(forgotten, capacity);
        slots = new int[capacity * 2];
        index();
    }

    /** Puts every id not forgotten into the slots, which are all free. */
    private void index() {
        int mask = slots.length - 1;
        for (int id = 0; id < size; id++) {
            if (forgotten[id]) {
                continue;
            }
            int s = mix(fnv(texts[id], numbers[id])) & mask;
            while (slots[s] != 0) {
                s = (s + 1) & mask;
            }
            slots[s] = id + 1;
        }
    }

    /** FNV-1a over every character: {@link String#hashCode} maps consecutive base62 codes onto few values. */
    static long fnv(String text, long seed) {
        long h = 0xcbf29ce484222325L ^ seed;
        for (int i = 0; i < text.length(); i++) {
            h = (h ^ text.charAt(i)) * 0x100000001b3L;
        }
        return h;
    }

    /** MurmurHash3's 64-bit finaliser, folded to an int. */
    static int mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return (int) h;
    }

    /** A table's slot count for {@code entries} at most half full. */
    static int slotsFor(int entries) {
        return Integer.highestOneBit(Math.max(16, entries) - 1) << 2;
    }

    /** Whether a table of {@code slots} grew past eight times the {@code used} entries. */
    static boolean oversized(int slots, int used) {
        return slots > slotsFor(INITIAL_ENTRIES) && (long) used * 16 < slots;
    }
}

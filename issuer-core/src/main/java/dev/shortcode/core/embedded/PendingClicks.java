package dev.shortcode.core.embedded;

import dev.shortcode.core.store.ClickDelta;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.LongFunction;

/**
 * The click batches the embedded store has journaled and not yet folded into its records, in two
 * generations: the one batches go into now, and the one being folded (at most one at a time).
 * Thread-safe; every method holds the object's lock briefly.
 *
 * <p>Design note. Only an index is kept on the heap, and one that the collector need not walk:
 * per batch a single sorted {@code long[]}, each element a delta's subject hash (high half) and
 * where the delta begins in the journal entry (low half), made once and never grown. A read
 * binary-searches each batch for its subject's hash and decodes those few deltas from the
 * journal (a hash shared by two subjects costs a decode, never a wrong count: the delta's own
 * subject is compared). A fold loads its generation's entries once into a direct buffer reused
 * from fold to fold, and folds by hash. Not the deltas themselves, as objects or heap bytes, nor
 * an object per subject: the pending clicks of the last minute would stay alive across every
 * young collection until folded, and copying them again and again made each collection pause for
 * milliseconds on the redirects' CPU. Nor summed: an owner's delta names thousands of links, and
 * summing it into a map every second would cost more than the fold.
 *
 * <p>Each pending delta says which batch it came from ({@link Pending#batch}): a day record folded
 * through batch N holds every delta of its subject-day from batches up to N (batch numbers only
 * grow, and a fold takes every batch before its last), so a read leaves out what the record it
 * found already holds, even when a whole fold began and ended since it looked here.
 */
final class PendingClicks {

    /** Sums deltas of one subject's day. */
    static final class Sum {
        final Map<String, Long> counts = new HashMap<>();
        final Set<String> visitors = new HashSet<>();

        void add(Map<String, Long> more, Set<String> moreVisitors) {
            more.forEach((field, n) -> counts.merge(field, n, Long::sum));
            visitors.addAll(moreVisitors);
        }
    }

    /** One journaled batch: its number and its deltas' references, sorted (subject hash high, offset low). */
    private record Batch(long number, long[] references) {

        /** The first reference with subject hash {@code hash}, or where it would be. */
        int first(int hash) {
            long key = (long) hash << 32;
            int low = 0;
            int high = references.length;
            while (low < high) {
                int mid = (low + high) >>> 1;
                if (references[mid] < key) {
                    low = mid + 1;
                } else {
                    high = mid;
                }
            }
            return low;
        }

        boolean hashAt(int r, int hash) {
            return r < references.length && (int) (references[r] >>> 32) == hash;
        }
    }

    /** The batches taken since a fold began. */
    static final class Generation {
        private final List<Batch> batches = new ArrayList<>();
        /** A deleted subject's deltas in the batches before this index are not counted. */
        private final Map<String, Integer> forgotten = new HashMap<>();
        private long last = -1;
        private int deltas;
        /** Where each entry begins in the fold's buffer (-1: deleted meanwhile); null until the fold begins. */
        private int[] loadedAt;

        /** The batch numbers taken here, whose journal entries the fold deletes. */
        List<Long> batches() {
            List<Long> numbers = new ArrayList<>(batches.size());
            for (Batch batch : batches) {
                numbers.add(batch.number());
            }
            return numbers;
        }

        /** The highest batch number taken here: what a record folded from here is folded through. */
        long last() {
            return last;
        }

        private int forgottenBefore(String subject) {
            return forgotten.getOrDefault(subject, 0);
        }
    }

    /** A pending delta as a read sees it. */
    record Pending(LocalDate day, Map<String, Long> counts, Set<String> visitors, long batch) {}

    /** Reads a journal entry by its batch number; null once a fold has deleted it. */
    private final LongFunction<byte[]> journal;
    private Generation current = new Generation();
    private Generation folding;
    /** Guards the fold's buffer: two callers may fold at once (the sweep folds first, and so may a caller). */
    private final Object foldLock = new Object();
    /** The folding generation's entries, off the heap; reused by the next fold. */
    private ByteBuffer loaded = ByteBuffer.allocateDirect(0);

    PendingClicks(LongFunction<byte[]> journal) {
        this.journal = journal;
    }

    /** A subject's hash in the index: every character mixed in ({@link String#hashCode} gives consecutive codes few values). */
    static int hash(String subject) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < subject.length(); i++) {
            h = (h ^ subject.charAt(i)) * 0x100000001b3L; // FNV-1a
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL; // MurmurHash3's finaliser
        h ^= h >>> 33;
        return (int) h;
    }

    /**
     * Takes a journaled batch into the current generation.
     *
     * @param offsets  where the deltas still to count begin in the batch's journal entry; may be empty (all already stored)
     * @param subjects the subject of each of those deltas
     */
    void add(long batch, int[] offsets, List<String> subjects) {
        long[] references = new long[subjects.size()];
        for (int d = 0; d < references.length; d++) {
            references[d] = (long) hash(subjects.get(d)) << 32 | (offsets[d] & 0xFFFF_FFFFL);
        }
        Arrays.sort(references);
        synchronized (this) {
            current.batches.add(new Batch(batch, references));
            current.deltas += references.length;
            current.last = Math.max(current.last, batch);
        }
    }

    /** Deltas in the current generation. */
    synchronized int currentDeltas() {
        return current.deltas;
    }

    synchronized boolean isEmpty() {
        return current.batches.isEmpty() && folding == null;
    }

    /** The generation to fold, its journal entries loaded: the unfinished one, or else the current one, which a new one replaces. */
    Generation startFold() {
        Generation generation;
        synchronized (this) {
            if (folding == null) {
                folding = current;
                current = new Generation();
            }
            generation = folding;
        }
        synchronized (foldLock) {
            if (generation.loadedAt == null) {
                load(generation);
            }
        }
        return generation;
    }

    /** Copies the generation's entries into the fold's buffer, which grows when they do not fit. */
    private void load(Generation generation) {
        int[] at = new int[generation.batches.size()];
        int size = 0;
        for (int i = 0; i < at.length; i++) {
            byte[] entry = journal.apply(generation.batches.get(i).number());
            if (entry == null) {
                at[i] = -1;
                continue;
            }
            if (size + entry.length > loaded.capacity()) {
                ByteBuffer bigger = ByteBuffer.allocateDirect(Math.max(loaded.capacity() * 2, size + entry.length));
                bigger.put(0, loaded, 0, size);
                loaded = bigger;
            }
            loaded.put(size, entry);
            at[i] = size;
            size += entry.length;
        }
        generation.loadedAt = at;
    }

    /** The subject hashes of the generation being folded, each once: the fold goes through them in chunks. */
    int[] foldingHashes() {
        Generation generation;
        synchronized (this) {
            generation = folding;
        }
        if (generation == null) {
            return new int[0];
        }
        int[] hashes = new int[generation.deltas];
        int n = 0;
        for (Batch batch : generation.batches) {
            for (long reference : batch.references()) {
                hashes[n++] = (int) (reference >>> 32);
            }
        }
        Arrays.sort(hashes, 0, n);
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            if (distinct == 0 || hashes[i] != hashes[distinct - 1]) {
                hashes[distinct++] = hashes[i];
            }
        }
        return Arrays.copyOf(hashes, distinct);
    }

    /** The days of each subject with {@code hash} in the generation being folded, summed, oldest first. */
    Map<String, Map<LocalDate, Sum>> foldingDays(int hash) {
        Generation generation;
        Map<String, Integer> forgotten;
        synchronized (this) {
            generation = folding;
            forgotten = generation == null ? Map.of() : Map.copyOf(generation.forgotten);
        }
        Map<String, Map<LocalDate, Sum>> subjects = new HashMap<>(2);
        ByteBuffer entries;
        int[] loadedAt;
        synchronized (foldLock) {
            entries = loaded;
            loadedAt = generation == null ? null : generation.loadedAt;
        }
        if (loadedAt == null) {
            return subjects; // nothing folding, or not started
        }
        for (int i = 0; i < generation.batches.size(); i++) {
            Batch batch = generation.batches.get(i);
            int entryAt = loadedAt[i];
            if (entryAt < 0) {
                continue;
            }
            for (int r = batch.first(hash); batch.hashAt(r, hash); r++) {
                ClickDelta delta = ClickJournalCodec.decodeAt(entries, entryAt + (int) batch.references()[r]);
                if (i < forgotten.getOrDefault(delta.subject(), 0)) {
                    continue;
                }
                subjects.computeIfAbsent(delta.subject(), s -> new TreeMap<>())
                        .computeIfAbsent(delta.day(), d -> new Sum())
                        .add(delta.counts(), delta.visitors());
            }
        }
        return subjects;
    }

    /** The folding generation is stored and its journal deleted. */
    synchronized void foldDone(Generation generation) {
        if (folding == generation) {
            folding = null;
        }
    }

    /** Forgets {@code subject} (deleted): none of its deltas taken so far is folded or read from here on. */
    synchronized void forget(String subject) {
        current.forgotten.put(subject, current.batches.size());
        if (folding != null) {
            folding.forgotten.put(subject, folding.batches.size());
        }
    }

    /** One generation's batches as a read saw them under the lock. */
    private record Located(List<Batch> batches, int forgottenBefore) {}

    /** {@code subject}'s pending deltas, the folding generation's first, read from the journal. */
    List<Pending> of(String subject) {
        List<Located> located = new ArrayList<>(2);
        synchronized (this) {
            if (folding != null) {
                located.add(new Located(List.copyOf(folding.batches), folding.forgottenBefore(subject)));
            }
            located.add(new Located(List.copyOf(current.batches), current.forgottenBefore(subject)));
        }
        int hash = hash(subject);
        List<Pending> pending = new ArrayList<>();
        for (Located generation : located) {
            for (int i = generation.forgottenBefore(); i < generation.batches().size(); i++) {
                Batch batch = generation.batches().get(i);
                int r = batch.first(hash);
                if (!batch.hashAt(r, hash)) {
                    continue;
                }
                byte[] entry = journal.apply(batch.number());
                if (entry == null) {
                    continue; // folded and deleted since; the record has it
                }
                for (; batch.hashAt(r, hash); r++) {
                    ClickDelta delta = ClickJournalCodec.decodeAt(entry, (int) batch.references()[r]);
                    if (delta.subject().equals(subject)) {
                        pending.add(new Pending(delta.day(), delta.counts(), delta.visitors(), batch.number()));
                    }
                }
            }
        }
        return pending;
    }
}

package dev.shortcode.core.embedded;

import dev.shortcode.core.store.ClickDelta;
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
 * <p>Only an index is kept here: per subject, which journal entries hold its deltas and where in
 * them they begin. A read fetches those entries from the journal and decodes its few deltas; a
 * fold loads its generation's entries once. Not the deltas themselves, as objects or as bytes:
 * the pending clicks of the last seconds would stay alive across every young collection until
 * folded, and copying them again and again made each collection pause for milliseconds on the
 * redirect's CPU. Nor summed: an owner's delta names thousands of links, and summing it into a
 * map every second would cost more than the fold.
 *
 * <p>Each pending delta says which fold will store it ({@link Pending#foldedBy}): the folding
 * generation's last batch number, so that a read that finds the day's record already folded
 * through that number leaves it out (the fold just stored it), or {@link Long#MAX_VALUE} for the
 * current generation, which no record includes yet.
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

    /** Where a subject's deltas are: entry index in the high half of each reference, offset in the low. */
    private static final class References {
        long[] at = new long[2];
        int size;

        void add(int entry, int offset) {
            if (size == at.length) {
                at = Arrays.copyOf(at, size * 2);
            }
            at[size++] = (long) entry << 32 | (offset & 0xFFFF_FFFFL);
        }
    }

    /** The batches taken since a fold began. */
    static final class Generation {
        private final Map<String, References> subjects = new HashMap<>();
        private final List<Long> batches = new ArrayList<>();
        private long last = -1;
        private int deltas;
        /** The entries, read once when the fold begins; null until then. */
        private byte[][] loaded;

        /** The batch numbers taken here, whose journal entries the fold deletes. */
        List<Long> batches() {
            return batches;
        }

        /** The highest batch number taken here: what a record folded from here is folded through. */
        long last() {
            return last;
        }

        private long[] referencesOf(String subject) {
            References references = subjects.get(subject);
            return references == null ? new long[0] : Arrays.copyOf(references.at, references.size);
        }
    }

    /** A pending delta as a read sees it. */
    record Pending(LocalDate day, Map<String, Long> counts, Set<String> visitors, long foldedBy) {}

    /** Reads a journal entry by its batch number; null once a fold has deleted it. */
    private final LongFunction<byte[]> journal;
    private Generation current = new Generation();
    private Generation folding;

    PendingClicks(LongFunction<byte[]> journal) {
        this.journal = journal;
    }

    /**
     * Takes a journaled batch into the current generation.
     *
     * @param offsets  where the deltas still to count begin in the batch's journal entry; may be empty (all already stored)
     * @param subjects the subject of each of those deltas
     */
    synchronized void add(long batch, int[] offsets, List<String> subjects) {
        int entry = current.batches.size();
        for (int d = 0; d < subjects.size(); d++) {
            current.subjects.computeIfAbsent(subjects.get(d), s -> new References()).add(entry, offsets[d]);
        }
        current.deltas += subjects.size();
        current.batches.add(batch);
        current.last = Math.max(current.last, batch);
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
        if (generation.loaded == null) {
            byte[][] loaded = new byte[generation.batches.size()][];
            for (int i = 0; i < loaded.length; i++) {
                loaded[i] = journal.apply(generation.batches.get(i));
            }
            generation.loaded = loaded;
        }
        return generation;
    }

    /** The subjects of the generation being folded, as now. */
    synchronized List<String> foldingSubjects() {
        return folding == null ? List.of() : new ArrayList<>(folding.subjects.keySet());
    }

    /** The days of {@code subject} in the generation being folded, summed, oldest first. */
    Map<LocalDate, Sum> foldingDays(String subject) {
        Generation generation;
        long[] references;
        synchronized (this) {
            generation = folding;
            references = generation == null ? new long[0] : generation.referencesOf(subject);
        }
        Map<LocalDate, Sum> days = new TreeMap<>();
        for (long at : references) {
            byte[] entry = generation.loaded[(int) (at >>> 32)];
            if (entry != null) {
                ClickDelta delta = ClickJournalCodec.decodeAt(entry, (int) at);
                days.computeIfAbsent(delta.day(), d -> new Sum()).add(delta.counts(), delta.visitors());
            }
        }
        return days;
    }

    /** The folding generation is stored and its journal deleted. */
    synchronized void foldDone(Generation generation) {
        if (folding == generation) {
            folding = null;
        }
    }

    /** Forgets {@code subject} (deleted): nothing of it is folded or read from here on. */
    synchronized void forget(String subject) {
        current.subjects.remove(subject);
        if (folding != null) {
            folding.subjects.remove(subject);
        }
    }

    /** Where one generation holds a subject's deltas, taken under the lock and read outside it. */
    private record Located(long[] references, List<Long> batches, long foldedBy) {}

    /** {@code subject}'s pending deltas, the folding generation's first, read from the journal. */
    List<Pending> of(String subject) {
        List<Located> located = new ArrayList<>(2);
        synchronized (this) {
            if (folding != null) {
                located.add(new Located(folding.referencesOf(subject), List.copyOf(folding.batches), folding.last));
            }
            located.add(new Located(current.referencesOf(subject), List.copyOf(current.batches), Long.MAX_VALUE));
        }
        List<Pending> pending = new ArrayList<>();
        for (Located generation : located) {
            Map<Integer, byte[]> entries = new HashMap<>();
            for (long at : generation.references()) {
                int index = (int) (at >>> 32);
                byte[] entry = entries.containsKey(index) ? entries.get(index) : journal.apply(generation.batches().get(index));
                entries.put(index, entry);
                if (entry != null) { // null: folded and deleted since; the record has it
                    ClickDelta delta = ClickJournalCodec.decodeAt(entry, (int) at);
                    pending.add(new Pending(delta.day(), delta.counts(), delta.visitors(), generation.foldedBy()));
                }
            }
        }
        return pending;
    }
}

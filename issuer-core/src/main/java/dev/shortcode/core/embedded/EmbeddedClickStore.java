package dev.shortcode.core.embedded;

import dev.shortcode.core.store.ClickBucket;
import dev.shortcode.core.store.ClickCounts;
import dev.shortcode.core.store.ClickDelta;
import dev.shortcode.core.store.ClickFields;
import dev.shortcode.core.store.ClickRetention;
import dev.shortcode.core.store.ClickStore;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Snapshot;

/**
 * Click statistics in the {@code clicks} column family of the {@link EmbeddedDatabase}.
 *
 * <p>Design note. Keys are {@code utf8(subject) 0x00 kind date}: kind {@code d} a day's counts
 * ({@code yyyyMMdd}), {@code h} the same day's hourly counts, {@code u} the day's
 * {@link VisitorSketch}, {@code m} a month's counts ({@code yyyyMM}); so one subject's records of
 * one kind are adjacent and in date order, and a read of a window is one short scan. Records are
 * {@link ClickCountsCodec} maps. Keys that start with {@code 0x00} (no subject is empty, so they
 * sort apart) are the store's own: {@code 0x00 s yyyyMMdd} a day's salt, {@code 0x00 j <batch>}
 * a journaled batch, {@code 0x00 x <subject>} a deleted subject's mark.
 *
 * <p>Journal, then fold. A flush sends every link-day clicked in the last second; read-modify-
 * writing each one's day, hours, sketch and month every second would cost the writer thread
 * about four record rewrites per click under a long-tailed load (most links get one click a
 * second). So {@link #apply} writes the whole batch as one journal entry (one put, synced like
 * an acknowledged create: once the stage completes neither a killed process nor a power loss
 * takes it back) and indexes it in memory ({@link PendingClicks}); reads add what is pending to
 * what is stored. Every {@link #FOLD_INTERVAL} (sooner when {@value #FOLD_AT_DELTAS} deltas are
 * pending) the pending sums are folded into the records, {@value #FOLD_CHUNK_SUBJECTS} subjects per
 * write batch with rests between (a tenth of a CPU at most), so a link clicked every second costs one record rewrite per fold
 * instead of one per second. The last write batch of a fold deletes the generation's journal
 * entries.
 *
 * <p>Exactly once. Each day record folded says through which batch number ({@code ~n}); a fold
 * (or the replay of the journal at open, after a crash mid-fold) skips a subject-day whose
 * record is already folded through that number. A subject's days are folded in one write batch
 * with its months, so the day record's mark speaks for them too. A repeated batch (the caller
 * retrying after a failure that may have stored it) is recognised by its number, which only
 * grows. A deleted subject leaves a mark so that the replay does not bring back its journaled
 * clicks; the mark goes with the journal entries it covers. The month's {@code u} is kept as the
 * sum of its days' estimates: each fold adds how much the day's estimate grew.
 *
 * <p>Retention ({@link ClickRetention}) is kept by a sweep once an hour (and at open) that deletes
 * hours, days, months, sketches and salts past their time; reads also leave out what the sweep
 * has not removed yet.
 */
final class EmbeddedClickStore implements ClickStore {

    private static final System.Logger LOG = System.getLogger(EmbeddedClickStore.class.getName());

    static final byte DAY = 'd';
    static final byte HOURS = 'h';
    static final byte SKETCH = 'u';
    static final byte MONTH = 'm';
    static final byte SALT = 's';
    static final byte JOURNAL = 'j';
    static final byte DELETED = 'x';
    /** The day record's field that says through which batch it is folded; never shown to readers. */
    static final String FOLDED_THROUGH = "~n";
    /** How often pending clicks are folded into the records. */
    static final Duration FOLD_INTERVAL = Duration.ofSeconds(60);
    /** Pending deltas that start a fold before its time (memory: 8 bytes of index each, the deltas stay in the journal). */
    static final int FOLD_AT_DELTAS = 1_000_000;
    /** Subjects folded per write batch: a few milliseconds of the writer's time. */
    static final int FOLD_CHUNK_SUBJECTS = 64;
    /**
     * After each chunk the fold rests this many times as long as the chunk took (at least a
     * millisecond): a fold takes at most a tenth of a CPU, so on a node whose event loop shares
     * the CPU, the redirects it delays wait a few milliseconds, not the fold's whole length, and a
     * node near its maximum rate is not pushed past it while a fold runs.
     */
    private static final int FOLD_REST_FACTOR = 9;
    private static final DateTimeFormatter DAY_TEXT = DateTimeFormatter.BASIC_ISO_DATE;
    private static final DateTimeFormatter MONTH_TEXT = DateTimeFormatter.ofPattern("yyyyMM");
    /** Sketches and salts are needed for the day and for late clicks of the day before; a day's salt lives 48 hours. */
    private static final int SKETCH_DAYS = 2;
    private static final int SALT_BYTES = 16;
    /** Keys one sweep operation deletes at most; a bigger backlog takes several. */
    private static final int SWEEP_BATCH = 10_000;

    private final EmbeddedDatabase storage;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();
    private final ScheduledExecutorService sweepThread;
    private final PendingClicks pending;
    /** Deleted subjects' marks not yet removed, with the batch number each covers. */
    private final Map<String, Long> deletionMarks = new ConcurrentHashMap<>();
    private volatile long lastApplied = -1;
    /** Every batch up to this one is folded and its journal entry gone: a delete covered by it needs no mark. */
    private volatile long foldedThrough = -1;
    private long lastFoldNanos = System.nanoTime();

    EmbeddedClickStore(EmbeddedDatabase storage, Clock clock) {
        this.storage = storage;
        this.clock = clock;
        this.pending = new PendingClicks(batch -> storage.call(db -> db.get(storage.clicks(), journalKey(batch))));
        replay();
        this.sweepThread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "shortcode-embedded-click-retention");
            t.setDaemon(true);
            return t;
        });
        sweepThread.scheduleWithFixedDelay(this::sweepInBackground, 0, 1, TimeUnit.HOURS);
        sweepThread.scheduleWithFixedDelay(this::foldInBackground, 1, 1, TimeUnit.SECONDS);
        storage.register(this);
    }

    @Override
    public CompletionStage<Void> apply(long batch, List<ClickDelta> deltas) {
        if (deltas.isEmpty() || batch <= lastApplied) {
            return CompletableFuture.completedFuture(null); // nothing, or a batch already stored
        }
        ClickJournalCodec.Encoded entry = ClickJournalCodec.encodeWithOffsets(deltas);
        List<String> subjects = subjectsOf(deltas);
        byte[] key = journalKey(batch);
        return storage.writer().submit(staging -> {
            staging.put(storage.clicks(), key, entry.bytes());
            return null;
        }).thenApply(done -> {
            pending.add(batch, entry.offsets(), subjects);
            lastApplied = batch;
            return null;
        });
    }

    private static List<String> subjectsOf(List<ClickDelta> deltas) {
        List<String> subjects = new ArrayList<>(deltas.size());
        for (ClickDelta delta : deltas) {
            subjects.add(delta.subject());
        }
        return subjects;
    }

    /** Adds a pending sum to the subject's day, hours, sketch and month, unless the day is folded through {@code through} already. */
    private void fold(GroupCommitWriter.Staging staging, String subject, LocalDate date, PendingClicks.Sum sum, long through)
            throws RocksDBException {
        byte[] dayKey = key(subject, DAY, DAY_TEXT.format(date));
        Map<String, Long> day = ClickCountsCodec.decode(staging.get(storage.clicks(), dayKey));
        if (day.getOrDefault(FOLDED_THROUGH, -1L) >= through) {
            return;
        }
        byte[] sketchKey = key(subject, SKETCH, DAY_TEXT.format(date));
        VisitorSketch sketch = sum.visitors.isEmpty() ? null : VisitorSketch.decode(staging.get(storage.clicks(), sketchKey));
        Addition addition = Addition.of(day, sum, sketch);
        ClickCounts.add(day, addition.daily());
        if (addition.sketchChanged()) {
            staging.put(storage.clicks(), sketchKey, sketch.encode());
            day.put(ClickFields.UNIQUES, addition.uniquesAfter());
        }
        day.put(FOLDED_THROUGH, through);
        staging.put(storage.clicks(), dayKey, ClickCountsCodec.encode(day));
        if (!addition.hourly().isEmpty()) {
            byte[] hoursKey = key(subject, HOURS, DAY_TEXT.format(date));
            Map<String, Long> hours = ClickCountsCodec.decode(staging.get(storage.clicks(), hoursKey));
            ClickCounts.add(hours, addition.hourly());
            staging.put(storage.clicks(), hoursKey, ClickCountsCodec.encode(hours));
        }
        byte[] monthKey = key(subject, MONTH, MONTH_TEXT.format(date));
        Map<String, Long> month = ClickCountsCodec.decode(staging.get(storage.clicks(), monthKey));
        ClickCounts.add(month, addition.monthly());
        staging.put(storage.clicks(), monthKey, ClickCountsCodec.encode(month));
    }

    /**
     * Folds the pending clicks into the records, at most {@code maxChunks} write batches of
     * {@value #FOLD_CHUNK_SUBJECTS} subjects (a test stops a fold half-way with it).
     *
     * @return true when the fold is complete and its journal entries deleted
     */
    boolean foldOnce(int maxChunks) {
        if (pending.isEmpty()) {
            return true;
        }
        PendingClicks.Generation generation = pending.startFold();
        long through = generation.last();
        int[] hashes = pending.foldingHashes();
        int chunks = 0;
        for (int from = 0; from < hashes.length; from += FOLD_CHUNK_SUBJECTS) {
            if (chunks++ == maxChunks) {
                return false;
            }
            // One operation per subject hash (nearly always one subject): an operation's own writes are looked up by a scan, so it stays small.
            List<GroupCommitWriter.Operation<Void>> operations = new ArrayList<>(FOLD_CHUNK_SUBJECTS);
            for (int h = from; h < Math.min(hashes.length, from + FOLD_CHUNK_SUBJECTS); h++) {
                int hash = hashes[h];
                operations.add(staging -> {
                    for (Map.Entry<String, Map<LocalDate, PendingClicks.Sum>> subject : pending.foldingDays(hash).entrySet()) {
                        for (Map.Entry<LocalDate, PendingClicks.Sum> day : subject.getValue().entrySet()) {
                            fold(staging, subject.getKey(), day.getKey(), day.getValue(), through);
                        }
                    }
                    return null;
                });
            }
            long started = System.nanoTime();
            storage.writer().submitAll(operations).toCompletableFuture().join();
            rest(System.nanoTime() - started);
        }
        if (chunks == maxChunks) {
            return false;
        }
        storage.writer().submit(staging -> {
            for (long batch : generation.batches()) {
                staging.delete(storage.clicks(), journalKey(batch));
            }
            for (Map.Entry<String, Long> mark : deletionMarks.entrySet()) {
                if (mark.getValue() <= through) {
                    staging.delete(storage.clicks(), deletionKey(mark.getKey()));
                }
            }
            return null;
        }).toCompletableFuture().join();
        deletionMarks.values().removeIf(covered -> covered <= through);
        foldedThrough = through;
        pending.foldDone(generation);
        return true;
    }

    private static void rest(long chunkNanos) {
        try {
            Thread.sleep(Math.max(1, TimeUnit.NANOSECONDS.toMillis(chunkNanos * FOLD_REST_FACTOR)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmbeddedStorageException("interrupted while folding click statistics", e);
        }
    }

    private void foldInBackground() {
        try {
            boolean due = System.nanoTime() - lastFoldNanos >= FOLD_INTERVAL.toNanos();
            if (!pending.isEmpty() && (due || pending.currentDeltas() >= FOLD_AT_DELTAS)) {
                foldOnce(Integer.MAX_VALUE);
                lastFoldNanos = System.nanoTime();
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "folding click statistics failed, retrying in a second: {0}", e.toString());
        }
    }

    /** Reads the journal back at open: the batches not folded yet (wholly or for some subject-days) become pending again. */
    private void replay() {
        storage.call(db -> {
            byte[] marks = {0, DELETED};
            try (ReadOptions read = new ReadOptions(); RocksIterator it = db.newIterator(storage.clicks(), read)) {
                for (it.seek(marks); it.isValid() && startsWith(it.key(), marks); it.next()) {
                    String subject = new String(it.key(), 2, it.key().length - 2, StandardCharsets.UTF_8);
                    deletionMarks.put(subject, Long.parseLong(new String(it.value(), StandardCharsets.US_ASCII)));
                }
                it.status();
                byte[] journal = {0, JOURNAL};
                for (it.seek(journal); it.isValid() && startsWith(it.key(), journal); it.next()) {
                    long batch = Long.parseLong(new String(it.key(), 2, it.key().length - 2, StandardCharsets.US_ASCII));
                    List<ClickJournalCodec.Located> deltas = ClickJournalCodec.decodeLocated(it.value());
                    int[] offsets = new int[deltas.size()];
                    List<String> subjects = new ArrayList<>(deltas.size());
                    for (ClickJournalCodec.Located located : deltas) {
                        ClickDelta delta = located.delta();
                        if (deletionMarks.getOrDefault(delta.subject(), -1L) >= batch) {
                            continue; // deleted after this batch
                        }
                        byte[] day = db.get(storage.clicks(), key(delta.subject(), DAY, DAY_TEXT.format(delta.day())));
                        if (ClickCountsCodec.decode(day).getOrDefault(FOLDED_THROUGH, -1L) < batch) {
                            offsets[subjects.size()] = located.offset();
                            subjects.add(delta.subject());
                        }
                    }
                    pending.add(batch, offsets, subjects);
                    lastApplied = Math.max(lastApplied, batch);
                }
                it.status();
            }
            return null;
        });
        if (lastApplied >= 0) {
            LOG.log(Level.INFO, "click statistics: journal read back up to batch {0}", lastApplied);
        }
    }

    /**
     * What pending clicks add to a subject's stored day: its counts split into the day's and the
     * hours' (kept apart for a shorter time), and its unique visitors before and after. The one
     * reckoning of the fold, which stores it, and of the reads, which show it.
     */
    private record Addition(Map<String, Long> daily, Map<String, Long> hourly, long uniquesBefore, long uniquesAfter,
            boolean sketchChanged) {

        /** @param sketch the day's visitor sketch, which takes the pending visitors; null when there are none */
        static Addition of(Map<String, Long> storedDay, PendingClicks.Sum pending, VisitorSketch sketch) {
            Map<String, Long> daily = new HashMap<>();
            Map<String, Long> hourly = new HashMap<>();
            pending.counts.forEach((field, n) -> (ClickFields.isHourly(field) ? hourly : daily).merge(field, n, Long::sum));
            long before = storedDay.getOrDefault(ClickFields.UNIQUES, 0L);
            boolean changed = false;
            if (sketch != null) {
                for (String visitor : pending.visitors) {
                    changed |= sketch.add(visitor);
                }
            }
            return new Addition(daily, hourly, before, changed ? sketch.estimate() : before, changed);
        }

        /** What it adds to the day's month: the day's counts and how much the day's uniques grew. */
        Map<String, Long> monthly() {
            Map<String, Long> monthly = new HashMap<>(daily);
            if (uniquesAfter != uniquesBefore) {
                monthly.put(ClickFields.UNIQUES, uniquesAfter - uniquesBefore);
            }
            return monthly;
        }
    }

    /** The pending sums of {@code subject} by day, with what they add; sums a fold has stored since are left out. */
    private Map<LocalDate, Addition> additions(Records records, String subject, List<PendingClicks.Pending> pendingSums, LocalDate from,
            LocalDate to) throws RocksDBException {
        Map<LocalDate, List<PendingClicks.Pending>> byDay = new java.util.TreeMap<>();
        for (PendingClicks.Pending p : pendingSums) {
            if (!p.day().isBefore(from) && !p.day().isAfter(to)) {
                byDay.computeIfAbsent(p.day(), d -> new ArrayList<>()).add(p);
            }
        }
        Map<LocalDate, Addition> additions = new java.util.TreeMap<>();
        for (Map.Entry<LocalDate, List<PendingClicks.Pending>> e : byDay.entrySet()) {
            String date = DAY_TEXT.format(e.getKey());
            Map<String, Long> stored = ClickCountsCodec.decode(records.get(key(subject, DAY, date)));
            long foldedThrough = stored.getOrDefault(FOLDED_THROUGH, -1L);
            PendingClicks.Sum sum = new PendingClicks.Sum();
            for (PendingClicks.Pending p : e.getValue()) {
                if (p.batch() > foldedThrough) { // else the record holds it already
                    sum.add(p.counts(), p.visitors());
                }
            }
            if (sum.counts.isEmpty()) {
                continue;
            }
            VisitorSketch sketch = sum.visitors.isEmpty() ? null : VisitorSketch.decode(records.get(key(subject, SKETCH, date)));
            additions.put(e.getKey(), Addition.of(stored, sum, sketch));
        }
        return additions;
    }

    @Override
    public CompletionStage<List<ClickBucket>> days(String subject, LocalDate from, LocalDate to) {
        return completed(() -> {
            List<PendingClicks.Pending> pendingSums = pending.of(subject); // before the records: see PendingClicks
            LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
            LocalDate first = max(from, ClickRetention.firstDay(today));
            if (first.isAfter(to)) {
                return List.of();
            }
            LocalDate firstHours = max(first, ClickRetention.firstHourDay(today));
            Map<LocalDate, Map<String, Long>> days = new java.util.TreeMap<>();
            Map<LocalDate, Addition> additions = atOneSnapshot(records -> {
                records.scan(subject, DAY, DAY_TEXT.format(first), DAY_TEXT.format(to), (date, record) -> {
                    Map<String, Long> day = ClickCountsCodec.decode(record);
                    day.remove(FOLDED_THROUGH);
                    days.put(LocalDate.parse(date, DAY_TEXT), day);
                });
                if (!firstHours.isAfter(to)) {
                    records.scan(subject, HOURS, DAY_TEXT.format(firstHours), DAY_TEXT.format(to), (date, record) -> {
                        Map<String, Long> day = days.get(LocalDate.parse(date, DAY_TEXT));
                        if (day != null) {
                            day.putAll(ClickCountsCodec.decode(record));
                        }
                    });
                }
                return additions(records, subject, pendingSums, first, to);
            });
            additions.forEach((date, addition) -> {
                Map<String, Long> day = days.computeIfAbsent(date, d -> new HashMap<>());
                ClickCounts.add(day, addition.daily());
                if (!date.isBefore(firstHours)) {
                    ClickCounts.add(day, addition.hourly());
                }
                if (addition.uniquesAfter() != 0) {
                    day.put(ClickFields.UNIQUES, addition.uniquesAfter());
                }
            });
            List<ClickBucket> buckets = new ArrayList<>(days.size());
            days.forEach((day, counts) -> buckets.add(new ClickBucket(day, counts)));
            return buckets;
        });
    }

    @Override
    public CompletionStage<List<ClickBucket>> months(String subject, YearMonth from, YearMonth to) {
        return completed(() -> {
            List<PendingClicks.Pending> pendingSums = pending.of(subject); // before the records: see PendingClicks
            YearMonth firstKept = ClickRetention.firstMonth(LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC));
            YearMonth first = from.isBefore(firstKept) ? firstKept : from;
            if (first.isAfter(to)) {
                return List.of();
            }
            Map<YearMonth, Map<String, Long>> months = new java.util.TreeMap<>();
            Map<LocalDate, Addition> additions = atOneSnapshot(records -> {
                records.scan(subject, MONTH, MONTH_TEXT.format(first), MONTH_TEXT.format(to), (date, record) ->
                        months.put(YearMonth.parse(date, MONTH_TEXT), ClickCountsCodec.decode(record)));
                return additions(records, subject, pendingSums, first.atDay(1), to.atEndOfMonth());
            });
            additions.forEach((date, addition) ->
                    ClickCounts.add(months.computeIfAbsent(YearMonth.from(date), m -> new HashMap<>()), addition.monthly()));
            List<ClickBucket> buckets = new ArrayList<>(months.size());
            months.forEach((month, counts) -> buckets.add(new ClickBucket(month.atDay(1), counts)));
            return buckets;
        });
    }

    @Override
    public CompletionStage<byte[]> salt(LocalDate day) {
        byte[] key = saltKey(day);
        byte[] stored = storage.call(db -> db.get(storage.clicks(), key));
        if (stored != null) {
            return CompletableFuture.completedFuture(stored);
        }
        byte[] fresh = new byte[SALT_BYTES];
        random.nextBytes(fresh);
        // Through the writer: two callers racing for the first salt of a day get the same one.
        return storage.writer().submit(staging -> {
            byte[] current = staging.get(storage.clicks(), key);
            if (current != null) {
                return current;
            }
            staging.put(storage.clicks(), key, fresh);
            return fresh;
        });
    }

    @Override
    public CompletionStage<Void> delete(String subject) {
        pending.forget(subject);
        List<byte[]> keys;
        try {
            keys = keysOf(subject);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        long covered = lastApplied;
        boolean mark = covered > foldedThrough; // else every batch that could hold its clicks is folded, and deleted below
        if (keys.isEmpty() && !mark) {
            return CompletableFuture.completedFuture(null);
        }
        return storage.writer().submit(staging -> {
            for (byte[] key : keys) {
                staging.delete(storage.clicks(), key);
            }
            if (mark) { // the journal may still hold the subject's clicks: the replay must not bring them back
                staging.put(storage.clicks(), deletionKey(subject), Long.toString(covered).getBytes(StandardCharsets.US_ASCII));
            }
            return null;
        }).thenApply(done -> {
            if (mark) {
                deletionMarks.merge(subject, covered, Math::max);
            }
            return null;
        });
    }

    private List<byte[]> keysOf(String subject) {
        byte[] prefix = prefix(subject);
        return storage.call(db -> {
            List<byte[]> keys = new ArrayList<>();
            try (ReadOptions read = new ReadOptions(); RocksIterator it = db.newIterator(storage.clicks(), read)) {
                for (it.seek(prefix); it.isValid() && startsWith(it.key(), prefix); it.next()) {
                    keys.add(it.key());
                }
                it.status();
            }
            return keys;
        });
    }

    /** Folds what is pending, then deletes what retention no longer keeps; returns how many records. */
    int sweepOnce() {
        foldOnce(Integer.MAX_VALUE);
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        String firstDay = DAY_TEXT.format(ClickRetention.firstDay(today));
        String firstHours = DAY_TEXT.format(ClickRetention.firstHourDay(today));
        String firstSketch = DAY_TEXT.format(today.minusDays(SKETCH_DAYS - 1L));
        String firstMonth = MONTH_TEXT.format(ClickRetention.firstMonth(today));
        List<byte[]> expired = storage.call(db -> {
            List<byte[]> keys = new ArrayList<>();
            try (ReadOptions read = new ReadOptions().setFillCache(false); RocksIterator it = db.newIterator(storage.clicks(), read)) {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    byte[] key = it.key();
                    int separator = lastSeparator(key);
                    if (separator < 0 || separator + 1 >= key.length) {
                        continue;
                    }
                    String date = new String(key, separator + 2, key.length - separator - 2, StandardCharsets.US_ASCII);
                    boolean old = switch (key[separator + 1]) {
                        case DAY -> date.compareTo(firstDay) < 0;
                        case HOURS -> date.compareTo(firstHours) < 0;
                        case SKETCH, SALT -> date.compareTo(firstSketch) < 0;
                        case MONTH -> date.compareTo(firstMonth) < 0;
                        default -> false;
                    };
                    if (old) {
                        keys.add(key);
                    }
                }
                it.status();
            }
            return keys;
        });
        for (int from = 0; from < expired.size(); from += SWEEP_BATCH) {
            List<byte[]> slice = expired.subList(from, Math.min(expired.size(), from + SWEEP_BATCH));
            storage.writer().submitUnsynced(staging -> {
                for (byte[] key : slice) {
                    staging.delete(storage.clicks(), key);
                }
                return null;
            }).toCompletableFuture().join();
        }
        return expired.size();
    }

    private void sweepInBackground() {
        try {
            int removed = sweepOnce();
            if (removed > 0) {
                LOG.log(Level.DEBUG, "click retention removed {0} records", removed);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "click retention sweep failed: {0}", e.getMessage());
        }
    }

    @FunctionalInterface
    private interface RecordVisitor {
        void visit(String date, byte[] record);
    }

    /** A read of stored records. */
    @FunctionalInterface
    private interface RecordsRead<T> {
        T apply(Records records) throws RocksDBException;
    }

    /**
     * Runs {@code read} against one snapshot of the records. A fold rewrites a subject-day's day
     * and sketch in one write batch, so a read that looked up the day before that batch and the
     * sketch after it would add the pending visitors to a sketch that holds them already and
     * count no new uniques; at one snapshot every record of a read is of the same moment.
     */
    private <T> T atOneSnapshot(RecordsRead<T> read) {
        return storage.call(db -> {
            Snapshot snapshot = db.getSnapshot();
            try (ReadOptions options = new ReadOptions().setSnapshot(snapshot)) {
                return read.apply(new Records(db, options));
            } finally {
                db.releaseSnapshot(snapshot);
            }
        });
    }

    /** The records as one snapshot shows them. */
    private final class Records {
        private final RocksDB db;
        private final ReadOptions options;

        Records(RocksDB db, ReadOptions options) {
            this.db = db;
            this.options = options;
        }

        byte[] get(byte[] key) throws RocksDBException {
            return db.get(storage.clicks(), options, key);
        }

        /** Visits {@code subject}'s records of {@code kind} from {@code first} to {@code last} (date texts, inclusive). */
        void scan(String subject, byte kind, String first, String last, RecordVisitor visitor) throws RocksDBException {
            byte[] from = key(subject, kind, first);
            byte[] to = key(subject, kind, last);
            int dateAt = from.length - first.length();
            try (RocksIterator it = db.newIterator(storage.clicks(), options)) {
                for (it.seek(from); it.isValid() && Arrays.compareUnsigned(it.key(), to) <= 0; it.next()) {
                    byte[] key = it.key();
                    if (key.length == from.length) {
                        visitor.visit(new String(key, dateAt, key.length - dateAt, StandardCharsets.US_ASCII), it.value());
                    }
                }
                it.status();
            }
        }
    }

    static byte[] key(String subject, byte kind, String date) {
        byte[] prefix = prefix(subject);
        byte[] key = Arrays.copyOf(prefix, prefix.length + 1 + date.length());
        key[prefix.length] = kind;
        byte[] dateBytes = date.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(dateBytes, 0, key, prefix.length + 1, dateBytes.length);
        return key;
    }

    private static byte[] saltKey(LocalDate day) {
        byte[] date = DAY_TEXT.format(day).getBytes(StandardCharsets.US_ASCII);
        byte[] key = new byte[2 + date.length];
        key[0] = 0;
        key[1] = SALT;
        System.arraycopy(date, 0, key, 2, date.length);
        return key;
    }

    private static byte[] journalKey(long batch) {
        return ownKey(JOURNAL, String.format(java.util.Locale.ROOT, "%020d", batch).getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] deletionKey(String subject) {
        return ownKey(DELETED, subject.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] ownKey(byte kind, byte[] name) {
        byte[] key = new byte[2 + name.length];
        key[1] = kind;
        System.arraycopy(name, 0, key, 2, name.length);
        return key;
    }

    private static byte[] prefix(String subject) {
        byte[] s = subject.getBytes(StandardCharsets.UTF_8);
        return Arrays.copyOf(s, s.length + 1); // the zero byte ends the subject
    }

    private static int lastSeparator(byte[] key) {
        for (int i = key.length - 1; i >= 0; i--) {
            if (key[i] == 0) {
                return i;
            }
        }
        return -1;
    }

    private static boolean startsWith(byte[] key, byte[] prefix) {
        return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
    }

    private static LocalDate max(LocalDate a, LocalDate b) {
        return a.isAfter(b) ? a : b;
    }

    private static <T> CompletionStage<T> completed(Supplier<T> read) {
        try {
            return CompletableFuture.completedFuture(read.get());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public void close() {
        sweepThread.shutdown();
        try {
            if (!sweepThread.awaitTermination(10, TimeUnit.SECONDS)) {
                LOG.log(Level.WARNING, "the click retention sweep did not stop within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

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
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksIterator;

/**
 * Click statistics in the {@code clicks} column family of the {@link EmbeddedDatabase}.
 *
 * <p>Design note. Keys are {@code utf8(subject) 0x00 kind date}: kind {@code d} a day's counts
 * ({@code yyyyMMdd}), {@code h} the same day's hourly counts, {@code u} the day's
 * {@link VisitorSketch}, {@code m} a month's counts ({@code yyyyMM}); so one subject's records of
 * one kind are adjacent and in date order, and a read of a window is one short scan. The day's
 * salt is {@code 0x00 s yyyyMMdd} (no subject is empty, so it sorts apart). Records are
 * {@link ClickCountsCodec} maps.
 *
 * <p>A batch is one group of the {@link GroupCommitWriter}: each delta reads its day, hours,
 * sketch and month (through the writer's staging, so deltas of one batch see each other), adds,
 * and writes them back; the whole batch is one RocksDB write batch, so it is stored entirely or
 * not at all, and applying it again after a failure counts nothing twice. It is synced like an
 * acknowledged create (one {@code fdatasync} per flush, shared with whatever else is pending), so
 * once the stage completes, neither a killed process nor a power loss takes it back. The month's
 * {@code u} is kept as the sum of its days' estimates: each batch adds how much the day's
 * estimate grew.
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

    EmbeddedClickStore(EmbeddedDatabase storage, Clock clock) {
        this.storage = storage;
        this.clock = clock;
        this.sweepThread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "shortcode-embedded-click-retention");
            t.setDaemon(true);
            return t;
        });
        sweepThread.scheduleWithFixedDelay(this::sweepInBackground, 0, 1, TimeUnit.HOURS);
        storage.register(this);
    }

    @Override
    public CompletionStage<Void> apply(long batch, List<ClickDelta> deltas) {
        if (deltas.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        List<GroupCommitWriter.Operation<Void>> operations = new ArrayList<>(deltas.size());
        for (ClickDelta delta : List.copyOf(deltas)) {
            operations.add(staging -> {
                add(staging, delta);
                return null;
            });
        }
        return storage.writer().submitAll(operations).thenApply(done -> null);
    }

    private void add(GroupCommitWriter.Staging staging, ClickDelta delta) throws org.rocksdb.RocksDBException {
        Map<String, Long> daily = new HashMap<>();
        Map<String, Long> hourly = new HashMap<>();
        for (Map.Entry<String, Long> e : delta.counts().entrySet()) {
            (ClickFields.isHourly(e.getKey()) ? hourly : daily).put(e.getKey(), e.getValue());
        }
        byte[] dayKey = key(delta.subject(), DAY, DAY_TEXT.format(delta.day()));
        Map<String, Long> day = ClickCountsCodec.decode(staging.get(storage.clicks(), dayKey));
        long uniquesBefore = day.getOrDefault(ClickFields.UNIQUES, 0L);
        ClickCounts.add(day, daily);
        if (!delta.visitors().isEmpty()) {
            byte[] sketchKey = key(delta.subject(), SKETCH, DAY_TEXT.format(delta.day()));
            VisitorSketch sketch = VisitorSketch.decode(staging.get(storage.clicks(), sketchKey));
            boolean changed = false;
            for (String visitor : delta.visitors()) {
                changed |= sketch.add(visitor);
            }
            if (changed) {
                staging.put(storage.clicks(), sketchKey, sketch.encode());
                day.put(ClickFields.UNIQUES, sketch.estimate());
            }
        }
        staging.put(storage.clicks(), dayKey, ClickCountsCodec.encode(day));
        if (!hourly.isEmpty()) {
            byte[] hoursKey = key(delta.subject(), HOURS, DAY_TEXT.format(delta.day()));
            Map<String, Long> hours = ClickCountsCodec.decode(staging.get(storage.clicks(), hoursKey));
            ClickCounts.add(hours, hourly);
            staging.put(storage.clicks(), hoursKey, ClickCountsCodec.encode(hours));
        }
        byte[] monthKey = key(delta.subject(), MONTH, MONTH_TEXT.format(delta.day()));
        Map<String, Long> month = ClickCountsCodec.decode(staging.get(storage.clicks(), monthKey));
        Map<String, Long> monthly = new HashMap<>(daily);
        long uniquesGrown = day.getOrDefault(ClickFields.UNIQUES, 0L) - uniquesBefore;
        if (uniquesGrown != 0) {
            monthly.put(ClickFields.UNIQUES, uniquesGrown);
        }
        ClickCounts.add(month, monthly);
        staging.put(storage.clicks(), monthKey, ClickCountsCodec.encode(month));
    }

    @Override
    public CompletionStage<List<ClickBucket>> days(String subject, LocalDate from, LocalDate to) {
        return completed(() -> {
            LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
            LocalDate first = max(from, ClickRetention.firstDay(today));
            if (first.isAfter(to)) {
                return List.of();
            }
            Map<LocalDate, Map<String, Long>> days = new java.util.TreeMap<>();
            scan(subject, DAY, DAY_TEXT.format(first), DAY_TEXT.format(to), (date, record) ->
                    days.put(LocalDate.parse(date, DAY_TEXT), ClickCountsCodec.decode(record)));
            LocalDate firstHours = max(first, ClickRetention.firstHourDay(today));
            if (!firstHours.isAfter(to)) {
                scan(subject, HOURS, DAY_TEXT.format(firstHours), DAY_TEXT.format(to), (date, record) -> {
                    Map<String, Long> day = days.get(LocalDate.parse(date, DAY_TEXT));
                    if (day != null) {
                        day.putAll(ClickCountsCodec.decode(record));
                    }
                });
            }
            List<ClickBucket> buckets = new ArrayList<>(days.size());
            days.forEach((day, counts) -> buckets.add(new ClickBucket(day, counts)));
            return buckets;
        });
    }

    @Override
    public CompletionStage<List<ClickBucket>> months(String subject, YearMonth from, YearMonth to) {
        return completed(() -> {
            YearMonth first = from.isBefore(ClickRetention.firstMonth(LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC)))
                    ? ClickRetention.firstMonth(LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC)) : from;
            List<ClickBucket> buckets = new ArrayList<>();
            if (first.isAfter(to)) {
                return buckets;
            }
            scan(subject, MONTH, MONTH_TEXT.format(first), MONTH_TEXT.format(to), (date, record) ->
                    buckets.add(new ClickBucket(YearMonth.parse(date, MONTH_TEXT).atDay(1), ClickCountsCodec.decode(record))));
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
        List<byte[]> keys;
        try {
            keys = keysOf(subject);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        if (keys.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        return storage.writer().submit(staging -> {
            for (byte[] key : keys) {
                staging.delete(storage.clicks(), key);
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

    /** Deletes what retention no longer keeps; returns how many records. */
    int sweepOnce() {
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

    /** Visits {@code subject}'s records of {@code kind} from {@code first} to {@code last} (date texts, inclusive). */
    private void scan(String subject, byte kind, String first, String last, RecordVisitor visitor) {
        byte[] from = key(subject, kind, first);
        byte[] to = key(subject, kind, last);
        int dateAt = from.length - first.length();
        storage.call(db -> {
            try (ReadOptions read = new ReadOptions(); RocksIterator it = db.newIterator(storage.clicks(), read)) {
                for (it.seek(from); it.isValid() && Arrays.compareUnsigned(it.key(), to) <= 0; it.next()) {
                    byte[] key = it.key();
                    if (key.length == from.length) {
                        visitor.visit(new String(key, dateAt, key.length - dateAt, StandardCharsets.US_ASCII), it.value());
                    }
                }
                it.status();
            }
            return null;
        });
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

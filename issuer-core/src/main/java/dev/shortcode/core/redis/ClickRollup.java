package dev.shortcode.core.redis;

import dev.shortcode.core.store.ClickArchive;
import dev.shortcode.core.store.ClickArchive.ClickRow;
import dev.shortcode.core.store.ClickBucket;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanCursor;
import io.lettuce.core.SetArgs;
import io.lettuce.core.ValueScanCursor;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Copies finished days of click counts from Redis into the {@link ClickArchive}, so that a Redis
 * that loses everything loses only the counts not rolled up yet: today's, and a finished day's
 * until its roll-up ran (normally within {@code grace + interval} after midnight UTC).
 *
 * <p>Design note. Every node runs one; each day is rolled up by whichever node takes the day's
 * lock ({@code SET NX PX}). A day is due once it ended {@code grace} ago, while its Redis keys
 * live ({@value RedisClickStore#REDIS_DAYS} days), and until its state hash says {@code done}
 * equals {@code dirty}: a batch of a day before today increments {@code dirty}, so a node whose
 * clicks of that day arrive late (an outage, a slow flush) has it rolled up again. The roll-up
 * walks the day's index sets, reads the subjects' day hashes in pipelined pages, and writes each
 * day row as the field-by-field maximum of Redis' and the archive's copy: counters only grow, so
 * the maximum is the newest, and a Redis that lost the day and saw a few late clicks since cannot
 * shrink what the archive has. Then each touched month row is recomputed as the sum of its days
 * in the archive. Every write is absolute, so a roll-up cut off half-way is simply run again.
 * It also sets each subject-day's keys to expire with the day again
 * ({@link RedisClickStore#expireWithTheDay}), so that no key of a finished day stays for good.
 * An archive that is down fails the round; the next round retries, up to the week the Redis keys
 * live.
 */
final class ClickRollup implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(ClickRollup.class.getName());

    static final String DIRTY = "dirty";
    static final String DONE = "done";
    /** Subjects read per pipelined page. */
    static final int PAGE = 500;
    private static final long WAIT_SECONDS = 60;
    private static final long LOCK_MILLIS = TimeUnit.MINUTES.toMillis(10);

    private final RedisClickStore store;
    private final RedisClusterCommands<String, String> redis;
    private final StoreKeys keys;
    private final ClickArchive archive;
    private final ClickRollupOptions options;
    private final Clock clock;
    private final String node;
    private final ScheduledExecutorService thread;

    ClickRollup(RedisClickStore store, StoreKeys keys, ClickArchive archive, ClickRollupOptions options, Clock clock, String node) {
        this.store = store;
        this.redis = store.connection().sync();
        this.keys = keys;
        this.archive = archive;
        this.options = options;
        this.clock = clock;
        this.node = node;
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "shortcode-click-rollup");
            t.setDaemon(true);
            return t;
        });
    }

    ClickRollup start() {
        long millis = options.interval().toMillis();
        thread.scheduleWithFixedDelay(this::roundInBackground, millis, millis, TimeUnit.MILLISECONDS);
        return this;
    }

    private void roundInBackground() {
        try {
            rollDueDays();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "click roll-up failed, retried in {0}: {1}", options.interval(), e.toString());
        }
    }

    /** Rolls up every due day this node can lock, oldest first; returns how many of them had counts. */
    int rollDueDays() {
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        int rolled = 0;
        for (int back = RedisClickStore.REDIS_DAYS - 1; back >= 1; back--) {
            LocalDate day = today.minusDays(back);
            long dueAt = day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant().plus(options.grace()).toEpochMilli();
            if (clock.millis() >= dueAt && rollIfDue(day)) {
                rolled++;
            }
        }
        return rolled;
    }

    private boolean rollIfDue(LocalDate day) {
        String text = RedisClickStore.DAY_TEXT.format(day);
        String stateKey = keys.clickRollup(text);
        Map<String, String> state = redis.hgetall(stateKey);
        String dirty = state.getOrDefault(DIRTY, "0");
        if (dirty.equals(state.get(DONE))) {
            return false;
        }
        String lock = keys.clickRollupLock(text);
        if (!"OK".equals(redis.set(lock, node, SetArgs.Builder.nx().px(LOCK_MILLIS)))) {
            return false; // another node is at it
        }
        try {
            int subjects = roll(day, text);
            redis.hset(stateKey, DONE, dirty);
            redis.expire(stateKey, (RedisClickStore.REDIS_DAYS + 1) * 86_400L);
            if (subjects > 0) {
                LOG.log(Level.INFO, "click counts of {0} rolled up into the archive: {1} subjects", day, subjects);
            }
            return subjects > 0;
        } finally {
            redis.del(lock);
        }
    }

    private int roll(LocalDate day, String text) {
        int subjects = 0;
        for (int shard = 0; shard < RedisClickStore.INDEX_SHARDS; shard++) {
            String index = keys.clickIndex(text, shard);
            ScanCursor cursor = ScanCursor.INITIAL;
            do {
                ValueScanCursor<String> page = redis.sscan(index, cursor, ScanArgs.Builder.limit(PAGE));
                if (!page.getValues().isEmpty()) {
                    rollPage(day, page.getValues());
                    subjects += page.getValues().size();
                }
                cursor = page;
            } while (!cursor.isFinished());
        }
        return subjects;
    }

    private void rollPage(LocalDate day, List<String> subjects) {
        Map<String, CompletableFuture<Map<LocalDate, Map<String, Long>>>> fromRedis = new HashMap<>();
        Map<String, CompletableFuture<List<ClickBucket>>> fromArchive = new HashMap<>();
        for (String subject : subjects) {
            fromRedis.put(subject, store.readDays(subject, day, day));
            fromArchive.put(subject, archive.days(subject, day, day).toCompletableFuture());
        }
        List<CompletableFuture<Void>> expiries = new ArrayList<>(subjects.size());
        for (String subject : subjects) {
            expiries.add(store.expireWithTheDay(subject, day));
        }
        await(CompletableFuture.allOf(expiries.toArray(CompletableFuture[]::new)));
        List<ClickRow> rows = new ArrayList<>();
        for (String subject : subjects) {
            Map<String, Long> redisDay = await(fromRedis.get(subject)).get(day);
            if (redisDay == null) {
                continue; // deleted, or lost with Redis
            }
            Map<String, Long> row = new HashMap<>(redisDay);
            for (ClickBucket archived : await(fromArchive.get(subject))) {
                archived.counts().forEach((field, count) -> row.merge(field, count, Math::max));
            }
            rows.add(new ClickRow(subject, new ClickBucket(day, row)));
        }
        await(archive.putDays(rows).toCompletableFuture());
        YearMonth month = YearMonth.from(day);
        Map<String, CompletableFuture<List<ClickBucket>>> monthDays = new HashMap<>();
        for (ClickRow row : rows) {
            monthDays.put(row.subject(), archive.days(row.subject(), month.atDay(1), month.atEndOfMonth()).toCompletableFuture());
        }
        List<ClickRow> months = new ArrayList<>();
        monthDays.forEach((subject, days) -> {
            for (ClickBucket sum : RedisClickStore.sumByMonth(await(days))) {
                months.add(new ClickRow(subject, sum));
            }
        });
        await(archive.putMonths(months).toCompletableFuture());
    }

    private static <T> T await(CompletableFuture<T> future) {
        try {
            return future.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException(e.getCause() == null ? e.toString() : e.getCause().toString(), e);
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
        try {
            if (!thread.awaitTermination(10, TimeUnit.SECONDS)) {
                LOG.log(Level.WARNING, "the click roll-up did not stop within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

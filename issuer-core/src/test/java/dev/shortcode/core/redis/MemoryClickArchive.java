package dev.shortcode.core.redis;

import dev.shortcode.core.store.ClickArchive;
import dev.shortcode.core.store.ClickBucket;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Test double of the {@link ClickArchive}: rows in memory (HBase's own implementation has its
 * tests in persistence-hbase), replaced whole by a put as HBase's Puts replace cells, and a
 * switch that makes every call fail as when HBase is down.
 */
final class MemoryClickArchive implements ClickArchive {

    private final Map<String, NavigableMap<LocalDate, ClickBucket>> days = new ConcurrentHashMap<>();
    private final Map<String, NavigableMap<LocalDate, ClickBucket>> months = new ConcurrentHashMap<>();
    volatile boolean down;

    private <T> CompletionStage<T> unlessDown(java.util.function.Supplier<T> work) {
        return down ? CompletableFuture.failedFuture(new IllegalStateException("archive down")) : CompletableFuture.completedFuture(work.get());
    }

    @Override
    public CompletionStage<Void> putDays(List<ClickRow> rows) {
        return unlessDown(() -> {
            rows.forEach(r -> days.computeIfAbsent(r.subject(), s -> new ConcurrentSkipListMap<>()).put(r.bucket().start(), r.bucket()));
            return null;
        });
    }

    @Override
    public CompletionStage<Void> putMonths(List<ClickRow> rows) {
        return unlessDown(() -> {
            rows.forEach(r -> months.computeIfAbsent(r.subject(), s -> new ConcurrentSkipListMap<>()).put(r.bucket().start(), r.bucket()));
            return null;
        });
    }

    @Override
    public CompletionStage<List<ClickBucket>> days(String subject, LocalDate from, LocalDate to) {
        return unlessDown(() -> new ArrayList<>(days.getOrDefault(subject, new ConcurrentSkipListMap<>()).subMap(from, true, to, true).values()));
    }

    @Override
    public CompletionStage<List<ClickBucket>> months(String subject, YearMonth from, YearMonth to) {
        return unlessDown(() -> new ArrayList<>(months.getOrDefault(subject, new ConcurrentSkipListMap<>())
                .subMap(from.atDay(1), true, to.atDay(1), true).values()));
    }

    @Override
    public CompletionStage<Void> delete(String subject) {
        return unlessDown(() -> {
            days.remove(subject);
            months.remove(subject);
            return null;
        });
    }
}

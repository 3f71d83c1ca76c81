package dev.shortcode.core.redis;

import dev.shortcode.core.alloc.IssuedCode;
import dev.shortcode.core.code.Base62;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one test thread issued, kept as primitive arrays so that millions of codes fit in memory
 * and can be sorted to find repeats.
 */
final class IssuedLog {

    private long[] epochs = new long[1 << 16];
    private long[] ids = new long[1 << 16];
    private long[] values = new long[1 << 16];
    private int size;

    void add(IssuedCode issued) {
        if (size == epochs.length) {
            epochs = Arrays.copyOf(epochs, size * 2);
            ids = Arrays.copyOf(ids, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        epochs[size] = issued.epoch();
        ids[size] = issued.id();
        values[size] = Base62.decode(issued.code());
        size++;
    }

    int size() {
        return size;
    }

    /** Per epoch, the sorted code values and the sorted ids issued in it, over all logs. */
    static Map<Long, long[][]> byEpoch(List<IssuedLog> logs) {
        Map<Long, Integer> counts = new TreeMap<>();
        for (IssuedLog log : logs) {
            for (int i = 0; i < log.size; i++) {
                counts.merge(log.epochs[i], 1, Integer::sum);
            }
        }
        Map<Long, long[][]> result = new TreeMap<>();
        Map<Long, Integer> fill = new TreeMap<>();
        counts.forEach((epoch, count) -> {
            result.put(epoch, new long[][] {new long[count], new long[count]});
            fill.put(epoch, 0);
        });
        for (IssuedLog log : logs) {
            for (int i = 0; i < log.size; i++) {
                long[][] arrays = result.get(log.epochs[i]);
                int at = fill.merge(log.epochs[i], 1, Integer::sum) - 1;
                arrays[0][at] = log.values[i];
                arrays[1][at] = log.ids[i];
            }
        }
        result.values().forEach(a -> {
            Arrays.sort(a[0]);
            Arrays.sort(a[1]);
        });
        return result;
    }

    /** The first value that occurs twice in a sorted array, or -1. */
    static long firstRepeat(long[] sorted) {
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                return sorted[i];
            }
        }
        return -1;
    }

    static int total(List<IssuedLog> logs) {
        return logs.stream().mapToInt(IssuedLog::size).sum();
    }

    static List<IssuedLog> newLogs(int n) {
        List<IssuedLog> logs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            logs.add(new IssuedLog());
        }
        return logs;
    }
}

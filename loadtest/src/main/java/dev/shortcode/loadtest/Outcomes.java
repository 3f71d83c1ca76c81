package dev.shortcode.loadtest;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts of how requests ended: every HTTP status seen, and the errors by kind, where an error is
 * a status other than the one the request expected, or a {@link FailureKind}. Thread-safe.
 */
final class Outcomes {

    private final ConcurrentHashMap<String, LongAdder> statuses = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> errors = new ConcurrentHashMap<>();

    void response(int status, int expectedStatus) {
        String key = Integer.toString(status);
        increment(statuses, key);
        if (status != expectedStatus) {
            increment(errors, key);
        }
    }

    void failure(FailureKind kind) {
        increment(errors, kind.label());
    }

    void failures(FailureKind kind, long count) {
        if (count > 0) {
            errors.computeIfAbsent(kind.label(), k -> new LongAdder()).add(count);
        }
    }

    /** HTTP status → responses, sorted by status. */
    Map<String, Long> statuses() {
        return sorted(statuses);
    }

    /** Status or failure kind → errors, sorted by key. */
    Map<String, Long> errors() {
        return sorted(errors);
    }

    long errorTotal() {
        return errors.values().stream().mapToLong(LongAdder::sum).sum();
    }

    private static void increment(ConcurrentHashMap<String, LongAdder> map, String key) {
        map.computeIfAbsent(key, k -> new LongAdder()).increment();
    }

    private static Map<String, Long> sorted(ConcurrentHashMap<String, LongAdder> map) {
        Map<String, Long> out = new TreeMap<>();
        map.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }
}

package dev.shortcode.testing.time;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/** A UTC clock that tests move by hand instead of sleeping. Thread-safe. */
public final class MutableClock extends Clock {

    private final AtomicLong millis;

    public MutableClock(Instant start) {
        this.millis = new AtomicLong(start.toEpochMilli());
    }

    public MutableClock advance(Duration d) {
        millis.addAndGet(d.toMillis());
        return this;
    }

    public MutableClock set(Instant instant) {
        millis.set(instant.toEpochMilli());
        return this;
    }

    @Override
    public long millis() {
        return millis.get();
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis.get());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("a test clock stays in UTC");
    }
}

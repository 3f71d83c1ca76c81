package dev.shortcode.core.alloc;

/** A source of monotonic nanoseconds; injected so that tests move time instead of sleeping. */
@FunctionalInterface
public interface Ticker {

    Ticker SYSTEM = System::nanoTime;

    long nanos();
}

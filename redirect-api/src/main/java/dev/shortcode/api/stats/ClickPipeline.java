package dev.shortcode.api.stats;

import dev.shortcode.core.store.ClickDelta;
import dev.shortcode.core.store.ClickStore;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts clicks from the redirect path into the {@link ClickStore}, in batches.
 *
 * <p>Design note. The event loop only {@link #offer}s a {@link Click} (one small object of
 * references the request already holds) to a bounded hand-off queue; it never parses, classifies,
 * looks up or waits. One thread, the flusher, takes everything queued every {@value #TICK_MILLIS}
 * ms (the queue has no waiting taker, so an offer never wakes a thread), classifies each click
 * ({@link ClickClassifier}), hashes its visitor ({@link VisitorHash}, under the day's salt from
 * {@link DailySalts}) and adds it to the open {@link ClickTally}. Every flush interval it seals
 * the tally into a numbered batch and hands it to the store.
 *
 * <p>One batch is in flight at a time, and a batch that failed (an outage, a timeout) is sent
 * again, unchanged and under the same number, until the store takes it: the store counts a
 * repeated batch once ({@link ClickStore#apply}), so an outage delays clicks and never drops or
 * doubles them. Meanwhile new clicks go on into the next tally. What the node holds (queued,
 * tallied, sealed) is bounded by {@code buffer} clicks; past it an offer is refused and counted
 * as dropped, never blocking the event loop. A click whose day's salt is not known yet waits for
 * it up to {@value #SALT_WAIT_MILLIS} ms, then counts without a visitor.
 *
 * <p>{@link #close} (an orderly stop) refuses new clicks, then flushes until nothing is held or
 * {@code closeTimeout} passed: no click is lost unless the store stays down that long. A killed
 * process loses what it held: the open tally (at most one flush interval of clicks) and the batch
 * in flight, or more while a store was down.
 */
final class ClickPipeline implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(ClickPipeline.class.getName());

    private static final long MILLIS_PER_DAY = 86_400_000L;
    /** How often the flusher takes the queued clicks. */
    static final long TICK_MILLIS = 20;
    /** Clicks waiting for the flusher at most: the buffer bounds the rest. */
    static final int HANDOFF_CAPACITY = 65_536;
    static final long SALT_WAIT_MILLIS = 5_000;
    /** How long a click waits for its salt once the node is stopping. */
    static final long STOP_SALT_WAIT_MILLIS = 2_000;
    /** A batch not answered within this is sent again (the store counts it once either way). */
    static final long STALLED_MILLIS = 30_000;
    /** How long a deleted link's late clicks are refused: longer than another node's flush interval plus its batch. */
    static final long DELETED_MEMORY_MILLIS = 60_000;

    private final ClickStore store;
    private final ClickClassifier classifier;
    private final DailySalts salts;
    private final Clock clock;
    private final long flushMillis;
    private final long buffer;
    private final Duration closeTimeout;
    private final ArrayBlockingQueue<Click> handoff = new ArrayBlockingQueue<>(HANDOFF_CAPACITY);
    private final AtomicLong held = new AtomicLong();
    private final StatsMetrics metrics;
    private final Thread thread;
    private volatile boolean accepting = true;
    private volatile boolean stopping;
    private volatile long stoppingSince;
    private volatile long oldestUnstored = Long.MAX_VALUE;

    // The flusher thread's own state.
    private final Deque<Click> waitingForSalt = new ArrayDeque<>();
    private final java.util.Map<String, Long> deleted = new java.util.HashMap<>();
    private final java.util.Set<String> deletedAgain = new java.util.HashSet<>();
    private final java.util.concurrent.ConcurrentLinkedQueue<String> deletions = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final ClickTally open = new ClickTally();
    private Sealed sealed;
    private CompletableFuture<Void> inFlight;
    private long sentAtNanos;
    private long sentAtMillis;
    private long batches;
    private long failuresInARow;
    /** Told of each batch once it is sealed (webhooks' link.clicked); on the flusher thread. */
    private volatile java.util.function.Consumer<List<ClickDelta>> sealedListener = deltas -> {};

    private record Sealed(long number, List<ClickDelta> deltas, long clicks, long oldestMillis) {}

    ClickPipeline(ClickStore store, ClickClassifier classifier, Clock clock, Duration flushInterval, int buffer, Duration closeTimeout,
            io.micrometer.core.instrument.MeterRegistry registry) {
        this.store = store;
        this.classifier = classifier;
        this.salts = new DailySalts(store);
        this.clock = clock;
        this.flushMillis = flushInterval.toMillis();
        this.buffer = buffer;
        this.closeTimeout = closeTimeout;
        // Batch numbers only grow within a process; they start at the time so that a restarted
        // node's batches are newer than the last run's in the store's eyes too.
        this.batches = clock.millis() * 1_000;
        this.metrics = new StatsMetrics(registry, held::get, this::lagMillis);
        this.thread = new Thread(this::run, "shortcode-click-flusher");
        thread.setDaemon(true);
        thread.start();
    }

    /** Takes a click from the redirect path; never blocks. False when it was dropped (and counted as such). */
    boolean offer(Click click) {
        if (!accepting) {
            metrics.dropped(StatsMetrics.DropReason.STOPPED, 1);
            return false;
        }
        if (held.incrementAndGet() > buffer) {
            held.decrementAndGet();
            metrics.dropped(StatsMetrics.DropReason.BUFFER_FULL, 1);
            return false;
        }
        if (!handoff.offer(click)) {
            held.decrementAndGet();
            metrics.dropped(StatsMetrics.DropReason.HANDOFF_FULL, 1);
            return false;
        }
        metrics.counted();
        return true;
    }

    /** The link was deleted: its clicks held here are dropped, and late ones refused for a while. */
    void forget(String code) {
        deletions.add(code);
    }

    /** Clicks held and not yet stored. */
    long held() {
        return held.get();
    }

    private long lagMillis() {
        long oldest = oldestUnstored;
        return oldest == Long.MAX_VALUE ? 0 : Math.max(0, clock.millis() - oldest);
    }

    private void run() {
        long nextFlush = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(flushMillis);
        List<Click> taken = new ArrayList<>(1024);
        while (true) {
            try {
                taken.clear();
                handoff.drainTo(taken);
                applyDeletions();
                for (Click click : taken) {
                    take(click);
                }
                // Stopping, a click still waits a moment for its salt (asked for just now, perhaps), then counts without.
                retryWaiting(stopping && System.nanoTime() - stoppingSince > TimeUnit.MILLISECONDS.toNanos(STOP_SALT_WAIT_MILLIS));
                collect();
                boolean due = System.nanoTime() - nextFlush >= 0;
                if (due || stopping) {
                    flush();
                    if (due) {
                        nextFlush = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(flushMillis);
                    }
                }
                updateLag();
                if (stopping && held.get() == 0 && handoff.isEmpty()) {
                    return;
                }
                Thread.sleep(TICK_MILLIS);
            } catch (InterruptedException e) {
                LOG.log(Level.WARNING, "click flusher interrupted with {0} clicks not stored", held.get());
                return;
            } catch (RuntimeException e) {
                LOG.log(Level.ERROR, "click flusher failed; going on", e);
            }
        }
    }

    /**
     * Drops what is held for links just deleted, and deletes their stats once more when every
     * node's last batch of them must have arrived (two flush intervals and a margin later).
     */
    private void applyDeletions() {
        long now = clock.millis();
        long againAfter = 2 * flushMillis + 5_000;
        for (java.util.Map.Entry<String, Long> e : deleted.entrySet()) {
            if (now - e.getValue() > againAfter && deletedAgain.add(e.getKey())) {
                String code = e.getKey();
                store.delete(code).whenComplete((done, failure) -> {
                    if (failure != null) {
                        LOG.log(Level.WARNING, "deleting the stats of {0} again failed: {1}", code, failure.toString());
                    }
                });
            }
        }
        deleted.entrySet().removeIf(e -> now - e.getValue() > Math.max(DELETED_MEMORY_MILLIS, againAfter) && deletedAgain.remove(e.getKey()));
        for (String code; (code = deletions.poll()) != null; ) {
            deleted.put(code, now);
            deletedAgain.remove(code);
            open.forget(code);
        }
    }

    private void take(Click click) {
        if (deleted.containsKey(click.code())) {
            held.decrementAndGet(); // the link is gone and its stats with it
            return;
        }
        ClickClassifier.Classified classified = classifier.classify(click);
        if (classified.bot()) {
            open.add(click, classified);
            return;
        }
        byte[] salt = salts.get(epochDay(click.atMillis()), today());
        if (salt == null) {
            waitingForSalt.addLast(click);
            return;
        }
        open.add(click, classified, VisitorHash.hash(salt, click.ip(), click.userAgent(), click.code()));
    }

    /** Counts the clicks whose salt has arrived; those that waited too long (or all, when stopping) without a visitor. */
    private void retryWaiting(boolean giveUp) {
        int n = waitingForSalt.size();
        long now = clock.millis();
        for (int i = 0; i < n; i++) {
            Click click = waitingForSalt.pollFirst();
            ClickClassifier.Classified classified = classifier.classify(click);
            byte[] salt = salts.get(epochDay(click.atMillis()), today());
            if (salt != null) {
                open.add(click, classified, VisitorHash.hash(salt, click.ip(), click.userAgent(), click.code()));
            } else if (giveUp || now - click.atMillis() > SALT_WAIT_MILLIS) {
                open.add(click, classified);
            } else {
                waitingForSalt.addLast(click);
            }
        }
    }

    /** Takes the answer of the batch in flight, if it came. */
    private void collect() {
        if (inFlight == null) {
            return;
        }
        if (!inFlight.isDone()) {
            if (clock.millis() - sentAtMillis > STALLED_MILLIS) {
                LOG.log(Level.WARNING, "click batch {0} unanswered for {1} s; sending it again", sealed.number(), STALLED_MILLIS / 1000);
                inFlight = null; // sent again below; the store counts it once
                metrics.flushFailed();
            }
            return;
        }
        try {
            inFlight.join();
            metrics.flushed(sealed.clicks(), System.nanoTime() - sentAtNanos);
            held.addAndGet(-sealed.clicks());
            if (failuresInARow > 0) {
                LOG.log(Level.INFO, "click statistics stored again after {0} failed attempts", failuresInARow);
            }
            failuresInARow = 0;
            sealed = null;
        } catch (RuntimeException e) {
            metrics.flushFailed();
            if (failuresInARow++ == 0) {
                LOG.log(Level.WARNING, "storing click statistics failed, retrying every flush ({0} clicks held): {1}", held.get(),
                        e.getCause() == null ? e.toString() : e.getCause().toString());
            }
        } finally {
            if (inFlight != null && inFlight.isDone()) {
                inFlight = null;
            }
        }
    }

    /**
     * Whom to tell of each batch: once, when it is sealed, before the store is asked to take it.
     * So what the listener records (the webhooks' click events) describes clicks that happened even
     * when this node dies before they are stored, rather than missing for clicks that were.
     */
    void onSealed(java.util.function.Consumer<List<ClickDelta>> listener) {
        this.sealedListener = listener;
    }

    private void tellSealed(List<ClickDelta> deltas) {
        try {
            sealedListener.accept(deltas);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "passing on a sealed click batch failed: {0}", e.toString());
        }
    }

    /** Sends the sealed batch again, or seals the open tally and sends it. */
    private void flush() {
        if (inFlight != null) {
            return;
        }
        if (sealed == null) {
            if (open.isEmpty()) {
                return;
            }
            sealed = new Sealed(++batches, open.deltas(), open.clicks(), open.oldestMillis());
            open.clear();
            tellSealed(sealed.deltas());
        }
        sentAtNanos = System.nanoTime();
        sentAtMillis = clock.millis();
        try {
            inFlight = store.apply(sealed.number(), sealed.deltas()).toCompletableFuture();
        } catch (RuntimeException e) {
            inFlight = CompletableFuture.failedFuture(e);
        }
    }

    private void updateLag() {
        long oldest = open.oldestMillis();
        if (sealed != null) {
            oldest = Math.min(oldest, sealed.oldestMillis());
        }
        for (Click click : waitingForSalt) {
            oldest = Math.min(oldest, click.atMillis());
        }
        oldestUnstored = oldest;
    }

    /** The UTC day now, as an epoch day. */
    private long today() {
        return epochDay(clock.millis());
    }

    private static long epochDay(long millis) {
        return Math.floorDiv(millis, MILLIS_PER_DAY);
    }

    /** Refuses new clicks, stores everything held (for at most the close timeout), then stops the flusher. */
    @Override
    public void close() {
        accepting = false;
        stoppingSince = System.nanoTime();
        stopping = true;
        try {
            thread.join(closeTimeout.toMillis());
            if (thread.isAlive()) {
                thread.interrupt();
                thread.join(5_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long lost = held.get();
        if (lost > 0) {
            metrics.dropped(StatsMetrics.DropReason.STOPPED, lost);
            LOG.log(Level.WARNING, "{0} clicks could not be stored within {1} of the stop and are lost", lost, closeTimeout);
        } else {
            LOG.log(Level.INFO, "click statistics: everything stored");
        }
    }
}

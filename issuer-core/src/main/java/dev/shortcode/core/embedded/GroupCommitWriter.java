package dev.shortcode.core.embedded;

import dev.shortcode.core.store.WriterStats;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * The one thread that writes to the embedded database: callers hand it operations and get a
 * stage back at once; it applies everything pending in one synced write batch.
 *
 * <h2>Why one writer</h2>
 * An acknowledged write must wait for {@code fdatasync} of the WAL (0.25 ms on an idle disk of the
 * development VM, 1-3 ms when busy), and a sync costs the same for one record or a thousand. The
 * service calls the stores from a Vert.x event loop, which must not wait for a disk. So callers
 * only enqueue; this thread takes every pending operation (up to {@code writeBatchMax}), runs
 * their checks, writes their changes as one {@link WriteBatch} with one sync, and completes their
 * stages. Throughput grows with the operations in flight instead of with caller threads.
 *
 * <h2>Checks without locks</h2>
 * Every change to the column families that operations check (links, API keys, idempotency keys)
 * goes through here, so a check-then-write (put-if-absent, version check, delete, TTL extension,
 * purge) cannot race another writer. Operations of one batch are applied in submission order,
 * and each one's reads ({@link Staging#get}) see the changes of the operations before it in the
 * same batch, which are not in the database yet: several operations on one code in one batch
 * behave exactly as if each had been written alone. An operation that throws stages nothing and
 * fails alone. Reads on other threads need no lock either: RocksDB applies a write batch
 * atomically, and stages complete only once their batch is readable.
 *
 * <p>Blind merges into column families nobody checks (watermarks) may still be written directly
 * from other threads: no operation here reads them.
 *
 * <h2>Durability</h2>
 * An operation is acknowledged ({@link #submit}: its batch is written with {@code sync=true}) or
 * housekeeping ({@link #trySubmitHousekeeping}: TTL extensions and purges, which a power loss may
 * undo harmlessly). A batch is synced when at least one acknowledged operation in it changed
 * something, written unsynced when only housekeeping did, and not written at all when nothing
 * changed (refused creates need no disk). A failed write fails every operation of its batch.
 *
 * <h2>Completion</h2>
 * Stages complete after the write returned, in submission order, on this thread: dependent
 * actions that are not {@code *Async} normally run here (or on a thread blocked in {@code get()})
 * and delay the next batch, so they must be short and must never wait for another write (that
 * would wait for this thread itself). An event-loop caller hops back to its own context anyway.
 *
 * <h2>Waiting for company</h2>
 * An fsync costs the same for one write or a hundred (about 80 µs of kernel CPU and 250 µs of
 * wall time on the development VM), so a writer that syncs each create as soon as it arrives
 * spends most of its CPU in the kernel once creates come faster than syncs finish. When
 * acknowledged writes have been arriving at least once per {@code commitDelay} (measured over
 * the last {@value #RATE_WINDOW_MILLIS} ms), the writer holds the oldest queued one until it is
 * {@code commitDelay} old, or until {@code batchMax} operations wait, so that the writes arriving
 * meanwhile share its sync. It stops waiting as soon as no write has arrived for two mean arrival
 * intervals: then the callers are most likely all waiting for this very batch (a client with a
 * fixed number of connections), and waiting longer would only slow them. Slower arrivals would bring no company, and are written at once: a
 * lone create never waits. Housekeeping neither waits nor counts as an arrival: it is never synced
 * on its own account. This is PostgreSQL's {@code commit_delay}, gated on the arrival rate
 * instead of on concurrent transactions.
 *
 * <h2>Groups</h2>
 * {@link #submitAll} enqueues many operations as one entry (a batch create of a thousand links):
 * they are applied one after the other, exactly as that many {@link #submit}s in a row would be,
 * but cost one queue entry and one stage, and are never split across write batches, so all of
 * them share one sync. A group counts its operations against {@code batchMax}: the writer stops
 * adding entries to a batch before they would exceed it, and a group larger than {@code batchMax}
 * is written as a batch of its own. If one operation of a group throws, it stages nothing, the
 * others are applied and written as usual, and the group's stage fails with the first failure
 * (the caller learns the outcome of none of them, as after a timeout). The keys that a group's
 * {@link KeyedOperation}s will check are read in one multi-get before the first one runs.
 *
 * <h2>Back-pressure and close</h2>
 * The queue is bounded by the operations it holds: when {@code capacity} are waiting,
 * {@link #submit} and {@link #submitAll} fail the stage at once with
 * {@link WriteQueueFullException} instead of blocking the caller. A group is admitted whenever
 * the queue is not full, so it may overshoot the bound by its own size, and is never refused for
 * being larger than the queue. Housekeeping is only taken while the queue is less than half full,
 * so it never crowds out acknowledged writes; refused housekeeping is redone by a later read or
 * sweep. {@link #close()} refuses new operations, lets the thread apply every queued one
 * (completing their stages normally), then stops it.
 */
final class GroupCommitWriter implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(GroupCommitWriter.class.getName());

    /** The window over which the arrival rate of acknowledged writes is measured. */
    static final long RATE_WINDOW_MILLIS = 50;
    private static final long RATE_WINDOW_NANOS = TimeUnit.MILLISECONDS.toNanos(RATE_WINDOW_MILLIS);
    /** Mean arrival intervals without an arrival after which the writer stops waiting for company. */
    private static final double IDLE_GAP_INTERVALS = 2.0;

    /** How long {@link #close()} waits for the queue to drain before giving up on the thread. */
    private static final long CLOSE_TIMEOUT_SECONDS = 60;

    /** What an operation does with the batch it is part of. */
    @FunctionalInterface
    interface Operation<T> {
        /** Runs on the writer thread: reads through {@code staging}, stages changes, returns the result for the stage. */
        T apply(Staging staging) throws RocksDBException;
    }

    /**
     * An operation that names the one key it reads before it runs. In a group, the writer reads
     * all such keys from the database in one multi-get (a thousand point reads cost about half as
     * much that way); {@link Staging#get} then answers from it.
     */
    interface KeyedOperation<T> extends Operation<T> {
        ColumnFamilyHandle family();

        byte[] key();
    }

    private final EmbeddedDatabase storage;
    private final int capacity;
    private final int batchMax;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    private final ArrayDeque<Queued<?>> queue; // guarded by lock
    private int queuedOperations; // guarded by lock; the operations of the entries in queue
    private int queuedAcknowledged; // guarded by lock; the acknowledged entries in queue
    private final long commitDelayNanos;
    private long arrivals; // guarded by lock; acknowledged entries enqueued in the current rate window
    private long lastArrivalNanos; // guarded by lock; when the last acknowledged entry was enqueued
    private long rateWindowStart = System.nanoTime(); // writer thread, under lock
    private double arrivalsPerNano; // writer thread; measured over the last complete rate window
    private boolean closing; // guarded by lock
    private final Thread thread;

    private final LongAdder batches = new LongAdder();
    private final LongAdder operations = new LongAdder();
    private final LongAdder syncs = new LongAdder();
    private final LongAdder delayedBatches = new LongAdder();
    private final LongAdder syncNanos = new LongAdder();

    GroupCommitWriter(EmbeddedDatabase storage, int capacity, int batchMax, Duration commitDelay) {
        this.storage = storage;
        this.capacity = capacity;
        this.batchMax = batchMax;
        this.commitDelayNanos = commitDelay.toNanos();
        this.queue = new ArrayDeque<>(Math.min(capacity, 1024));
        this.thread = new Thread(this::run, "shortcode-embedded-writer");
        thread.setDaemon(true); // queued operations are not acknowledged: losing them at exit breaks no promise
        thread.start();
    }

    /** Enqueues an acknowledged operation: its stage completes once its batch is synced to disk. */
    <T> CompletionStage<T> submit(Operation<T> operation) {
        Single<T> q = new Single<>(operation, true);
        Throwable refused = offer(q);
        return refused == null ? q.result : CompletableFuture.failedFuture(refused);
    }

    /**
     * Enqueues acknowledged operations as one entry: applied in list order in one write batch, one
     * sync; the stage completes with their results in the same order.
     */
    <T> CompletionStage<List<T>> submitAll(List<? extends Operation<T>> operations) {
        if (operations.isEmpty()) {
            return CompletableFuture.completedFuture(List.of());
        }
        Group<T> q = new Group<>(operations);
        Throwable refused = offer(q);
        return refused == null ? q.result : CompletableFuture.failedFuture(refused);
    }

    /** @return why {@code q} was refused, or null when it was enqueued */
    private Throwable offer(Queued<?> q) {
        lock.lock();
        try {
            if (closing) {
                return closedException();
            }
            if (queuedOperations >= capacity) {
                return new WriteQueueFullException(capacity);
            }
            enqueue(q);
            return null;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Enqueues an operation whose stage completes once its batch is written, without a sync of its
     * own (it is synced with whatever acknowledged write shares its batch, else by the next one):
     * for writes that must be applied before the caller goes on but may be lost to a power
     * failure, such as putting back a link the archive holds. Refused like {@link #submit}.
     */
    <T> CompletionStage<T> submitUnsynced(Operation<T> operation) {
        Single<T> q = new Single<>(operation, false);
        Throwable refused = offer(q);
        return refused == null ? q.result : CompletableFuture.failedFuture(refused);
    }

    /**
     * Enqueues housekeeping, written without a sync of its own, unless the writer is closed or
     * its queue at least half full.
     *
     * @return the stage, or null when refused
     */
    <T> CompletionStage<T> trySubmitHousekeeping(Operation<T> operation) {
        Single<T> q = new Single<>(operation, false);
        lock.lock();
        try {
            if (closing || queuedOperations >= capacity / 2) {
                return null;
            }
            enqueue(q);
        } finally {
            lock.unlock();
        }
        return q.result;
    }

    private void enqueue(Queued<?> q) {
        q.enqueuedNanos = commitDelayNanos == 0 ? 0 : System.nanoTime();
        queue.addLast(q);
        queuedOperations += q.size();
        if (q.acknowledged) {
            queuedAcknowledged++;
            arrivals++;
            lastArrivalNanos = q.enqueuedNanos;
        }
        // The writer sleeps on an empty queue, or waits for company until batchMax operations wait.
        if (queue.size() == 1 || queuedOperations >= batchMax) {
            notEmpty.signal();
        }
    }

    /** Operations waiting for the writer (not counting the batch being written). */
    int queued() {
        lock.lock();
        try {
            return queuedOperations;
        } finally {
            lock.unlock();
        }
    }

    WriterStats stats() {
        return new WriterStats(batches.sum(), operations.sum(), syncs.sum(), syncNanos.sum(), delayedBatches.sum(), queued());
    }

    private void run() {
        List<Queued<?>> batch = new ArrayList<>(Math.min(batchMax, 1024));
        while (true) {
            lock.lock();
            try {
                while (queue.isEmpty() && !closing) {
                    notEmpty.awaitUninterruptibly(); // the thread is ours: close() wakes it, not an interrupt
                }
                if (queue.isEmpty()) {
                    return; // closing, and everything queued has been written
                }
                waitForCompany();
                int operationsTaken = 0;
                // Whole entries only: a group is never split, and one larger than batchMax goes alone.
                while (!queue.isEmpty() && (operationsTaken == 0 || operationsTaken + queue.peekFirst().size() <= batchMax)) {
                    Queued<?> q = queue.pollFirst();
                    operationsTaken += q.size();
                    queuedOperations -= q.size();
                    if (q.acknowledged) {
                        queuedAcknowledged--;
                    }
                    batch.add(q);
                }
            } finally {
                lock.unlock();
            }
            try {
                write(batch);
            } catch (RuntimeException | Error e) {
                // write() fails its operations itself; this is a bug or an OOM: keep the writer alive.
                LOG.log(Level.ERROR, "the embedded writer failed a batch", e);
                for (Queued<?> q : batch) {
                    q.fail(e);
                }
            }
            batch.clear();
        }
    }

    /**
     * Called with the lock held and the queue not empty: when acknowledged writes arrive often
     * enough to expect company within {@code commitDelay}, waits (releasing the lock) while
     * company keeps coming: until the oldest queued entry is {@code commitDelay} old, no write
     * has arrived for two mean arrival intervals (the callers are all waiting for this batch), or
     * {@code batchMax} operations wait, or the writer closes.
     */
    private void waitForCompany() {
        if (commitDelayNanos == 0) {
            return;
        }
        long now = System.nanoTime();
        long windowElapsed = now - rateWindowStart;
        if (windowElapsed >= RATE_WINDOW_NANOS) {
            arrivalsPerNano = (double) arrivals / windowElapsed;
            arrivals = 0;
            rateWindowStart = now;
        }
        if (queuedAcknowledged == 0 || arrivalsPerNano * commitDelayNanos < 1.0) {
            return; // nothing to sync, or no company to expect
        }
        long idleGap = (long) (IDLE_GAP_INTERVALS / arrivalsPerNano); // below commitDelay, given the test above
        long holdUntil = queue.peekFirst().enqueuedNanos + commitDelayNanos;
        boolean delayed = false;
        while (queuedOperations < batchMax && !closing) {
            long remaining = Math.min(holdUntil, lastArrivalNanos + idleGap) - now;
            if (remaining <= 0) {
                break;
            }
            if (!delayed) {
                delayed = true;
                delayedBatches.increment();
            }
            try {
                notEmpty.awaitNanos(remaining);
            } catch (InterruptedException e) {
                return; // the thread is ours and nobody interrupts it; write what is queued
            }
            now = System.nanoTime();
        }
    }

    private void write(List<Queued<?>> batch) {
        batches.increment();
        for (Queued<?> q : batch) {
            operations.add(q.size());
        }
        try (Staging staging = new Staging()) {
            boolean written;
            try {
                written = storage.call(db -> {
                    staging.db = db;
                    for (Queued<?> q : batch) {
                        q.apply(staging);
                    }
                    if (staging.batch.count() == 0) {
                        return false;
                    }
                    if (staging.syncNeeded) {
                        long began = System.nanoTime();
                        db.write(storage.durable(), staging.batch);
                        syncNanos.add(System.nanoTime() - began);
                    } else {
                        db.write(storage.relaxed(), staging.batch);
                    }
                    return true;
                });
            } catch (RuntimeException e) {
                // The database is closed or the write failed: nothing of this batch is known to be written.
                for (Queued<?> q : batch) {
                    q.fail(e);
                }
                return;
            }
            if (written && staging.syncNeeded) {
                syncs.increment();
            }
            for (Runnable r : staging.afterCommit) {
                try {
                    r.run();
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "an after-commit action failed", e);
                }
            }
            for (Queued<?> q : batch) {
                q.complete();
            }
        }
    }

    private EmbeddedStorageException closedException() {
        return new EmbeddedStorageException("the embedded database in " + storage.options().databaseDir() + " is closed");
    }

    /** Refuses new operations, writes every queued one, then stops the thread. Idempotent. */
    @Override
    public void close() {
        lock.lock();
        try {
            closing = true;
            notEmpty.signal();
        } finally {
            lock.unlock();
        }
        if (Thread.currentThread() == thread) {
            return; // closed from a completion on the writer thread: it stops once the queue is empty
        }
        try {
            thread.join(TimeUnit.SECONDS.toMillis(CLOSE_TIMEOUT_SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            LOG.log(Level.WARNING, "the embedded writer did not drain its queue within {0} s", CLOSE_TIMEOUT_SECONDS);
        }
    }

    boolean isAlive() {
        return thread.isAlive();
    }

    /** An entry of the queue, waiting for or in a batch: one operation, or a group submitted together. */
    private abstract static sealed class Queued<R> permits Single, Group {

        /** Completed with {@link #value()} once the batch is written, or with the failure. */
        final CompletableFuture<R> result = new CompletableFuture<>();
        /** Whether it is synced before its stage completes (housekeeping is not). */
        final boolean acknowledged;
        /** When it was enqueued ({@link System#nanoTime}), when the writer may wait for company; else 0. */
        long enqueuedNanos;
        /** Set by {@link #apply}: the (first) operation that threw; the stage then fails with it. */
        Throwable failure;

        Queued(boolean acknowledged) {
            this.acknowledged = acknowledged;
        }

        /** The operations this entry holds: what counts against the queue's capacity and batchMax. */
        abstract int size();

        /** Applies the operations in order; a failure to add changes to the batch fails the batch. */
        abstract void apply(Staging staging) throws RocksDBException;

        /** What the stage completes with when no operation failed. */
        abstract R value();

        /** Completes the stage once the batch is written. */
        final void complete() {
            if (failure != null) {
                result.completeExceptionally(failure);
            } else {
                result.complete(value());
            }
        }

        /** Fails the stage: the batch was not written. */
        final void fail(Throwable e) {
            result.completeExceptionally(e);
        }

        /**
         * Applies one operation: its staged changes join the batch when it returns, none when it
         * throws, and its failure fails it (or its group) alone.
         *
         * @return its failure, or null when it returned (its result then in {@code results[index]})
         */
        static Throwable applyOne(Staging staging, Operation<?> operation, boolean acknowledged, Object[] results, int index)
                throws RocksDBException {
            staging.begin(acknowledged);
            try {
                results[index] = operation.apply(staging);
            } catch (RocksDBException e) {
                staging.discard();
                return new EmbeddedStorageException("embedded database: " + e.getMessage(), e);
            } catch (RuntimeException e) {
                staging.discard();
                return e;
            }
            staging.commit();
            return null;
        }
    }

    private static final class Single<T> extends Queued<T> {
        final Operation<T> operation;
        private final Object[] value = new Object[1];

        Single(Operation<T> operation, boolean acknowledged) {
            super(acknowledged);
            this.operation = operation;
        }

        @Override
        int size() {
            return 1;
        }

        @Override
        void apply(Staging staging) throws RocksDBException {
            failure = applyOne(staging, operation, acknowledged, value, 0);
        }

        @Override
        @SuppressWarnings("unchecked")
        T value() {
            return (T) value[0];
        }
    }

    /** Acknowledged operations submitted together: one entry, one stage, never split across batches. */
    private static final class Group<T> extends Queued<List<T>> {
        final List<? extends Operation<T>> operations;
        private final Object[] values;

        Group(List<? extends Operation<T>> operations) {
            super(true);
            this.operations = operations;
            this.values = new Object[operations.size()];
        }

        @Override
        int size() {
            return values.length;
        }

        @Override
        void apply(Staging staging) throws RocksDBException {
            staging.prefetch(operations);
            for (int i = 0; i < values.length; i++) {
                Throwable f = applyOne(staging, operations.get(i), true, values, i);
                if (f != null && failure == null) {
                    failure = f;
                }
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        List<T> value() {
            return (List<T>) Arrays.asList(values);
        }
    }

    /**
     * The batch being built: the changes of the operations applied so far, readable by the next
     * ones, and those of the current operation, which become part of the batch only when it
     * returns normally.
     */
    static final class Staging implements AutoCloseable {

        /** Marks a key deleted by an earlier operation of the batch. */
        private static final byte[] DELETED = new byte[0];

        private RocksDB db; // set by the writer inside EmbeddedDatabase.call
        private final WriteBatch batch = new WriteBatch();
        /** Per column family (by identity), key to its value after the batch's puts and deletes so far. */
        private final IdentityHashMap<ColumnFamilyHandle, HashMap<ByteBuffer, byte[]>> overlay =
                new IdentityHashMap<>();
        /** Per column family (by identity), database values read ahead by {@link #prefetch}, {@link #DELETED} for absent keys. */
        private final IdentityHashMap<ColumnFamilyHandle, HashMap<ByteBuffer, byte[]>> prefetched = new IdentityHashMap<>();
        private final List<Change> current = new ArrayList<>();
        private final List<Runnable> currentAfterCommit = new ArrayList<>();
        private final List<Runnable> afterCommit = new ArrayList<>();
        private boolean currentAcknowledged;
        private boolean syncNeeded;

        private Staging() {}

        @Override
        public void close() {
            batch.close();
        }

        private record Change(ColumnFamilyHandle family, byte[] key, byte[] value, Kind kind) {}

        private enum Kind { PUT, DELETE, MERGE }

        /**
         * The value of {@code key} as the batch so far leaves it: this operation's own puts and
         * deletes, then the earlier operations', then the database. Merges are not reflected: no
         * operation reads a merged column family.
         */
        byte[] get(ColumnFamilyHandle family, byte[] key) throws RocksDBException {
            for (int i = current.size() - 1; i >= 0; i--) {
                Change c = current.get(i);
                if (c.family == family && c.kind != Kind.MERGE && Arrays.equals(c.key, key)) {
                    return c.kind == Kind.DELETE ? null : c.value;
                }
            }
            HashMap<ByteBuffer, byte[]> staged = overlay.get(family);
            if (staged != null) {
                byte[] value = staged.get(ByteBuffer.wrap(key));
                if (value != null) {
                    return value == DELETED ? null : value;
                }
            }
            HashMap<ByteBuffer, byte[]> read = prefetched.get(family);
            if (read != null) {
                byte[] value = read.get(ByteBuffer.wrap(key));
                if (value != null) {
                    return value == DELETED ? null : value;
                }
            }
            return db.get(family, key);
        }

        /**
         * Reads the database's values of the keys the {@link KeyedOperation}s among
         * {@code operations} name, in one multi-get per column family, for {@link #get} to answer
         * from. They stay right for the whole batch: only this thread changes checked families,
         * and its changes are in {@link #overlay}, which {@link #get} consults first. A key read
         * ahead by an earlier group of the batch is not read again.
         */
        void prefetch(List<? extends Operation<?>> operations) throws RocksDBException {
            IdentityHashMap<ColumnFamilyHandle, List<byte[]>> keysByFamily = new IdentityHashMap<>(2);
            for (Operation<?> operation : operations) {
                if (operation instanceof KeyedOperation<?> keyed) {
                    HashMap<ByteBuffer, byte[]> read = prefetched.get(keyed.family());
                    if (read == null || !read.containsKey(ByteBuffer.wrap(keyed.key()))) {
                        keysByFamily.computeIfAbsent(keyed.family(), f -> new ArrayList<>(operations.size())).add(keyed.key());
                    }
                }
            }
            for (var entry : keysByFamily.entrySet()) {
                ColumnFamilyHandle family = entry.getKey();
                List<byte[]> keys = entry.getValue();
                if (keys.size() < 2) {
                    continue; // a plain get is as cheap
                }
                List<byte[]> values = db.multiGetAsList(Collections.nCopies(keys.size(), family), keys);
                HashMap<ByteBuffer, byte[]> read = prefetched.computeIfAbsent(family, f -> new HashMap<>(keys.size() * 2));
                for (int i = 0; i < keys.size(); i++) {
                    byte[] value = values.get(i);
                    read.put(ByteBuffer.wrap(keys.get(i)), value == null ? DELETED : value);
                }
            }
        }

        void put(ColumnFamilyHandle family, byte[] key, byte[] value) {
            current.add(new Change(family, key, value, Kind.PUT));
        }

        void delete(ColumnFamilyHandle family, byte[] key) {
            current.add(new Change(family, key, null, Kind.DELETE));
        }

        void merge(ColumnFamilyHandle family, byte[] key, byte[] operand) {
            current.add(new Change(family, key, operand, Kind.MERGE));
        }

        /** Runs after the batch is written, before any stage completes (counters); skipped when the operation or the write fails. */
        void afterCommit(Runnable action) {
            currentAfterCommit.add(action);
        }

        private void begin(boolean acknowledged) {
            current.clear();
            currentAfterCommit.clear();
            currentAcknowledged = acknowledged;
        }

        private void commit() throws RocksDBException {
            for (Change c : current) {
                switch (c.kind) {
                    case PUT -> {
                        batch.put(c.family, c.key, c.value);
                        overlay.computeIfAbsent(c.family, f -> new HashMap<>()).put(ByteBuffer.wrap(c.key), c.value);
                    }
                    case DELETE -> {
                        batch.delete(c.family, c.key);
                        overlay.computeIfAbsent(c.family, f -> new HashMap<>()).put(ByteBuffer.wrap(c.key), DELETED);
                    }
                    case MERGE -> batch.merge(c.family, c.key, c.value);
                }
            }
            if (currentAcknowledged && !current.isEmpty()) {
                syncNeeded = true;
            }
            afterCommit.addAll(currentAfterCommit);
            current.clear();
            currentAfterCommit.clear();
        }

        private void discard() {
            current.clear();
            currentAfterCommit.clear();
        }
    }
}

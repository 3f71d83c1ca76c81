package dev.shortcode.core.embedded;

import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Holds the storage's writer thread inside an operation until {@link #release()}, so a test can
 * queue operations that the writer then takes as one batch (up to {@code writeBatchMax}), or fill
 * the queue.
 */
final class WriterPause implements AutoCloseable {

    private final CountDownLatch running = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final CompletionStage<Void> operation;

    private WriterPause(EmbeddedDatabase storage) {
        operation = storage.writer().submit(staging -> {
            running.countDown();
            try {
                if (!release.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the test never released the writer");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return null;
        });
    }

    /** Returns once the writer is inside the pausing operation: its queue is empty and fills from now on. */
    static WriterPause of(EmbeddedDatabase storage) throws InterruptedException {
        WriterPause pause = new WriterPause(storage);
        if (!pause.running.await(10, TimeUnit.SECONDS)) {
            throw new AssertionError("the writer did not start the pausing operation");
        }
        return pause;
    }

    void release() {
        release.countDown();
    }

    /** Releases and waits until the pausing operation's batch is done. */
    @Override
    public void close() {
        release();
        operation.toCompletableFuture().join();
    }
}

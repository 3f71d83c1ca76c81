package dev.shortcode.hbase;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Deadlines and error translation for HBase's futures. HBase bounds its own operations with the
 * operation timeout; the deadline here is a second guard (a region lookup stuck on ZooKeeper, a
 * client bug) so that no caller waits for ever.
 */
final class Futures {

    private Futures() {}

    /**
     * {@code future} with a deadline; failures and the deadline become an
     * {@link HBaseArchiveException} naming {@code what}.
     */
    static <T> CompletableFuture<T> bounded(CompletableFuture<T> future, Duration deadline, String what) {
        long started = System.nanoTime();
        CompletableFuture<T> result = new CompletableFuture<>();
        future.copy().orTimeout(deadline.toMillis(), TimeUnit.MILLISECONDS).whenComplete((value, error) -> {
            if (error == null) {
                result.complete(value);
            } else {
                result.completeExceptionally(translate(error, what, started, deadline));
            }
        });
        return result;
    }

    /** Waits for {@code future} for at most {@code deadline}; the caller's thread blocks. */
    static <T> T await(CompletableFuture<T> future, Duration deadline, String what) {
        long started = System.nanoTime();
        try {
            return future.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            InterruptedIOException cause = new InterruptedIOException("interrupted");
            cause.initCause(e);
            throw new HBaseArchiveException(what + " interrupted", cause);
        } catch (ExecutionException | TimeoutException e) {
            throw translate(e, what, started, deadline);
        }
    }

    static HBaseArchiveException translate(Throwable error, String what, long startedNanos, Duration deadline) {
        Throwable cause = unwrap(error);
        if (cause instanceof HBaseArchiveException archive) {
            return archive;
        }
        long waitedMillis = (System.nanoTime() - startedNanos) / 1_000_000;
        if (cause instanceof TimeoutException) {
            return new HBaseArchiveException(what + ": no answer from HBase within " + deadline.toMillis() + " ms",
                    new IOException("deadline of " + deadline + " passed", cause));
        }
        IOException io = cause instanceof IOException e ? e : new IOException(cause);
        return new HBaseArchiveException(what + " failed after " + waitedMillis + " ms: " + describe(cause), io);
    }

    static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    private static String describe(Throwable t) {
        String message = t.getMessage();
        if (message == null) {
            return t.getClass().getSimpleName();
        }
        int nl = message.indexOf('\n');
        return t.getClass().getSimpleName() + ": " + (nl < 0 ? message : message.substring(0, nl));
    }
}

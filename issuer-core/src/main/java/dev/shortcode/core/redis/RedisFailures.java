package dev.shortcode.core.redis;

import dev.shortcode.core.store.StorageUnavailableException;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisException;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;

/**
 * Lettuce's failures, translated at the Redis adapter's boundary: a Redis that is down, slow,
 * failing over or out of memory becomes a {@link StorageUnavailableException}; a command Redis
 * refused for good (a bug: wrong type, bad script) stays what it is.
 *
 * <p>Outages are: no connection or a connection lost with commands in flight (Lettuce's
 * {@code RedisConnectionException}, {@code RedisException("Connection closed")}, a socket's
 * {@link IOException} such as a reset), a command timeout, and the error replies that mean "not
 * now" ({@link #TRANSIENT_ERRORS}: memory, loading, a busy script, a Cluster reshaping or failing
 * over).
 */
final class RedisFailures {

    /** Redis error replies that mean "not now", not a bad command. */
    static final List<String> TRANSIENT_ERRORS =
            List.of("OOM", "LOADING", "BUSY", "CLUSTERDOWN", "TRYAGAIN", "MASTERDOWN", "READONLY", "NOREPLICAS", "MOVED", "ASK");

    private RedisFailures() {}

    /** {@code stage}, its outage failures translated. */
    static <T> CompletableFuture<T> translated(CompletionStage<T> stage) {
        CompletableFuture<T> result = new CompletableFuture<>();
        stage.whenComplete((value, failure) -> {
            if (failure == null) {
                result.complete(value);
            } else {
                result.completeExceptionally(translate(failure));
            }
        });
        return result;
    }

    /** The failure as callers should see it: an outage as {@link StorageUnavailableException}, anything else as it was. */
    static Throwable translate(Throwable failure) {
        Throwable cause = unwrap(failure);
        if (cause instanceof StorageUnavailableException) {
            return cause;
        }
        return isOutage(cause) ? new StorageUnavailableException("redis", "Redis did not answer: " + describe(cause), cause) : cause;
    }

    static boolean isOutage(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof RedisCommandExecutionException e) {
                return isTransient(e.getMessage());
            }
            if (t instanceof RedisException || t instanceof IOException) {
                return true;
            }
        }
        return false;
    }

    /**
     * An outage in which Redis may still have applied the command: no reply came (a timeout, a lost
     * connection). An error reply ({@code OOM}, {@code BUSY}, {@code READONLY}, ...) says the
     * command was refused before it changed anything, as far as the commands and scripts of this
     * package go: none writes after something that can fail.
     */
    static boolean mayHaveBeenApplied(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof RedisCommandExecutionException) {
                return false;
            }
        }
        return isOutage(failure);
    }

    private static boolean isTransient(String message) {
        if (message == null) {
            return false;
        }
        int space = message.indexOf(' ');
        return TRANSIENT_ERRORS.contains(space < 0 ? message : message.substring(0, space));
    }

    private static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    private static String describe(Throwable t) {
        String message = t.getMessage();
        String first = message == null ? "" : message.lines().findFirst().orElse("");
        return t.getClass().getSimpleName() + (first.isEmpty() ? "" : ": " + first);
    }
}

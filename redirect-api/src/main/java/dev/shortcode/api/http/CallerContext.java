package dev.shortcode.api.http;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Brings a flow's answer back to the Vert.x context that asked for it. Stores complete their
 * stages on their own threads (the embedded writer thread, a Redis connection's event loop): work
 * done in a continuation there (building a thousand link views, serialising the answer) would hold
 * up the next write or another loop's requests. Each flow resumes explicitly on its caller's
 * context; when the stage completes on the caller's own thread already, nothing is handed over.
 */
public final class CallerContext {

    private CallerContext() {}

    /** {@code stage}, observed on the calling context; as it is when the caller is not on a Vert.x context. */
    public static <T> CompletionStage<T> resume(CompletionStage<T> stage) {
        Context context = Vertx.currentContext();
        if (context == null) {
            return stage;
        }
        Thread caller = Thread.currentThread();
        CompletableFuture<T> resumed = new CompletableFuture<>();
        stage.whenComplete((value, failure) -> {
            if (Thread.currentThread() == caller) {
                settle(resumed, value, failure);
            } else {
                context.runOnContext(v -> settle(resumed, value, failure));
            }
        });
        return resumed;
    }

    /** An executor that runs tasks on the calling context (at once when already on its thread); direct when there is none. */
    public static Executor current() {
        Context context = Vertx.currentContext();
        if (context == null) {
            return Runnable::run;
        }
        Thread caller = Thread.currentThread();
        return task -> {
            if (Thread.currentThread() == caller) {
                task.run();
            } else {
                context.runOnContext(v -> task.run());
            }
        };
    }

    private static <T> void settle(CompletableFuture<T> future, T value, Throwable failure) {
        if (failure != null) {
            future.completeExceptionally(failure);
        } else {
            future.complete(value);
        }
    }
}

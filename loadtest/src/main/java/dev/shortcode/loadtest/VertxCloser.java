package dev.shortcode.loadtest;

import io.vertx.core.Vertx;

import java.util.concurrent.TimeUnit;

/** Closes a Vert.x instance and waits (bounded) for its threads, so no event loop outlives its owner. */
final class VertxCloser {

    private VertxCloser() {
    }

    static void close(Vertx vertx) {
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(15, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            System.err.println("warning: Vert.x did not close cleanly: " + e);
        }
    }
}

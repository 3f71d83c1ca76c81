package dev.shortcode.loadtest;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Creates the redirect working set before the measurement, through the batch API in batches of
 * {@link LinkApi#MAX_BATCH}, one batch at a time (this is set-up, not load). Bounded: at most
 * ceil(links / 1000) requests, each with the run's timeout.
 */
final class WorkingSetCreator {

    private final LoadClient client;
    private final Duration timeout;
    private final PrintWriter log;
    private final io.vertx.core.json.JsonObject linkFields;

    WorkingSetCreator(LoadClient client, Duration timeout, PrintWriter log) {
        this(client, timeout, log, null);
    }

    /** @param linkFields fields every item carries besides its url ({@code --link-json}); null for none */
    WorkingSetCreator(LoadClient client, Duration timeout, PrintWriter log, io.vertx.core.json.JsonObject linkFields) {
        this.client = client;
        this.timeout = timeout;
        this.log = log;
        this.linkFields = linkFields;
    }

    WorkingSet create(int links, long seed) {
        UrlSequence urls = new UrlSequence(seed);
        List<String> codes = new ArrayList<>(links);
        int batches = (links + LinkApi.MAX_BATCH - 1) / LinkApi.MAX_BATCH;
        for (int b = 0; b < batches; b++) {
            int size = Math.min(LinkApi.MAX_BATCH, links - b * LinkApi.MAX_BATCH);
            List<String> batch = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                batch.add(urls.next());
            }
            LoadClient.Response response = await(client.call(
                    RequestSpec.postJson(LinkApi.BATCH_PATH, LinkApi.batchBody(batch, linkFields), LinkApi.BATCH_STATUS)));
            if (response.status() != LinkApi.BATCH_STATUS) {
                throw new IllegalStateException("creating the working set (--links " + links + "): POST "
                        + LinkApi.BATCH_PATH + " answered " + response.status() + ": "
                        + LinkApi.abbreviate(response.body()) + " (is --api-key right?)");
            }
            codes.addAll(LinkApi.codesFromBatchResponse(response.body()));
        }
        if (codes.isEmpty()) {
            throw new IllegalStateException("creating the working set (--links " + links
                    + "): the batch API created no links");
        }
        if (codes.size() < links && log != null) {
            log.printf("warning: asked for %d links, %d were created (the rest came back as problems)%n",
                    links, codes.size());
        }
        return new WorkingSet(codes, false);
    }

    private LoadClient.Response await(io.vertx.core.Future<LoadClient.Response> future) {
        try {
            return future.toCompletionStage().toCompletableFuture()
                    .get(timeout.toMillis() * 2 + 1_000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating the working set", e);
        } catch (ExecutionException | TimeoutException e) {
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            throw new IllegalStateException("creating the working set: POST " + LinkApi.BATCH_PATH + " failed: "
                    + cause, cause);
        }
    }
}

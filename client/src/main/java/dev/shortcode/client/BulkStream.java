package dev.shortcode.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.parsetools.RecordParser;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One bulk stream: a sender thread writes the lines as chunks while the calling thread takes the
 * result lines the event loop parsed, pairs each with the item it answers (the service answers in
 * input order) and hands it on.
 */
final class BulkStream<T> {

    /** Lines are written in chunks of about this size. */
    private static final int CHUNK_BYTES = 32 * 1024;
    /** Parsed results waiting for the caller: past the high mark the answer is paused, under the low one resumed. */
    private static final int PAUSE_AT = 4096;
    private static final int RESUME_AT = 1024;
    private static final int MAX_RESULT_LINE_BYTES = 1024 * 1024;

    /** What the event loop tells the calling thread besides results. */
    private record End() {
    }

    private record Failure(Throwable cause) {
    }

    private final ObjectMapper json;
    private final HttpClientRequest request;
    private final Duration silenceLimit;
    private final BlockingQueue<Object> inbox = new LinkedBlockingQueue<>();
    /** Items taken from the caller's iterator, in order, not answered yet. */
    private final ConcurrentLinkedQueue<T> inFlight = new ConcurrentLinkedQueue<>();
    private volatile boolean stop;
    private volatile Throwable sendFailure;
    private volatile boolean sendDone;
    private volatile RecordParser answer;
    private volatile Context context;
    private volatile boolean paused;

    BulkStream(ObjectMapper json, HttpClientRequest request, Duration silenceLimit) {
        this.json = json;
        this.request = request;
        this.silenceLimit = silenceLimit;
    }

    BulkSummary run(Iterator<T> items, Function<? super T, LinkRequest> toRequest, BiConsumer<? super T, BulkResult> onResult) {
        long started = System.nanoTime();
        request.setChunked(true);
        request.exceptionHandler(e -> inbox.add(new Failure(e)));
        request.response().onSuccess(this::receive).onFailure(e -> inbox.add(new Failure(e)));
        request.connection().closeHandler(v -> inbox.add(new Failure(new IOException("the connection was closed"))));
        Thread sender = new Thread(() -> send(items, toRequest), "shortcode-bulk-sender");
        sender.setDaemon(true);
        sender.start();
        long lines = 0;
        long links = 0;
        try {
            while (true) {
                Object next = inbox.poll(silenceLimit.toMillis(), TimeUnit.MILLISECONDS);
                if (next == null) {
                    throw broken("no result line for " + silenceLimit.toSeconds() + " s", new TimeoutException(), sender, lines);
                }
                if (next instanceof BulkResult result) {
                    T item = inFlight.poll();
                    if (item == null) {
                        throw broken("the service answered line " + result.line() + ", which was not sent", null, sender, lines);
                    }
                    lines++;
                    if (result.created()) {
                        links++;
                    }
                    resumeIfDrained();
                    onResult.accept(item, result);
                } else if (next instanceof Failure failure) {
                    if (failure.cause() instanceof ProblemException refused) {
                        stopSender(sender);
                        request.reset(); // the connection still carries the unsent body: not reusable
                        throw refused;
                    }
                    throw broken("the stream broke: " + message(failure.cause()), failure.cause(), sender, lines);
                } else if (next instanceof End) {
                    stopSenderIfEnded(sender);
                    if (!inFlight.isEmpty() || !sendDone) {
                        throw broken("the service ended the stream early", null, sender, lines);
                    }
                    if (sendFailure != null) {
                        throw broken("sending failed: " + message(sendFailure), sendFailure, sender, lines);
                    }
                    return new BulkSummary(lines, links, lines - links, (System.nanoTime() - started) / 1e9);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            request.reset();
            throw new ShortcodeException("interrupted", e);
        }
    }

    /** On the event loop: a 200 is read line by line; any other status is the stream's refusal. */
    private void receive(HttpClientResponse response) {
        context = Vertx.currentContext();
        if (response.statusCode() != 200) {
            response.body().onSuccess(body -> inbox.add(new Failure(ShortcodeClient.problemException(json, response, body))))
                    .onFailure(e -> inbox.add(new Failure(e)));
            return;
        }
        RecordParser parser = RecordParser.newDelimited("\n", response);
        parser.maxRecordSize(MAX_RESULT_LINE_BYTES);
        answer = parser;
        parser.handler(line -> {
            if (line.length() == 0) {
                return;
            }
            try {
                inbox.add(json.readValue(line.getBytes(), BulkResult.class));
            } catch (IOException e) {
                inbox.add(new Failure(new IOException("a result line is not JSON: " + e.getMessage(), e)));
                request.reset();
                return;
            }
            if (!paused && inbox.size() >= PAUSE_AT) {
                paused = true;
                parser.pause();
            }
        });
        parser.exceptionHandler(e -> inbox.add(new Failure(e)));
        parser.endHandler(v -> inbox.add(new End()));
    }

    /** On the calling thread: the answer resumes on its event loop once the caller caught up. */
    private void resumeIfDrained() {
        if (paused && inbox.size() <= RESUME_AT) {
            paused = false;
            RecordParser parser = answer;
            context.runOnContext(v -> parser.resume());
        }
    }

    /** On the sender thread: every item as one NDJSON line, in chunks, waiting while the write queue is full. */
    private void send(Iterator<T> items, Function<? super T, LinkRequest> toRequest) {
        try {
            Buffer chunk = Buffer.buffer(CHUNK_BYTES + 1024);
            while (!stop && items.hasNext()) {
                T item = items.next();
                byte[] line = json.writeValueAsBytes(toRequest.apply(item));
                inFlight.add(item);
                chunk.appendBytes(line).appendByte((byte) '\n');
                if (chunk.length() >= CHUNK_BYTES) {
                    write(chunk);
                    chunk = Buffer.buffer(CHUNK_BYTES + 1024);
                }
            }
            if (!stop) {
                if (chunk.length() > 0) {
                    write(chunk);
                }
                request.end();
            }
        } catch (Throwable e) {
            sendFailure = e;
            request.reset();
        } finally {
            sendDone = true;
        }
    }

    private void write(Buffer chunk) throws InterruptedException {
        request.write(chunk);
        while (!stop && request.writeQueueFull()) {
            CompletableFuture<Void> drained = new CompletableFuture<>();
            request.drainHandler(v -> drained.complete(null));
            if (!request.writeQueueFull()) {
                return;
            }
            try {
                drained.get(200, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // look at stop again, then go on waiting
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
        }
    }

    private void stopSender(Thread sender) throws InterruptedException {
        stop = true;
        sender.join(10_000);
    }

    /** The service ended its answer: a sender still sending is stopped; one that finished is left alone. */
    private void stopSenderIfEnded(Thread sender) throws InterruptedException {
        if (!sendDone) {
            stopSender(sender);
        }
    }

    private BulkStreamBrokenException broken(String message, Throwable cause, Thread sender, long answered)
            throws InterruptedException {
        stopSender(sender);
        request.reset();
        List<Object> unanswered = new ArrayList<>(inFlight);
        return new BulkStreamBrokenException(message + " after " + answered + " result lines", cause, unanswered, answered);
    }

    private static String message(Throwable e) {
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }
}

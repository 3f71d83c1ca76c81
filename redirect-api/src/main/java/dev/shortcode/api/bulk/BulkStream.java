package dev.shortcode.api.bulk;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.shortcode.api.config.BulkOptions;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.ttl.TtlPolicy;
import dev.shortcode.api.problem.ErrorMapping;
import dev.shortcode.api.problem.ProblemResponse;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.Unpooled;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.System.Logger.Level;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One bulk request: reads NDJSON lines from the body, creates their links chunk by chunk and
 * writes one result line per input line, in order, while the body is still arriving.
 *
 * <h2>Design: flat memory, back-pressure both ways</h2>
 * Everything happens on the request's event loop. Lines are read as the body arrives
 * ({@link LineSplitter}, at most {@code maxLineBytes} held per line) into the current chunk. A
 * chunk goes to the stores when it is full ({@code chunkLines}), or at the end of each body buffer
 * while fewer than {@value #EAGER_CHUNKS} chunks are in flight, so that a client sending a line at
 * a time is answered at once and a fast one fills whole chunks. The body is paused whenever
 * {@code maxInFlightLines} lines are read but not yet answered, or the response's write queue is
 * full (a client that does not read its answers stops being read), and resumed when both have
 * eased: what one stream holds is bounded by those two limits however long it runs (the lines of
 * the body buffer being split when the limit is reached are still taken: one buffer's worth, at
 * most 64 KiB of input, beyond {@code maxInFlightLines}). Chunks may
 * complete out of order; their results wait in a queue and are written from its head, in order.
 *
 * <h2>Durability and broken streams</h2>
 * A chunk is answered only once its links (and its refs' outcomes) are durable, so every result
 * line a client received stands. When the connection breaks, reading stops; chunks in flight
 * finish in the stores (their links exist, unacknowledged), and their results are dropped.
 *
 * <h2>Deadlines</h2>
 * The connection's body deadline does not apply (a stream of millions of lines takes minutes);
 * instead, while this stream waits for the client (reading, not paused by itself), no byte for
 * {@code idleTimeout} closes the connection. Since every byte restarts that, a stream also has a
 * lifetime ({@code maxStreamLifetime}): once it has been open that long it stops, as below.
 *
 * <h2>The key, for as long as the stream is open</h2>
 * The key is checked again ({@link BulkKeyCheck}, from the key cache) before each chunk goes to
 * the stores and every {@link #KEY_CHECK_INTERVAL_MILLIS}, so a key revoked or expired while its
 * stream is open stops making links within seconds. Then the stream stops: chunks already in the
 * stores are answered as usual, every line read and not yet sent there is answered with the 401
 * problem, and the response ends.
 *
 * <h2>Stopping</h2>
 * A stopped stream reads nothing more (the lines of the body buffer being split are still taken),
 * answers every line it read, ends its response and closes the connection: the rest of the body is
 * never read, and the client learns from the last line number answered where to go on.
 */
final class BulkStream {

    private static final System.Logger LOG = System.getLogger(BulkStream.class.getName());

    /** Chunks in flight below which a partial chunk is sent at the end of each body buffer. */
    static final int EAGER_CHUNKS = 2;
    /** How often an open stream checks its key even when no chunk goes to the stores (an idle or paused stream). */
    static final long KEY_CHECK_INTERVAL_MILLIS = 1_000;

    private final HttpServerRequest request;
    private final HttpServerResponse response;
    private final Context context;
    private final BulkCreator creator;
    private final BulkLineReader reader;
    private final ObjectWriter json;
    private final BulkResultWriter resultWriter;
    private final BulkOptions settings;
    private final String owner;
    private final BulkMetrics metrics;
    private final BulkQuota quota;
    private final BulkKeyCheck keyCheck;
    private final LineSplitter splitter;
    private final Map<String, TtlPolicy.Choice> ttlChoices = new HashMap<>();
    private final ArrayDeque<Chunk> inFlight = new ArrayDeque<>();
    private List<BulkLine> current;
    private int unansweredLines;
    private boolean paused;
    private boolean inputEnded;
    private boolean broken;
    /** Reads nothing more: its key failed, or its lifetime is over; answers what it read and ends. */
    private boolean stopped;
    /** Why the key no longer holds, once a check found it: the answer of every line not yet in the stores. */
    private RuntimeException keyRefusal;
    private boolean keyCheckRunning;
    private long openedNanos;
    private long lastKeyCheckNanos;
    /** Counted out of {@link BulkMetrics#streamOpened}: ended or broken. */
    private boolean closed;
    /** When the client last sent bytes or was last sent results. */
    private long lastActivityNanos;
    private long idleTimer = -1;

    BulkStream(HttpServerRequest request, BulkCreator creator, BulkLineReader reader, ObjectWriter json, BulkOptions settings,
            String owner, BulkQuota quota, BulkKeyCheck keyCheck, BulkMetrics metrics) {
        this.request = request;
        this.response = request.response();
        this.context = Vertx.currentContext();
        this.creator = creator;
        this.reader = reader;
        this.json = json;
        this.resultWriter = new BulkResultWriter(json);
        this.settings = settings;
        this.owner = owner;
        this.metrics = metrics;
        this.quota = quota;
        this.keyCheck = keyCheck;
        this.current = new ArrayList<>(settings.chunkLines());
        this.splitter = new LineSplitter(settings.maxLineBytes(), new LineSplitter.Sink() {
            @Override
            public void line(long number, byte[] bytes, int length) {
                if (!blank(bytes, length)) {
                    add(BulkStream.this.reader.read(number, bytes, length));
                }
            }

            @Override
            public void tooLong(long number, long length) {
                add(BulkLine.failed(number, new InvalidRequestException("line-too-long", "line " + number
                        + " has " + length + " bytes; a line may have at most " + settings.maxLineBytes())));
            }
        });
    }

    /** Starts reading; the request must be paused until now. */
    void start() {
        response.setChunked(true).setStatusCode(200).putHeader(HttpHeaders.CONTENT_TYPE, BulkRoute.NDJSON);
        response.drainHandler(v -> maybeResume());
        response.closeHandler(v -> broken());
        response.exceptionHandler(e -> broken());
        request.exceptionHandler(e -> broken());
        request.handler(this::received);
        request.endHandler(v -> ended());
        if ("100-continue".equalsIgnoreCase(request.getHeader(HttpHeaders.EXPECT))) {
            response.writeContinue(); // the caller is known: now the body may come
        }
        metrics.streamOpened();
        lastActivityNanos = System.nanoTime();
        openedNanos = lastActivityNanos;
        lastKeyCheckNanos = lastActivityNanos;
        long checkMillis = Math.min(KEY_CHECK_INTERVAL_MILLIS, Math.max(100, settings.idleTimeout().toMillis() / 4));
        idleTimer = context.owner().setPeriodic(checkMillis, id -> tick());
        request.resume();
    }

    private void received(Buffer buffer) {
        lastActivityNanos = System.nanoTime();
        if (broken || stopped) {
            return;
        }
        splitter.feed(buffer);
        if (!current.isEmpty() && inFlight.size() < EAGER_CHUNKS) {
            dispatch();
        }
    }

    private void ended() {
        if (stopped) {
            return; // what came after the stop is not read
        }
        inputEnded = true;
        if (broken) {
            return;
        }
        splitter.end();
        if (!current.isEmpty()) {
            dispatch();
        }
        finishIfDone();
    }

    private void add(BulkLine line) {
        current.add(line);
        unansweredLines++;
        metrics.linesRead(1);
        if (current.size() >= settings.chunkLines()) {
            dispatch();
        }
        if (unansweredLines >= settings.maxInFlightLines()) {
            pause();
        }
    }

    /** Sends the current chunk to the stores once its key is checked again; refuses it with the key's refusal if it fails. */
    private void dispatch() {
        List<BulkLine> lines = current;
        current = new ArrayList<>(settings.chunkLines());
        Chunk chunk = new Chunk(lines.size());
        inFlight.addLast(chunk);
        BulkQuota.Turn turn = quota.next();
        if (keyRefusal != null) {
            refuse(chunk, lines, turn, keyRefusal);
            return;
        }
        CompletableFuture<RuntimeException> check = keyCheck.refusal().toCompletableFuture();
        if (check.isDone() && !check.isCompletedExceptionally() && check.join() == null) {
            create(chunk, lines, turn); // the usual case: the key is cached and holds
        } else {
            // Always on a later turn of the loop: a stop must not come inside the split that dispatched this chunk.
            check.whenComplete((refusal, failure) -> context.runOnContext(v -> {
                if (failure == null && refusal == null) {
                    create(chunk, lines, turn);
                } else {
                    if (refusal != null) {
                        keyFailed(refusal);
                    }
                    refuse(chunk, lines, turn, failure != null ? failure : refusal);
                }
            }));
        }
    }

    private void create(Chunk chunk, List<BulkLine> lines, BulkQuota.Turn turn) {
        creator.create(lines, owner, ttlChoices, turn).whenComplete((results, failure) -> onContext(
                () -> settled(chunk, lines, results, failure)));
    }

    /** Answers every line of the chunk with {@code failure}; its turn takes nothing. Settled on a later turn of the loop, never inside a split. */
    private void refuse(Chunk chunk, List<BulkLine> lines, BulkQuota.Turn turn, Throwable failure) {
        turn.take(0);
        context.runOnContext(v -> settled(chunk, lines, null, failure));
    }

    private void onContext(Runnable action) {
        if (Vertx.currentContext() == context) {
            action.run();
        } else {
            context.runOnContext(v -> action.run());
        }
    }

    private void settled(Chunk chunk, List<BulkLine> lines, List<BulkResult> results, Throwable failure) {
        chunk.body = failure == null ? encode(results, chunk) : encodeFailure(lines, failure, chunk);
        writeReady();
    }

    /** Writes every chunk that is answered, from the head of the queue. */
    private void writeReady() {
        while (!inFlight.isEmpty() && inFlight.peekFirst().body != null) {
            Chunk chunk = inFlight.pollFirst();
            unansweredLines -= chunk.lines;
            metrics.linesSettled(chunk.lines);
            if (!broken) {
                metrics.written(chunk.links, chunk.lines - chunk.links);
                response.write(chunk.body);
                lastActivityNanos = System.nanoTime();
            }
        }
        if (broken) {
            cancelIdleTimer();
            return;
        }
        if (!current.isEmpty() && inFlight.size() < EAGER_CHUNKS) {
            dispatch(); // lines read while the stores were busy: the client may be waiting for them
        }
        maybeResume();
        finishIfDone();
    }

    private void finishIfDone() {
        if ((inputEnded || stopped) && inFlight.isEmpty() && current.isEmpty() && !broken && !response.ended()) {
            cancelIdleTimer();
            boolean bodyLeft = !inputEnded;
            response.end().onComplete(written -> {
                if (bodyLeft) { // the rest of the body is never read: the connection cannot carry another request
                    request.connection().close();
                }
            });
            closed();
        }
    }

    /**
     * Reads nothing more; the lines read are answered (with {@link #keyRefusal} if it is set), then
     * the response ends. Never called while a body buffer is being split.
     */
    private void stop(String why) {
        if (stopped || broken || inputEnded) {
            return;
        }
        LOG.log(Level.DEBUG, "bulk stream: {0}; answering the lines read and ending", why);
        stopped = true;
        pause();
        if (!current.isEmpty()) {
            dispatch();
        }
        finishIfDone();
    }

    private void keyFailed(RuntimeException refusal) {
        if (keyRefusal == null) {
            keyRefusal = refusal;
            stop("its key no longer holds");
        }
    }

    private void pause() {
        if (!paused) {
            paused = true;
            request.pause();
        }
    }

    private void maybeResume() {
        if (paused && !broken && !stopped && unansweredLines < settings.maxInFlightLines() && !response.writeQueueFull()) {
            paused = false;
            lastActivityNanos = System.nanoTime(); // the wait was ours, not the client's
            request.resume();
        } else if (!paused && response.writeQueueFull()) {
            pause();
        }
    }

    /** The stream's periodic check: its key, its lifetime, its client's silence. */
    private void tick() {
        if (broken || inputEnded || stopped) {
            return; // finishing: the timer is cancelled when the response ends or the connection breaks
        }
        long now = System.nanoTime();
        if (now - openedNanos > settings.maxStreamLifetime().toNanos()) {
            stop("open for " + settings.maxStreamLifetime());
            return;
        }
        if (!keyCheckRunning && now - lastKeyCheckNanos >= TimeUnit.MILLISECONDS.toNanos(KEY_CHECK_INTERVAL_MILLIS)) {
            keyCheckRunning = true;
            lastKeyCheckNanos = now;
            keyCheck.refusal().whenComplete((refusal, failure) -> onContext(() -> {
                keyCheckRunning = false;
                if (refusal != null) { // a failed check (store down) leaves it to the next chunk's
                    keyFailed(refusal);
                }
            }));
        }
        checkIdle();
    }

    private void checkIdle() {
        // Idle only while it waits for the client: not paused by itself, no line of it in the stores.
        if (!paused && unansweredLines == 0 && System.nanoTime() - lastActivityNanos > settings.idleTimeout().toNanos()) {
            LOG.log(Level.DEBUG, "bulk stream: no input for {0}; closing the connection", settings.idleTimeout());
            broken();
            request.connection().close();
        }
    }

    /**
     * The connection broke (or was closed for idling): nothing more is read or written. Lines not
     * yet sent to the stores are dropped; chunks in the stores finish there (their links and refs
     * stand, unacknowledged) and are counted out as they settle.
     */
    private void broken() {
        if (broken || closed) {
            return;
        }
        broken = true;
        cancelIdleTimer();
        unansweredLines -= current.size();
        metrics.linesSettled(current.size());
        current = new ArrayList<>(0);
        closed();
    }

    private void closed() {
        if (!closed) {
            closed = true;
            metrics.streamClosed();
        }
    }

    private void cancelIdleTimer() {
        if (idleTimer >= 0) {
            context.owner().cancelTimer(idleTimer);
            idleTimer = -1;
        }
    }

    /**
     * The chunk's result lines, written by one JSON generator into one buffer: a generator (and its
     * buffers and contexts) per line cost more than the line itself.
     */
    private Buffer encode(List<BulkResult> results, Chunk chunk) {
        for (BulkResult result : results) {
            if (result.link() != null) {
                chunk.links++;
            }
        }
        ByteBuf bytes = Unpooled.buffer(results.size() * 256);
        // The stream is also a DataOutput: the cast picks the OutputStream overload.
        try (JsonGenerator out = json.getFactory().createGenerator((OutputStream) new ByteBufOutputStream(bytes))) {
            out.setRootValueSeparator(null); // each line ends with its own newline instead
            for (BulkResult result : results) {
                resultWriter.write(out, result);
                out.writeRaw('\n');
            }
        } catch (IOException e) { // not expected of these records; the lines one by one then, each failing alone
            return encodeEach(results);
        }
        return Buffer.buffer(bytes);
    }

    private Buffer encodeEach(List<BulkResult> results) {
        Buffer body = Buffer.buffer(results.size() * 256);
        for (BulkResult result : results) {
            try {
                body.appendBytes(json.writeValueAsBytes(result));
            } catch (JsonProcessingException e) {
                body.appendString("{\"line\":" + result.line() + ",\"status\":500}");
            }
            body.appendByte((byte) '\n');
        }
        return body;
    }

    /** A chunk whose creation failed as a whole: every line gets that failure. */
    private Buffer encodeFailure(List<BulkLine> lines, Throwable failure, Chunk chunk) {
        ProblemResponse problem = ErrorMapping.map(failure, request.path());
        List<BulkResult> results = new ArrayList<>(lines.size());
        for (BulkLine line : lines) {
            results.add(new BulkResult(line.number(), problem.status(), line.ref(), null, problem.problem()));
        }
        return encode(results, chunk);
    }

    private static boolean blank(byte[] bytes, int length) {
        for (int i = 0; i < length; i++) {
            byte b = bytes[i];
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    /** A chunk sent to the stores; its encoded results once answered. */
    private static final class Chunk {
        final int lines;
        int links;
        Buffer body;

        Chunk(int lines) {
            this.lines = lines;
        }
    }
}

package dev.shortcode.api.http;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.ScheduledFuture;
import java.lang.System.Logger.Level;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The header and body deadlines of one HTTP/1.x connection, once it has had its first request
 * (before that, see {@link ConnectionDeadlineInstaller}). Sits in the Netty pipeline between the
 * HTTP decoder and Vert.x, so it sees each request's head and its body's end as they are decoded,
 * and each response's end as it is written.
 *
 * <p>Design note. At any moment the connection is in one of three phases, and only two have a
 * deadline: from a request's head to the end of its body (the body timeout); while requests are
 * being answered (none: a slow store answers 503 on its own, and cutting the connection then would
 * lose an answer the client waits for); from the last response to the next request's head (the
 * header timeout, which also bounds an idle kept-alive connection). Pipelined requests are counted,
 * so the header deadline starts only when every request read has been answered. The deadline is
 * a field; one timer per connection checks it, re-armed for the rest when it fires early, so a
 * request costs two field writes and a clock read, not a timer.
 */
final class ConnectionDeadlines extends ChannelDuplexHandler {

    static final String NAME = "shortcode-deadlines";
    private static final System.Logger LOG = System.getLogger(ConnectionDeadlines.class.getName());

    private final long headerNanos;
    private final long bodyNanos;
    /**
     * Whether the request in progress when this handler was added has its whole body, asked of
     * Vert.x; {@code null} once that request is answered or another one has begun.
     */
    private BooleanSupplier firstBodyEnded;

    /** Requests whose head was read and whose response has not been written to its end. */
    private int unanswered;
    private boolean bodyOpen;
    /** The open body is a stream its route reads and bounds itself (until its end arrives). */
    private boolean streamedBody;
    /** System.nanoTime() by which the phase must end; 0: none. */
    private long deadline;
    private String phase;
    private ScheduledFuture<?> timer;
    private long timerAt;
    private ChannelHandlerContext ctx;

    /**
     * @param firstBodyPending whether the request in progress when this is added may still be receiving its body
     * @param firstBodyEnded   asked at its deadline whether that body has in fact ended (it may have been
     *                         decoded before this handler was added, and so never pass it)
     */
    ConnectionDeadlines(long headerNanos, long bodyNanos, boolean firstBodyPending, BooleanSupplier firstBodyEnded) {
        this.headerNanos = headerNanos;
        this.bodyNanos = bodyNanos;
        this.firstBodyEnded = firstBodyEnded;
        this.unanswered = 1;
        this.bodyOpen = firstBodyPending;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        if (bodyOpen) {
            setDeadline(bodyNanos, "body");
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancelTimer();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        cancelTimer();
        super.channelInactive(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (msg instanceof HttpRequest) {
            firstBodyEnded = null;
            streamedBody = false;
            unanswered++;
            bodyOpen = true;
            setDeadline(bodyNanos, "body");
        }
        if (msg instanceof LastHttpContent && bodyOpen) {
            bodyOpen = false;
            streamedBody = false;
            if (unanswered == 0) {
                setDeadline(headerNanos, "header"); // answered before its end was read (an answer written at once)
            } else {
                deadline = 0; // being answered: no deadline
            }
        }
        super.channelRead(ctx, msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
        boolean interim = msg instanceof HttpResponse response && response.status().codeClass() == HttpStatusClass.INFORMATIONAL;
        if (msg instanceof LastHttpContent && !interim && unanswered > 0) {
            unanswered--;
            if (firstBodyEnded != null) {
                bodyOpen &= !firstBodyEnded.getAsBoolean();
                firstBodyEnded = null;
            }
            if (unanswered == 0 && !bodyOpen) {
                setDeadline(headerNanos, "header");
            } else if (unanswered == 0 && streamedBody) {
                deadline = 0; // answered before the stream's end arrived: the route closes such a connection itself
            }
        }
        super.write(ctx, msg, promise);
    }

    /**
     * The body of the request in progress is read by its route as a stream, for as long as the
     * client sends it: no body deadline for it (the route has its own idle limit). The header
     * deadline after its answer applies as usual.
     */
    void bodyStreamedByRoute() {
        if (bodyOpen && "body".equals(phase)) {
            deadline = 0;
        }
        firstBodyEnded = null;
        streamedBody = true;
    }

    private void setDeadline(long nanos, String phase) {
        long now = System.nanoTime();
        this.deadline = now + nanos;
        this.phase = phase;
        if (timer == null || timerAt - deadline > 0) {
            cancelTimer();
            schedule(now);
        }
    }

    private void schedule(long now) {
        timerAt = deadline;
        timer = ctx.executor().schedule(this::check, Math.max(0, deadline - now), TimeUnit.NANOSECONDS);
    }

    private void check() {
        timer = null;
        if (deadline == 0 || !ctx.channel().isActive()) {
            return;
        }
        long now = System.nanoTime();
        if (now - deadline < 0) {
            schedule(now); // the deadline moved on since the timer was set
            return;
        }
        if (firstBodyEnded != null && firstBodyEnded.getAsBoolean()) {
            // The first request's body ended before this handler was added: it is being answered.
            bodyOpen = false;
            firstBodyEnded = null;
            deadline = 0;
            return;
        }
        LOG.log(Level.DEBUG, "closing {0}: the request {1} did not arrive in time", ctx.channel().remoteAddress(), phase);
        ctx.close();
    }

    private void cancelTimer() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }
}

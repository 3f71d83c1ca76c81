package dev.shortcode.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.buffer.Unpooled;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The deadline handler in Netty's real pipeline (an embedded channel), fed decoded requests and
 * responses as the HTTP codec would. Real time with short deadlines: the assertions that a
 * connection stays open wait well past every deadline, so a slow machine cannot make them pass
 * wrongly, and those that it closes wait well past the one that applies.
 */
class ConnectionDeadlinesUnitTests {

    private static final Duration HEADER = Duration.ofMillis(300);
    private static final Duration BODY = Duration.ofMillis(600);
    private static final long PAST_EVERY_DEADLINE = 1_000;

    @Test
    void processing_longerThanEveryDeadline_keepsTheConnection() throws Exception {
        EmbeddedChannel channel = channel(false, () -> true);
        sleepAndRunTimers(channel, PAST_EVERY_DEADLINE); // the first request is being answered: no deadline

        assertThat(channel.isOpen()).isTrue();
        respond(channel);
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void afterTheLastResponse_theNextHeadMustArriveWithinTheHeaderTimeout() throws Exception {
        EmbeddedChannel channel = channel(false, () -> true);
        respond(channel);
        sleepAndRunTimers(channel, HEADER.toMillis() + 400);

        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void aHeadInTime_liftsTheHeaderDeadline_andItsBodyMustEndWithinTheBodyTimeout() throws Exception {
        EmbeddedChannel channel = channel(false, () -> true);
        respond(channel);
        channel.writeInbound(request());
        channel.writeInbound(new DefaultHttpContent(Unpooled.wrappedBuffer(new byte[] {'{'})));
        sleepAndRunTimers(channel, HEADER.toMillis() + 100); // past the header deadline, within the body's
        assertThat(channel.isOpen()).isTrue();

        sleepAndRunTimers(channel, BODY.toMillis() + 400);
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void aBodyThatEnds_isAnsweredWithoutDeadline() throws Exception {
        EmbeddedChannel channel = channel(false, () -> true);
        respond(channel);
        channel.writeInbound(request());
        channel.writeInbound(LastHttpContent.EMPTY_LAST_CONTENT);
        sleepAndRunTimers(channel, PAST_EVERY_DEADLINE);

        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void pipelinedRequests_theHeaderDeadlineStartsOnlyWhenAllAreAnswered() throws Exception {
        EmbeddedChannel channel = channel(false, () -> true);
        channel.writeInbound(request(), LastHttpContent.EMPTY_LAST_CONTENT); // a second request behind the first
        respond(channel);
        sleepAndRunTimers(channel, PAST_EVERY_DEADLINE);
        assertThat(channel.isOpen()).as("the second request is still being answered").isTrue();

        respond(channel);
        sleepAndRunTimers(channel, HEADER.toMillis() + 400);
        assertThat(channel.isOpen()).isFalse();
    }

    /** A GET answered at once, inside the route, before the codec passed its (empty) end: the header deadline still starts. */
    @Test
    void answeredBeforeItsEndWasRead_theNextHeadMustStillArriveWithinTheHeaderTimeout() throws Exception {
        EmbeddedChannel channel = channel(true, () -> false);
        respond(channel);
        channel.writeInbound(LastHttpContent.EMPTY_LAST_CONTENT);
        sleepAndRunTimers(channel, HEADER.toMillis() + 400);

        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void interimResponses_doNotEndARequest() throws Exception {
        EmbeddedChannel channel = channel(false, () -> true);
        channel.writeOutbound(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
        sleepAndRunTimers(channel, PAST_EVERY_DEADLINE);

        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void firstRequestStillReceivingItsBody_mustEndItWithinTheBodyTimeout() throws Exception {
        EmbeddedChannel channel = channel(true, () -> false);
        sleepAndRunTimers(channel, BODY.toMillis() + 400);

        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void firstRequestsBodyEndedBeforeTheHandlerSawIt_isNotCut() throws Exception {
        AtomicBoolean ended = new AtomicBoolean(true); // Vert.x had the whole body queued already
        EmbeddedChannel channel = channel(true, ended::get);
        sleepAndRunTimers(channel, PAST_EVERY_DEADLINE);
        assertThat(channel.isOpen()).isTrue();

        respond(channel);
        sleepAndRunTimers(channel, HEADER.toMillis() + 400);
        assertThat(channel.isOpen()).as("the header deadline follows its answer").isFalse();
    }

    private static EmbeddedChannel channel(boolean firstBodyPending, java.util.function.BooleanSupplier firstBodyEnded) {
        return new EmbeddedChannel(new ConnectionDeadlines(HEADER.toNanos(), BODY.toNanos(), firstBodyPending, firstBodyEnded));
    }

    private static DefaultHttpRequest request() {
        return new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/api/v1/links");
    }

    private static void respond(EmbeddedChannel channel) {
        channel.writeOutbound(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
        channel.releaseOutbound();
    }

    private static void sleepAndRunTimers(EmbeddedChannel channel, long millis) throws InterruptedException {
        Thread.sleep(millis);
        channel.runPendingTasks();
        channel.runScheduledPendingTasks();
        channel.runPendingTasks();
    }
}

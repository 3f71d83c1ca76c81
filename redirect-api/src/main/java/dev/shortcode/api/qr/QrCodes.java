package dev.shortcode.api.qr;

import dev.shortcode.api.error.Echo;
import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.shortcode.api.error.NotFoundException;
import dev.shortcode.api.error.OverloadedException;
import dev.shortcode.api.link.LinkReader;
import dev.shortcode.api.link.LinkViews;
import dev.shortcode.core.store.LinkRecord;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * QR codes of live links: looked up like a redirect, drawn off the event loop, kept while they
 * are asked for.
 *
 * <h2>Design</h2>
 * <ul>
 *   <li><b>Content</b>: the link's short URL with {@value #SCAN_MARKER}, which the redirect
 *       ignores and click statistics count as a scan. It does not depend on where the link goes,
 *       so a change of url redraws nothing a client holds (but does change the ETag, below).
 *   <li><b>Lookup</b>: {@link LinkReader#target}, an access like a redirect (a code printed on a
 *       poster is the link being used): unknown, deleted or expired codes are a 404.
 *   <li><b>ETag</b>: a digest of the code, the link's creation time and version, and the drawing
 *       ({@link QrSpec}). Drawing is deterministic, so one ETag is one byte sequence (strong); a
 *       matching {@code If-None-Match} is answered before anything is drawn. A recycled code's new
 *       link has another creation time and so another ETag.
 *   <li><b>Drawing</b> on {@link #THREADS} threads of this class (half the CPUs, one or two) with
 *       a queue of {@value #QUEUE} ({@link QrRenderer}: one to twenty milliseconds up to 512 px, a
 *       few hundred for a 2048 px PNG, whose pixels ZXing's writer sets one by one); a request that finds the
 *       queue full fails with {@link OverloadedException} (503, Retry-After) instead of queueing
 *       without bound. No event loop ever draws.
 *   <li><b>Cache</b>: one Caffeine {@link AsyncCache} by that same key, bounded by the bytes it
 *       holds ({@value #CACHE_BYTES} bytes; a 512 px PNG is 2-4 KB, a 2048 px one 20-40 KB).
 *       Concurrent requests for one image share one drawing; a failed drawing is not kept.
 * </ul>
 */
public final class QrCodes implements AutoCloseable {

    /** Appended to the short URL in the code: marks a visit as a scan. */
    public static final String SCAN_MARKER = "?qr=1";
    /** Half the CPUs, at least one, at most two: drawing a large PNG takes tens of milliseconds, and must not starve the event loops. */
    static final int THREADS = Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors() / 2));
    static final int QUEUE = 64;
    static final long CACHE_BYTES = 16L * 1024 * 1024;
    /** Bumped when the drawing of the same spec changes, so old ETags stop matching. */
    private static final String RENDERING = "r1";

    private record Key(String code, long createdAtMillis, long version, QrSpec spec) {
        String etag() {
            String text = RENDERING + "\n" + code + "\n" + createdAtMillis + "\n" + version + "\n" + spec.canonical();
            try {
                byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
                return "\"" + Base64.getUrlEncoder().withoutPadding().encodeToString(digest).substring(0, 27) + "\"";
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is part of every JDK", e);
            }
        }
    }

    private final LinkReader reader;
    private final LinkViews views;
    private final ThreadPoolExecutor drawers;
    private final AsyncCache<Key, byte[]> drawn;

    public QrCodes(LinkReader reader, LinkViews views) {
        this.reader = reader;
        this.views = views;
        AtomicInteger threads = new AtomicInteger();
        this.drawers = new ThreadPoolExecutor(THREADS, THREADS, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(QUEUE), task -> {
            Thread t = new Thread(task, "qr-render-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        }, new ThreadPoolExecutor.AbortPolicy());
        this.drawn = Caffeine.newBuilder()
                .maximumWeight(CACHE_BYTES)
                .weigher((Key key, byte[] bytes) -> bytes.length + 128)
                .executor(Runnable::run) // maintenance on the caller: no thread this class cannot close
                .buildAsync();
    }

    /**
     * The QR code of {@code code}'s short URL drawn as {@code spec} says; a {@link NotFoundException}
     * for no live link. Completes where the store or the drawing thread does: callers resume on
     * their own context.
     *
     * @param ifNoneMatch the request's If-None-Match, or null
     */
    public CompletionStage<QrImage> image(String code, QrSpec spec, String ifNoneMatch) {
        return reader.target(code).thenCompose(found -> {
            LinkRecord link = found.orElseThrow(() -> new NotFoundException("no live link has the code '" + Echo.of(code) + "'"));
            Key key = new Key(link.code(), link.createdAtMillis(), link.version(), spec);
            String etag = key.etag();
            if (matches(ifNoneMatch, etag)) {
                return CompletableFuture.completedFuture(new QrImage(etag, spec.format().mediaType(), null));
            }
            String content = views.shortUrl(link) + SCAN_MARKER;
            return drawn.get(key, (k, cacheExecutor) -> draw(content, spec))
                    .thenApply(bytes -> new QrImage(etag, spec.format().mediaType(), bytes));
        });
    }

    private CompletableFuture<byte[]> draw(String content, QrSpec spec) {
        try {
            return CompletableFuture.supplyAsync(() -> QrRenderer.render(content, spec), drawers);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new OverloadedException("drawing QR codes"));
        }
    }

    /** If-None-Match's weak comparison (RFC 9110 13.1.2): any listed tag, W/ or not, or *. */
    static boolean matches(String ifNoneMatch, String etag) {
        if (ifNoneMatch == null) {
            return false;
        }
        for (String tag : ifNoneMatch.split(",")) {
            String t = tag.trim();
            if (t.startsWith("W/")) {
                t = t.substring(2);
            }
            if (t.equals("*") || t.equals(etag)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() {
        drawers.shutdownNow();
    }
}

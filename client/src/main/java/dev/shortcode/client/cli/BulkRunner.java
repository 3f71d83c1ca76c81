package dev.shortcode.client.cli;

import dev.shortcode.client.BulkResult;
import dev.shortcode.client.BulkStreamBrokenException;
import dev.shortcode.client.LinkRequest;
import dev.shortcode.client.ShortcodeClient;
import dev.shortcode.client.source.Iterators;
import dev.shortcode.client.source.LinkSource;
import dev.shortcode.client.source.LookaheadIterator;
import dev.shortcode.client.source.Refs;
import dev.shortcode.client.source.SourceLine;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Sends a file's lines as one bulk stream and writes one result per line, in the file's order.
 * Each line carries a ref (its own, or the file's prefix and its line number), so a broken stream
 * is reopened with the lines not answered yet, and a run started again later gets the same links.
 * Lines the file itself gets wrong are never sent: they are results of their own (status 0).
 */
final class BulkRunner {

    /** What a run did. */
    record Outcome(long lines, long links, long problems, double seconds) {
        boolean allLinked() {
            return problems == 0;
        }
    }

    private final ShortcodeClient client;
    private final String refPrefix;
    private final int retries;
    private final PrintWriter err;
    private final Progress progress;
    private final ResultWriter results;

    /** Local problems read by the sender, waiting for their turn in the output. */
    private final ConcurrentLinkedQueue<SourceLine> notSent = new ConcurrentLinkedQueue<>();
    private long lines;
    private long links;

    BulkRunner(ShortcodeClient client, String refPrefix, int retries, PrintWriter err, Progress progress, ResultWriter results) {
        this.client = client;
        this.refPrefix = refPrefix;
        this.retries = retries;
        this.err = err;
        this.progress = progress;
        this.results = results;
    }

    /** How many lines a file has for its format: a first pass, for the progress' total and ETA. */
    static long count(Path file, LinkSource source) throws IOException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            Iterator<SourceLine> lines = source.read(in);
            long n = 0;
            while (lines.hasNext()) {
                lines.next();
                n++;
            }
            return n;
        }
    }

    Outcome run(Path file, LinkSource source) throws IOException, InterruptedException {
        long started = System.nanoTime();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            Iterator<SourceLine> sendable = sendableLines(source.read(in));
            Iterator<SourceLine> next = sendable;
            int attempt = 0;
            while (next.hasNext()) { // no stream for a file without a line to send
                try {
                    client.bulk(next, this::request, this::answered);
                    break;
                } catch (BulkStreamBrokenException e) {
                    if (attempt >= retries) {
                        throw e;
                    }
                    attempt++;
                    List<SourceLine> unanswered = e.unanswered();
                    err.printf(Locale.ROOT, "%s; sending the %,d unanswered lines and the rest again (retry %d of %d)%n",
                            e.getMessage(), unanswered.size(), attempt, retries);
                    err.flush();
                    Thread.sleep(1000L * attempt);
                    next = Iterators.concat(unanswered.iterator(), sendable);
                }
            }
            flushNotSent(Long.MAX_VALUE);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        long problems = lines - links;
        progress.finish(lines, problems);
        return new Outcome(lines, links, problems, (System.nanoTime() - started) / 1e9);
    }

    private LinkRequest request(SourceLine line) {
        LinkRequest request = line.request();
        return request.ref() != null ? request : request.withRef(Refs.ref(refPrefix, line.line()));
    }

    /** On the calling thread, in order: the lines not sent that came before this one, then its result. */
    private void answered(SourceLine line, BulkResult result) {
        flushNotSent(line.line());
        try {
            results.write(line.line(), result.status(), result.ref(), result.link(), result.problem());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        lines++;
        if (result.created()) {
            links++;
        }
        progress.update(lines, lines - links);
    }

    private void flushNotSent(long before) {
        SourceLine line;
        while ((line = notSent.peek()) != null && line.line() < before) {
            notSent.poll();
            try {
                results.write(line.line(), 0, null, null, line.problem());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            lines++;
            progress.update(lines, lines - links);
        }
    }

    /** The lines to send; those the file gets wrong go to {@link #notSent} as they are met. */
    private Iterator<SourceLine> sendableLines(Iterator<SourceLine> all) {
        return new LookaheadIterator<>() {
            @Override
            protected SourceLine computeNext() {
                while (all.hasNext()) {
                    SourceLine line = all.next();
                    if (line.sendable()) {
                        return line;
                    }
                    notSent.add(line);
                }
                return null;
            }
        };
    }
}

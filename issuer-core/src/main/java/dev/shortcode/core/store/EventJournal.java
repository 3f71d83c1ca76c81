package dev.shortcode.core.store;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The events webhooks are sent, in the order they happened, each numbered by a sequence that only
 * grows. Link changes are recorded by the hot store with the change itself (the same write batch,
 * or beside the outbox entry), so an acknowledged change always has its event; what
 * {@link #filter} says nobody subscribes to is not recorded at all, so links without webhooks
 * cost nothing.
 */
public interface EventJournal {

    /** One recorded event and its place. */
    record Entry(long sequence, LinkEvent event) {}

    /** Which link events the hot store records from now on. */
    void filter(EventFilter filter);

    /**
     * {@link #filter} as of the webhooks' {@code version} ({@link #version}): where other nodes
     * record events too (Redis), one that sees a newer version than its filter's records every
     * link event until its filter catches up, so a webhook registered on another node misses
     * nothing in between.
     */
    default void filter(EventFilter filter, long version) {
        filter(filter);
    }

    /** The version of the registered webhooks, which {@link #webhooksChanged} raises; 0 where one node records. */
    default CompletionStage<Long> version() {
        return java.util.concurrent.CompletableFuture.completedFuture(0L);
    }

    /** Tells every node the webhooks changed (before they re-read them). */
    default CompletionStage<Void> webhooksChanged() {
        return java.util.concurrent.CompletableFuture.completedFuture(null);
    }

    /** Whether anyone wants an event of {@code type} about something of {@code ownerKeyId}. */
    @FunctionalInterface
    interface EventFilter {
        EventFilter NONE = (type, owner) -> false;

        boolean wants(WebhookEventType type, String ownerKeyId);
    }

    /** Whether the filter wants an event, so that callers need not build those nobody wants. */
    default boolean wants(WebhookEventType type, String ownerKeyId) {
        return true;
    }

    /** Records events that are not part of a link write (clicks, quotas, moderation); those the filter refuses are dropped. */
    CompletionStage<Void> append(List<LinkEvent> events);

    /** Up to {@code max} entries after {@code afterSequence}, oldest first. */
    CompletionStage<List<Entry>> read(long afterSequence, int max);

    /** Forgets every entry up to and including {@code sequence}: every webhook has been sent them. */
    CompletionStage<Void> trim(long sequence);

    /** Entries recorded and not trimmed, approximately (for the queue's gauge). */
    long backlog();

    /**
     * Takes or keeps the right to deliver to one webhook for {@code ttlMillis}: where several
     * nodes deliver (Redis), one holds each webhook at a time, so no message is sent twice by two
     * nodes for one attempt. A single node always holds it.
     */
    default CompletionStage<Boolean> claim(String webhookId, String holder, long ttlMillis) {
        return java.util.concurrent.CompletableFuture.completedFuture(true);
    }

    /** A journal that records nothing (a backend without webhooks). */
    EventJournal NONE = new EventJournal() {
        @Override
        public void filter(EventFilter filter) {}

        @Override
        public CompletionStage<Void> append(List<LinkEvent> events) {
            return java.util.concurrent.CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<List<Entry>> read(long afterSequence, int max) {
            return java.util.concurrent.CompletableFuture.completedFuture(List.of());
        }

        @Override
        public CompletionStage<Void> trim(long sequence) {
            return java.util.concurrent.CompletableFuture.completedFuture(null);
        }

        @Override
        public long backlog() {
            return 0;
        }
    };
}

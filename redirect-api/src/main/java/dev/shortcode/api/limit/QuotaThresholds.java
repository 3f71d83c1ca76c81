package dev.shortcode.api.limit;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.shortcode.core.store.EventJournal;
import dev.shortcode.core.store.LinkEvent;
import dev.shortcode.core.store.RateDecision;
import dev.shortcode.core.store.WebhookEventType;
import java.time.Clock;
import java.util.List;

/**
 * Webhooks' {@code key.quota_threshold}: the take that brings a key's daily links to 80 % or 100 %
 * of its quota records the event. Takes are atomic in the rate-limit store, so exactly one take
 * crosses each threshold per day, on whichever node it runs.
 */
final class QuotaThresholds {

    private static final int[] PERCENTS = {80, 100};

    private final EventJournal journal;
    private final Clock clock;

    QuotaThresholds(EventJournal journal, Clock clock) {
        this.journal = journal;
        this.clock = clock;
    }

    /** After {@code taken} links were granted from {@code quota} with {@code decision}. */
    void taken(String keyId, long quota, long taken, RateDecision decision) {
        if (!decision.allowed() || taken <= 0 || quota <= 0 || !journal.wants(WebhookEventType.KEY_QUOTA_THRESHOLD, keyId)) {
            return;
        }
        long used = quota - decision.remaining();
        long before = used - taken;
        for (int percent : PERCENTS) {
            long at = (quota * percent + 99) / 100;
            if (before < at && used >= at) {
                String data = JsonNodeFactory.instance.objectNode().put("keyId", keyId).put("percent", percent).put("quota", quota)
                        .put("used", used).put("resetsInSeconds", decision.resetSeconds()).toString();
                journal.append(List.of(new LinkEvent(WebhookEventType.KEY_QUOTA_THRESHOLD, clock.millis(), keyId, keyId, data)));
            }
        }
    }
}

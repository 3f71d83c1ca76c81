package dev.shortcode.api.stats;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shortcode.core.store.ClickDelta;
import dev.shortcode.core.store.ClickFields;
import dev.shortcode.core.store.EventJournal;
import dev.shortcode.core.store.LinkEvent;
import dev.shortcode.core.store.WebhookEventType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code link.clicked} events of one stored flush: one per link and day it holds, with the
 * counts the flush added (clicks, of them bots, QR scans), never one per click. A link's owner
 * comes from its owner's delta of the same day, which has a field per link clicked.
 */
final class ClickEvents {

    private ClickEvents() {}

    static List<LinkEvent> of(List<ClickDelta> deltas, long atMillis, EventJournal journal) {
        Map<String, String> owners = new HashMap<>();
        for (ClickDelta delta : deltas) {
            if (ClickDelta.isOwnerSubject(delta.subject()) && !delta.subject().equals(ClickDelta.ALL_SUBJECT)) {
                String owner = delta.subject().substring(1);
                delta.counts().keySet().stream().filter(f -> f.startsWith(ClickFields.LINK))
                        .forEach(f -> owners.put(f.substring(ClickFields.LINK.length()), owner));
            }
        }
        List<LinkEvent> events = new ArrayList<>();
        for (ClickDelta delta : deltas) {
            String owner = owners.get(delta.subject());
            if (ClickDelta.isOwnerSubject(delta.subject()) || owner == null || !journal.wants(WebhookEventType.LINK_CLICKED, owner)) {
                continue; // an owner's sum, a link deleted meanwhile, or nobody listening
            }
            long clicks = delta.counts().getOrDefault(ClickFields.TOTAL, 0L);
            long bots = delta.counts().getOrDefault(ClickFields.BOTS, 0L);
            ObjectNode data = JsonNodeFactory.instance.objectNode().put("code", delta.subject()).put("day", delta.day().toString())
                    .put("clicks", clicks).put("humans", clicks - bots).put("bots", bots)
                    .put("qrScans", delta.counts().getOrDefault(ClickFields.QR, 0L));
            events.add(new LinkEvent(WebhookEventType.LINK_CLICKED, atMillis, owner, delta.subject(), data.toString()));
        }
        return events;
    }
}

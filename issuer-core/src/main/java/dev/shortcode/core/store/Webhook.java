package dev.shortcode.core.store;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A registered webhook endpoint as stored.
 *
 * @param id               public identifier ({@code wh_…})
 * @param ownerKeyId       the API key that registered it: it receives that key's links' events,
 *                         or every link's when {@code admin}
 * @param admin            whether the owner was an admin key when it registered the webhook
 * @param url              where messages are POSTed (passed the internal-address policy)
 * @param events           what it subscribes to
 * @param batch            whether events are sent as batches of up to 1,000 instead of one per message
 * @param secret           the signing secret, {@code whsec_} + base64 of its 32 bytes
 * @param createdAtMillis  registration time; events recorded before it are not sent to it
 * @param disabledReason   why delivery stopped (an endpoint failing for days, or its owner); empty while enabled
 * @param failingSinceMillis when its current run of failed deliveries began; 0 while deliveries succeed
 */
public record Webhook(String id, String ownerKeyId, boolean admin, String url, Set<WebhookEventType> events, boolean batch, String secret,
        long createdAtMillis, String disabledReason, long failingSinceMillis) {

    public Webhook {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(ownerKeyId, "ownerKeyId");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(secret, "secret");
        events = events.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(events));
        disabledReason = Moderation.clean(disabledReason);
    }

    public boolean enabled() {
        return disabledReason.isEmpty();
    }

    /** Whether this webhook receives an event of {@code type} about something {@code ownerKeyId} owns. */
    public boolean wants(WebhookEventType type, String eventOwner) {
        return enabled() && events.contains(type) && (admin || ownerKeyId.equals(eventOwner));
    }

    public Webhook disabled(String reason) {
        return new Webhook(id, ownerKeyId, admin, url, events, batch, secret, createdAtMillis, reason, failingSinceMillis);
    }

    public Webhook enabledAgain() {
        return new Webhook(id, ownerKeyId, admin, url, events, batch, secret, createdAtMillis, "", 0);
    }

    public Webhook failingSince(long millis) {
        return new Webhook(id, ownerKeyId, admin, url, events, batch, secret, createdAtMillis, disabledReason, millis);
    }

    public Webhook changed(String newUrl, Set<WebhookEventType> newEvents, boolean newBatch) {
        return new Webhook(id, ownerKeyId, admin, newUrl, newEvents, newBatch, secret, createdAtMillis, disabledReason, failingSinceMillis);
    }

    public String encode() {
        String labels = events.stream().map(WebhookEventType::label).sorted().collect(Collectors.joining(","));
        return Moderation.join(id, ownerKeyId, admin ? "1" : "0", url, labels, batch ? "1" : "0", secret,
                Long.toString(createdAtMillis), disabledReason, Long.toString(failingSinceMillis));
    }

    public static Webhook decode(String stored) {
        String[] f = Moderation.split(stored, 10);
        Set<WebhookEventType> events = f[4].isEmpty() ? Set.of()
                : Arrays.stream(f[4].split(",")).map(WebhookEventType::ofLabel).collect(Collectors.toSet());
        return new Webhook(f[0], f[1], f[2].equals("1"), f[3], events, f[5].equals("1"), f[6], Long.parseLong(f[7]), f[8],
                Long.parseLong(f[9]));
    }
}

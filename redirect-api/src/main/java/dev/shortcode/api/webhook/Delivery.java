package dev.shortcode.api.webhook;

import java.time.Instant;

/**
 * One message to one webhook, as {@code GET /api/v1/webhooks/{id}/deliveries} shows it.
 *
 * @param id            the delivery's id, for {@code POST …/deliveries/{did}/retry}
 * @param messageId     the {@code webhook-id} it is sent with (the same on every attempt)
 * @param events        how many events it carries
 * @param status        {@code pending}, {@code retrying}, {@code succeeded} or {@code failed} (given up)
 * @param attempts      attempts made
 * @param lastAnswer    the last attempt's HTTP status and reason, or why it could not be sent
 * @param createdAt     when it was first attempted
 * @param lastAttemptAt when it was last attempted
 * @param nextAttemptAt when it is tried again, while retrying
 */
public record Delivery(String id, String messageId, int events, String status, int attempts, String lastAnswer, Instant createdAt,
        Instant lastAttemptAt, Instant nextAttemptAt) {}

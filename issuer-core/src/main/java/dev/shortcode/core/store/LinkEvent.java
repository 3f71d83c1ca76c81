package dev.shortcode.core.store;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Something a webhook may be told, as the {@link EventJournal} records it.
 *
 * @param type       what happened
 * @param atMillis   when
 * @param ownerKeyId the API key whose link or quota it is about (a webhook of that key, or of an
 *                   admin, receives it)
 * @param subject    the link's code, or the key's id
 * @param payload    for link events the link as {@link LinkRecordCodec} stores it (after the
 *                   change; before it for a delete); for the others the event's {@code data} as JSON
 */
public record LinkEvent(WebhookEventType type, long atMillis, String ownerKeyId, String subject, String payload) {

    private static final byte FORMAT = 1;

    public LinkEvent {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(ownerKeyId, "ownerKeyId");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(payload, "payload");
    }

    /** An event about a link change, carrying the link. */
    public static LinkEvent of(WebhookEventType type, long atMillis, LinkRecord link) {
        return new LinkEvent(type, atMillis, link.ownerKeyId(), link.code(), LinkRecordCodec.encode(link));
    }

    /** The link a link event carries. */
    public LinkRecord link() {
        return LinkRecordCodec.decode(subject, payload);
    }

    public byte[] encode() {
        byte[] data = payload.getBytes(StandardCharsets.UTF_8);
        return encode(type, atMillis, ownerKeyId, subject, data, 0, data.length);
    }

    /**
     * What {@link #encode} makes of an event whose payload is {@code length} bytes of
     * {@code payload} from {@code offset}: a link record a store has encoded already, so a create
     * that a webhook wants encodes its link once.
     */
    public static byte[] encode(WebhookEventType type, long atMillis, String ownerKeyId, String subject, byte[] payload, int offset,
            int length) {
        byte[] owner = ownerKeyId.getBytes(StandardCharsets.UTF_8);
        byte[] subj = subject.getBytes(StandardCharsets.UTF_8);
        ByteBuffer out = ByteBuffer.allocate(1 + 1 + 8 + 3 * 4 + owner.length + subj.length + length);
        out.put(FORMAT).put((byte) type.ordinal()).putLong(atMillis);
        out.putInt(owner.length).put(owner).putInt(subj.length).put(subj).putInt(length).put(payload, offset, length);
        return out.array();
    }

    public static LinkEvent decode(byte[] stored) {
        ByteBuffer in = ByteBuffer.wrap(stored);
        byte format = in.get();
        if (format != FORMAT) {
            throw new IllegalArgumentException("unknown event format " + format);
        }
        WebhookEventType type = WebhookEventType.values()[in.get()];
        long at = in.getLong();
        return new LinkEvent(type, at, text(in), text(in), text(in));
    }

    private static String text(ByteBuffer in) {
        byte[] b = new byte[in.getInt()];
        in.get(b);
        return new String(b, StandardCharsets.UTF_8);
    }
}

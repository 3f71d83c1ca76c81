package dev.shortcode.core.store;

/** What a webhook can subscribe to, by the name its messages carry in {@code type}. */
public enum WebhookEventType {
    LINK_CREATED("link.created"),
    LINK_UPDATED("link.updated"),
    LINK_DELETED("link.deleted"),
    LINK_DISABLED("link.disabled"),
    LINK_ENABLED("link.enabled"),
    /** Per link and click flush: counts of humans, bots and QR scans, never one message per click. */
    LINK_CLICKED("link.clicked"),
    /** A key reached 80 % or 100 % of its daily quota of links. */
    KEY_QUOTA_THRESHOLD("key.quota_threshold");

    private final String label;

    WebhookEventType(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** @throws IllegalArgumentException for a name that is not one of the labels */
    public static WebhookEventType ofLabel(String label) {
        for (WebhookEventType t : values()) {
            if (t.label.equals(label)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown event '" + label + "'");
    }
}

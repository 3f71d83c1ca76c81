package dev.shortcode.api.link;

/** What the link service reports for metrics. */
public interface LinkEvents {

    LinkEvents NONE = new LinkEvents() {};

    default void created(String pool) {}

    /** An issued code was held by a live link (after a wrap) or an alias, and was skipped. */
    default void codeSkipped(String pool) {}
}

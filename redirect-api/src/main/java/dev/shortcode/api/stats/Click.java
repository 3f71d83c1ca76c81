package dev.shortcode.api.stats;

/**
 * One redirect as the event loop hands it over: references to what the request already holds,
 * nothing parsed or looked up yet (that is the flusher's work).
 *
 * @param code      the link's code
 * @param owner     the id of the API key that owns the link
 * @param atMillis  when it was answered, epoch milliseconds
 * @param userAgent the User-Agent header, null when absent
 * @param ip        the client's address as text (never stored: it only feeds the visitor hash and the country)
 * @param referer   the Referer header, null when absent
 * @param query     the request's query string, null when absent
 * @param head      a HEAD request
 * @param variant   the index of the split variant it was sent to, {@link ClickRecorder#NO_VARIANT} when the link has no split or a rule chose
 * @param domain    the branded domain that serves the link, null for the default domain
 */
record Click(String code, String owner, long atMillis, String userAgent, String ip, String referer, String query, boolean head,
        int variant, String domain) {

    /** A click on a link of the default domain. */
    Click(String code, String owner, long atMillis, String userAgent, String ip, String referer, String query, boolean head,
            int variant) {
        this(code, owner, atMillis, userAgent, ip, referer, query, head, variant, null);
    }

    /** A click on a link without a split. */
    Click(String code, String owner, long atMillis, String userAgent, String ip, String referer, String query, boolean head) {
        this(code, owner, atMillis, userAgent, ip, referer, query, head, ClickRecorder.NO_VARIANT);
    }
}

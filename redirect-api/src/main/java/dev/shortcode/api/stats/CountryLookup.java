package dev.shortcode.api.stats;

import java.util.Optional;

/** An IP address's country, as an ISO 3166-1 alpha-2 code; called on the flusher's thread only, never on an event loop. */
interface CountryLookup extends AutoCloseable {

    /** No database configured: no country, no error. */
    CountryLookup NONE = ip -> Optional.empty();

    Optional<String> country(String ip);

    @Override
    default void close() {}
}

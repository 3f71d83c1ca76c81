package dev.shortcode.api.stats;

import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;
import java.time.Clock;
import java.util.Optional;

/**
 * What the redirect may learn about a visitor to route a link: the client address (as click
 * statistics take it, see {@link ClickRecorder}), its country (when a country database is
 * configured) and a sticky hash that keeps a visitor on one variant of a split.
 *
 * <p>The sticky hash is the unique-visitor hash ({@link VisitorHash}: client address, User-Agent
 * and code under the day's shared salt), so every node puts a visitor on the same variant, and the
 * variant a visitor saw cannot be traced back to them. Until a node has fetched the day's salt (its
 * first seconds, or while the store does not answer) it hashes under an all-zero key, which is
 * sticky too, only not secret. Only links with a split or rules get here: the rest never pay for it.
 */
public final class VisitorFacts {

    private static final byte[] NO_SALT = new byte[16];

    private final boolean forwardedTrusted;
    private final CountryLookup countries;
    private final DailySalts salts;
    private final Clock clock;

    VisitorFacts(boolean forwardedTrusted, CountryLookup countries, DailySalts salts, Clock clock) {
        this.forwardedTrusted = forwardedTrusted;
        this.countries = countries;
        this.salts = salts;
        this.clock = clock;
    }

    /** The client's address as text, null when unknown. */
    public String clientAddress(HttpServerRequest request) {
        return clientAddress(request, forwardedTrusted);
    }

    /**
     * Without trust in forwarding headers the connection's peer: Vert.x Web works out a request's
     * whole forwarded view the first time any part of it is asked for, which costs far more than
     * the connection's address, known once for all its requests.
     */
    static String clientAddress(HttpServerRequest request, boolean forwardedTrusted) {
        HttpConnection connection = request.connection();
        SocketAddress remote = forwardedTrusted || connection == null ? request.remoteAddress() : connection.remoteAddress();
        return remote == null ? null : remote.host();
    }

    /**
     * The country of an address, when a database is configured: a lookup in the memory-mapped file
     * behind a cache, microseconds, taken on the event loop for links with a rule by country only.
     */
    public Optional<String> country(String ip) {
        return countries.country(ip);
    }

    /** A visitor's hash for {@code code} today: the same on every node all day, another tomorrow. */
    public long stickyHash(String code, String ip, String userAgent) {
        long today = Math.floorDiv(clock.millis(), 86_400_000L);
        byte[] salt;
        synchronized (salts) { // shared by every event loop; held for a map lookup
            salt = salts.get(today, today);
        }
        return VisitorHash.hash(salt == null ? NO_SALT : salt, ip == null ? "" : ip, userAgent, code);
    }
}

package dev.shortcode.api.domain;

import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.core.store.Domain;
import dev.shortcode.core.store.DomainStore;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The branded domains as this node sees them: a snapshot of the store by host, re-read every few
 * seconds and at once after a change made here, so that routes pick a request's domain from its
 * {@code Host} with one map lookup and no I/O.
 */
public final class DomainRegistry implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(DomainRegistry.class.getName());

    private final DomainStore store;
    /** The base URL's host: the default domain. */
    private final String defaultHost;
    private final ScheduledExecutorService refresher;
    private volatile Map<String, Domain> byHost = Map.of();

    public DomainRegistry(DomainStore store, String defaultHost, Duration refresh) {
        this.store = store;
        this.defaultHost = defaultHost;
        changed().toCompletableFuture().join(); // in place before the first request
        this.refresher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "shortcode-domains");
            t.setDaemon(true);
            return t;
        });
        refresher.scheduleWithFixedDelay(this::refresh, refresh.toMillis(), refresh.toMillis(), TimeUnit.MILLISECONDS);
    }

    public DomainStore store() {
        return store;
    }

    /** Every registered domain, oldest first. */
    public List<Domain> domains() {
        return byHost.values().stream().sorted(java.util.Comparator.comparingLong(Domain::createdAtMillis)).toList();
    }

    /** The registered domain a request's {@code Host} header names; empty for the default domain and any unregistered host. */
    public Optional<Domain> of(String hostHeader) {
        Map<String, Domain> snapshot = byHost;
        if (snapshot.isEmpty() || hostHeader == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(snapshot.get(hostOf(hostHeader)));
    }

    /** The registered domain a request was sent to (its {@code Host}, or {@code :authority} in HTTP/2). */
    public Optional<Domain> of(io.vertx.core.http.HttpServerRequest request) {
        if (byHost.isEmpty()) {
            return Optional.empty(); // most installs: no header read at all
        }
        io.vertx.core.net.HostAndPort authority = request.authority();
        return authority == null ? Optional.empty() : of(authority.host());
    }

    /**
     * The domain a link asks to be served on: null for none or the default domain, else a
     * registered domain's host.
     *
     * @throws InvalidRequestException when the host is not registered
     */
    public String served(String requested) {
        if (requested == null || requested.isEmpty()) {
            return null;
        }
        String host = hostOf(requested);
        if (host.equals(defaultHost)) {
            return null;
        }
        if (!byHost.containsKey(host)) {
            throw new InvalidRequestException("invalid-domain", "domain '" + Echo.of(requested)
                    + "' is not one this service answers on; an admin adds it with POST /api/v1/domains");
        }
        return host;
    }

    /** The host of a {@code Host} header: lower case, without port or trailing dot. */
    static String hostOf(String header) {
        String host = header;
        if (host.startsWith("[")) { // an IPv6 literal: never a registered domain, compared as written
            int end = host.indexOf(']');
            host = end > 0 ? host.substring(0, end + 1) : host;
        } else {
            int colon = host.lastIndexOf(':');
            if (colon >= 0) {
                host = host.substring(0, colon);
            }
        }
        if (host.endsWith(".")) {
            host = host.substring(0, host.length() - 1);
        }
        return host.toLowerCase(Locale.ROOT);
    }

    /** Re-reads the store; completes once the new snapshot is in place. */
    public CompletionStage<Void> changed() {
        return store.domains().thenAccept(domains -> {
            Map<String, Domain> next = new HashMap<>();
            domains.forEach(d -> next.put(d.host(), d));
            byHost = Map.copyOf(next);
        });
    }

    private void refresh() {
        try {
            changed().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            LOG.log(Level.WARNING, "re-reading the domains failed; keeping the last snapshot: {0}", e.toString());
        }
    }

    @Override
    public void close() {
        refresher.shutdownNow();
    }
}

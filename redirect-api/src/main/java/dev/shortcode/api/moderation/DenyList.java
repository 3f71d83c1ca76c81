package dev.shortcode.api.moderation;

import dev.shortcode.api.url.InvalidUrlException;
import dev.shortcode.api.url.UrlHost;
import dev.shortcode.api.url.UrlKey;
import dev.shortcode.core.store.DenyRule;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The deny-list's rules as a matcher, immutable. Rules and URLs are compared in one form,
 * {@link UrlKey}'s, so that the spellings a browser treats as the same URL (a trailing dot, a
 * default port, dot segments, encoded unreserved characters, an IPv6 address carrying an IPv4 one)
 * fall under the same rules. A host rule matches its host and every subdomain: the URL's host key
 * and each of its parent domains are looked up in a hash map, a few probes per URL. Prefix rules
 * are few and compared one by one, each by its key, computed once here.
 */
final class DenyList {

    static final DenyList EMPTY = new DenyList(List.of());

    private record Prefix(String key, DenyRule rule) {}

    private final Map<String, DenyRule> hosts = new HashMap<>();
    private final List<Prefix> prefixes = new ArrayList<>();
    private final List<DenyRule> rules;

    DenyList(List<DenyRule> rules) {
        this.rules = List.copyOf(rules);
        for (DenyRule rule : rules) {
            if (rule.kind() == DenyRule.Kind.HOST) {
                hosts.putIfAbsent(hostKey(rule.value()), rule);
            } else {
                prefixes.add(new Prefix(prefixKey(rule.value()), rule));
            }
        }
    }

    List<DenyRule> rules() {
        return rules;
    }

    boolean isEmpty() {
        return rules.isEmpty();
    }

    /** The first rule that {@code url} (an absolute URL, as stored) falls under, if any. */
    Optional<DenyRule> match(String url) {
        if (rules.isEmpty()) {
            return Optional.empty();
        }
        if (!prefixes.isEmpty()) {
            String key = UrlKey.of(url);
            for (Prefix prefix : prefixes) {
                if (key.startsWith(prefix.key())) {
                    return Optional.of(prefix.rule());
                }
            }
        }
        if (hosts.isEmpty()) {
            return Optional.empty();
        }
        String host = UrlKey.hostOf(url);
        if (host != null && (host.startsWith("[") || !host.isEmpty() && Character.isDigit(host.charAt(host.length() - 1)))) {
            return Optional.ofNullable(hosts.get(host)); // an address has no parent domains
        }
        while (host != null && !host.isEmpty()) {
            DenyRule rule = hosts.get(host);
            if (rule != null) {
                return Optional.of(rule);
            }
            int dot = host.indexOf('.');
            host = dot < 0 ? null : host.substring(dot + 1);
        }
        return Optional.empty();
    }

    /**
     * A host rule's key. Values are stored canonical; one stored before (an address in another
     * spelling) is read again, and one that cannot be read is compared as written.
     */
    private static String hostKey(String value) {
        try {
            return UrlHost.parseBare(value).key();
        } catch (InvalidUrlException e) {
            return value;
        }
    }

    /**
     * A prefix rule's key. A prefix without a path ({@code https://files.example}) keeps matching
     * what it matched as plain text (every port and path of that host, and longer host names), so
     * its key gets no {@code /}.
     */
    static String prefixKey(String value) {
        String key = UrlKey.of(value);
        int authority = value.indexOf("://");
        boolean noPath = authority > 0 && value.indexOf('/', authority + 3) < 0 && value.indexOf('?', authority + 3) < 0
                && value.indexOf('#', authority + 3) < 0;
        return noPath && key.endsWith("/") ? key.substring(0, key.length() - 1) : key;
    }
}

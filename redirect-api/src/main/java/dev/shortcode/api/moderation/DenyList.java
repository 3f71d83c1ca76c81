package dev.shortcode.api.moderation;

import dev.shortcode.core.store.DenyRule;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The deny-list's rules as a matcher, immutable. A host rule matches its host and every
 * subdomain: the URL's host and each of its parent domains are looked up in a hash map, a few
 * probes per URL. Prefix rules are few and compared one by one. URLs are the stored, normalised
 * form (ASCII, lowercase punycode host, no userinfo), so a rule written in another spelling of the
 * same host is normalised once, when it is added.
 */
final class DenyList {

    static final DenyList EMPTY = new DenyList(List.of());

    private final Map<String, DenyRule> hosts = new HashMap<>();
    private final List<DenyRule> prefixes = new ArrayList<>();
    private final List<DenyRule> rules;

    DenyList(List<DenyRule> rules) {
        this.rules = List.copyOf(rules);
        for (DenyRule rule : rules) {
            if (rule.kind() == DenyRule.Kind.HOST) {
                hosts.putIfAbsent(rule.value(), rule);
            } else {
                prefixes.add(rule);
            }
        }
    }

    List<DenyRule> rules() {
        return rules;
    }

    boolean isEmpty() {
        return rules.isEmpty();
    }

    /** The first rule that {@code url} falls under, if any. */
    Optional<DenyRule> match(String url) {
        if (rules.isEmpty()) {
            return Optional.empty();
        }
        for (DenyRule prefix : prefixes) {
            if (url.startsWith(prefix.value())) {
                return Optional.of(prefix);
            }
        }
        if (hosts.isEmpty()) {
            return Optional.empty();
        }
        String host = hostOf(url);
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

    /** The host of a normalised absolute URL ({@code scheme://host[:port]/...}), lowercase, or null. */
    static String hostOf(String url) {
        int start = url.indexOf("://");
        if (start < 0) {
            return null;
        }
        start += 3;
        int end = start;
        if (end < url.length() && url.charAt(end) == '[') {
            int close = url.indexOf(']', end);
            return close < 0 ? null : url.substring(start, close + 1).toLowerCase(Locale.ROOT);
        }
        while (end < url.length() && "/:?#".indexOf(url.charAt(end)) < 0) {
            end++;
        }
        String host = url.substring(start, end).toLowerCase(Locale.ROOT);
        return host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
    }
}

package dev.shortcode.api.moderation;

import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.url.InvalidUrlException;
import dev.shortcode.api.url.UrlHost;
import dev.shortcode.api.url.WebUrl;
import dev.shortcode.core.store.DenyRule;

/**
 * A deny rule's value in the canonical form links are stored in ({@link dev.shortcode.api.url}),
 * so that a rule and a link name a host, or a URL, alike: a host as {@link UrlHost} gives it (a
 * domain name in UTS #46 punycode without its trailing dot, or an address in its canonical text,
 * however it was spelled); a prefix as {@link WebUrl} gives it. Refuses what could never match,
 * saying why.
 */
public final class RuleValues implements DenyListFile.ValueNormaliser {

    /** The longest value: a prefix is at most as long as the URLs it is compared with. */
    static final int MAX_LENGTH = 4096;

    @Override
    public String of(DenyRule.Kind kind, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidRequestException("invalid-rule", "value is required: a host, or a URL prefix");
        }
        String given = value.strip();
        if (given.length() > MAX_LENGTH) {
            throw new InvalidRequestException("invalid-rule", "value is " + given.length() + " characters long; at most " + MAX_LENGTH
                    + " are allowed");
        }
        try {
            return kind == DenyRule.Kind.HOST ? host(given) : prefix(given);
        } catch (InvalidUrlException e) {
            throw new InvalidRequestException("invalid-rule", "value '" + Echo.of(given) + "' " + e.getMessage());
        }
    }

    private static String host(String value) {
        if (value.indexOf('/') >= 0 || value.indexOf('@') >= 0) {
            throw new InvalidUrlException("is not a host name; a host rule names a host only (use a prefix rule for a URL)");
        }
        return UrlHost.parseBare(value).bare();
    }

    private static String prefix(String value) {
        return WebUrl.parse(value).text();
    }
}

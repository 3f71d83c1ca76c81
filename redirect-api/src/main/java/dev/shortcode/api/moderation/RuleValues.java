package dev.shortcode.api.moderation;

import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.DomainException;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.link.UrlPolicy;
import dev.shortcode.core.store.DenyRule;
import java.net.IDN;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A deny rule's value in the form stored URLs are compared in: a host in lowercase punycode
 * without a trailing dot; a prefix as the URL policy stores URLs. Refuses what could never match.
 */
public final class RuleValues implements DenyListFile.ValueNormaliser {

    private static final Pattern HOST = Pattern.compile("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*");

    private final UrlPolicy urls;

    public RuleValues(UrlPolicy urls) {
        this.urls = urls;
    }

    @Override
    public String of(DenyRule.Kind kind, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidRequestException("invalid-rule", "value is required: a host, or a URL prefix");
        }
        return kind == DenyRule.Kind.HOST ? host(value.strip()) : urls.normalise(value.strip());
    }

    private static String host(String value) {
        String host;
        try {
            host = IDN.toASCII(value.endsWith(".") ? value.substring(0, value.length() - 1) : value, IDN.USE_STD3_ASCII_RULES)
                    .toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("invalid-rule", "value '" + Echo.of(value) + "' is not a host name");
        }
        if (!HOST.matcher(host).matches() || host.length() > 253) {
            throw new InvalidRequestException("invalid-rule", "value '" + Echo.of(value) + "' is not a host name");
        }
        return host;
    }
}

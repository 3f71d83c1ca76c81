package dev.shortcode.api.link;

import dev.shortcode.api.domain.DomainRegistry;
import dev.shortcode.core.store.Domain;
import dev.shortcode.core.store.LinkRecord;
import io.vertx.core.http.HttpServerRequest;
import java.util.Objects;

/**
 * Which stored link a short URL names. Codes are one space across domains (the allocator issues
 * each once, whatever the domain), so an issued code, and any code-shaped alias, is stored under
 * itself and the record says which domain serves it. Other aliases are per domain: {@code promo}
 * on the default domain is stored as {@code promo}, on {@code go.example.com} as
 * {@code promo@go.example.com}, which is also its {@code code} in the API ({@code @} is never part
 * of an alias). A link answered on a domain that is not its own is not found.
 */
public final class LinkKeys {

    /** Between an alias and its domain in the key of a per-domain alias. */
    public static final char DOMAIN_SEPARATOR = '@';

    private final AliasPolicy aliases;
    private final DomainRegistry domains;

    public LinkKeys(AliasPolicy aliases, DomainRegistry domains) {
        this.aliases = aliases;
        this.domains = domains;
    }

    /** The key of {@code segment} on {@code domain} (null: the default domain). */
    public String key(String segment, String domain) {
        return domain == null || aliases.isCodeShaped(segment) ? segment : segment + DOMAIN_SEPARATOR + domain;
    }

    /** The branded domain a request was sent to, or null for the default domain (and any unregistered host). */
    public String domainOf(HttpServerRequest request) {
        return domains.of(request).map(Domain::host).orElse(null);
    }

    /** Whether {@code link} is served on {@code domain} (null: the default domain). */
    public static boolean servedOn(LinkRecord link, String domain) {
        return Objects.equals(link.routing().domain(), domain);
    }

    /** The path segment of a key: the alias of a per-domain alias, else the key itself. */
    public static String segment(String key) {
        int at = key.indexOf(DOMAIN_SEPARATOR);
        return at < 0 ? key : key.substring(0, at);
    }

    /** The domain a key names, or null when the key names none (its record says). */
    public static String domainInKey(String key) {
        int at = key.indexOf(DOMAIN_SEPARATOR);
        return at < 0 ? null : key.substring(at + 1);
    }
}

package dev.shortcode.core.store;

import java.util.Objects;

/**
 * A branded domain the service answers on besides its base URL's host (the default domain, which
 * always exists and is not stored).
 *
 * @param host                    the host name, lower case, ASCII (punycode), without port
 * @param rootRedirect            where {@code /} on this host sends visitors; empty: the service's home page
 * @param notFoundRedirect        where an unknown code on this host sends visitors; empty: the 404 page
 * @param appleAppSiteAssociation this host's {@code /.well-known/apple-app-site-association}, compact JSON; empty: the service's
 * @param assetLinks              this host's {@code /.well-known/assetlinks.json}, compact JSON; empty: the service's
 * @param createdAtMillis         when it was added
 * @param createdBy               the admin key that added it
 */
public record Domain(String host, String rootRedirect, String notFoundRedirect, String appleAppSiteAssociation, String assetLinks,
        long createdAtMillis, String createdBy) {

    public Domain {
        Objects.requireNonNull(host, "host");
        rootRedirect = Objects.requireNonNullElse(rootRedirect, "");
        notFoundRedirect = Objects.requireNonNullElse(notFoundRedirect, "");
        appleAppSiteAssociation = Objects.requireNonNullElse(appleAppSiteAssociation, "");
        assetLinks = Objects.requireNonNullElse(assetLinks, "");
        createdBy = Objects.requireNonNullElse(createdBy, "");
    }

    public String encode() {
        return Moderation.join(host, rootRedirect, notFoundRedirect, appleAppSiteAssociation, assetLinks, Long.toString(createdAtMillis),
                createdBy);
    }

    public static Domain decode(String stored) {
        String[] f = Moderation.split(stored, 7);
        return new Domain(f[0], f[1], f[2], f[3], f[4], Long.parseLong(f[5]), f[6]);
    }
}

package dev.shortcode.api.link;

import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.core.code.Aliases;
import java.util.Locale;
import java.util.Set;

/**
 * Custom aliases: {@code [A-Za-z0-9_-]{3,64}}, never a path the service itself serves. An alias
 * may have the shape of an issued code (a pool's length, only base62 characters, like
 * {@code promo} for a pool of five): such an alias is reserved in the issuer before it is stored
 * ({@link dev.shortcode.core.alloc.CodeIssuer#reserve}), so that no node ever issues its code.
 */
public final class AliasPolicy {

    private final java.util.Set<Integer> codeLengths;

    /** @param codeLengths the code lengths of the configured pools */
    public AliasPolicy(java.util.Set<Integer> codeLengths) {
        this.codeLengths = java.util.Set.copyOf(codeLengths);
    }

    /** True when {@code code} has the shape of an issued code of some pool. */
    public boolean isCodeShaped(String code) {
        return codeLengths.contains(code.length()) && dev.shortcode.core.code.Base62.isAlphabet(code);
    }

    /** Paths of the service and words that would confuse people; compared case-insensitively. */
    public static final Set<String> RESERVED = Set.of("api", "q", "dashboard", "health", "metrics", "openapi",
            "swagger", "swagger-ui", "admin", "login", "logout", "static", "assets", "favicon.ico", "robots.txt",
            "well-known", "status", "docs", "app", "www", "export", "console");

    public String validate(String alias) {
        if (!Aliases.isWellFormed(alias)) {
            throw new InvalidRequestException("invalid-alias",
                    "alias '" + Echo.of(alias) + "' must be 3 to 64 characters of A-Z, a-z, 0-9, '_' and '-'");
        }
        if (RESERVED.contains(alias.toLowerCase(Locale.ROOT))) {
            throw new InvalidRequestException("reserved-alias", "alias '" + Echo.of(alias) + "' is reserved by the service");
        }
        return alias;
    }
}

package dev.shortcode.api.link;

import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.url.InternalAddresses;
import dev.shortcode.api.url.InvalidUrlException;
import dev.shortcode.api.url.IpHost;
import dev.shortcode.api.url.UrlHost;
import dev.shortcode.api.url.WebUrl;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Which long URLs are accepted, and their stored form. Absolute {@code http}/{@code https} with a
 * host, at most {@link #MAX_LENGTH} characters, no whitespace, control or invisible formatting
 * characters; stored in the canonical form of {@link WebUrl} (an IDN host as UTS #46 punycode,
 * other non-ASCII characters percent-encoded as UTF-8, no default port, no dot segments), so the
 * stored URL is pure ASCII, goes into a {@code Location} header unchanged and is what a browser
 * would ask for; a URL pointing at this service's own short domain is refused, since it would
 * redirect to itself. Every refusal says why.
 *
 * <p>Hosts that are IP addresses are read the way browsers read them ({@link IpHost}: hex, octal,
 * integer and short forms included) and stored as their canonical text. Addresses that lead into
 * the visitor's machine, a private network or a cloud's instance metadata are refused unless the
 * policy is told otherwise ({@link InternalAddresses}), as is {@code localhost}. The loop check
 * sees through the same spellings, and when the service's own host is a loopback name or address,
 * every loopback name and address counts as its own. User information ({@code user@}) is refused:
 * {@code https://example.com@evil.com/} looks like a link to example.com and leads to evil.com.
 * None of this resolves names: a domain that resolves to a private address is not caught here.
 */
public final class UrlPolicy {

    /** Longer URLs break many clients and proxies; 4 KiB covers real campaign links. */
    public static final int MAX_LENGTH = 4096;

    /** The own hosts as targets are compared with them: canonical address text, or the name without a trailing dot. */
    private final Set<String> ownHosts;
    /** Whether an own host is a loopback name or address: then every such name and address is one. */
    private final boolean ownHostIsLocal;
    private final boolean refuseInternalAddresses;

    /** A policy that refuses internal addresses. */
    public UrlPolicy(Set<String> ownHosts) {
        this(ownHosts, true);
    }

    /**
     * @param ownHosts                hosts (lower case, punycode) that serve short links, e.g. the base URL's host
     * @param refuseInternalAddresses whether loopback, private, link-local and metadata addresses are refused as targets
     */
    public UrlPolicy(Set<String> ownHosts, boolean refuseInternalAddresses) {
        Set<String> identities = new HashSet<>();
        boolean local = false;
        for (String own : ownHosts) {
            String host = own.toLowerCase(Locale.ROOT);
            IpHost ip;
            try {
                ip = UrlHost.parseBare(host).ip();
            } catch (InvalidUrlException e) {
                ip = null; // not a host a browser would reach; compared as written
            }
            String bare = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
            identities.add(ip != null ? ip.reached() : bare);
            local |= ip != null ? InternalAddresses.isLocalMachine(ip) : isLocalName(bare);
        }
        this.ownHosts = Set.copyOf(identities);
        this.ownHostIsLocal = local;
        this.refuseInternalAddresses = refuseInternalAddresses;
    }

    /** The normalised URL to store. @throws InvalidRequestException naming the reason */
    public String normalise(String raw) {
        if (raw == null || raw.isEmpty()) {
            throw invalid("url is required");
        }
        if (raw.length() > MAX_LENGTH) {
            throw invalid("url is " + raw.length() + " characters long; at most " + MAX_LENGTH + " are allowed");
        }
        for (int i = 0; i < raw.length(); ) {
            char c = raw.charAt(i);
            if (c < 0x80) { // the common case, and the ASCII whitespace and controls among it
                if (c <= 0x20 || c == 0x7f) {
                    throw invalid("url contains whitespace or a control character at position " + i);
                }
                i++;
                continue;
            }
            // By code point, not UTF-16 unit: tag characters (U+E0000..) and other invisibles lie outside the BMP.
            int cp = raw.codePointAt(i);
            if (cp == c && Character.isSurrogate(c)) {
                throw invalid("url contains an unpaired UTF-16 surrogate at position " + i);
            }
            if (Character.isWhitespace(cp) || Character.isISOControl(cp) || Character.isSpaceChar(cp)) {
                throw invalid("url contains whitespace or a control character at position " + i);
            }
            if (isInvisible(cp)) {
                // Zero-width spaces, bidi overrides, BOMs, tags: invisible in a browser, they make a URL look like another.
                throw invalid(String.format("url contains the invisible formatting character U+%04X at position %d", cp, i));
            }
            i += Character.charCount(cp);
        }
        WebUrl url;
        try {
            url = WebUrl.parse(raw);
        } catch (InvalidUrlException e) {
            throw invalid("url " + e.getMessage());
        }
        String normalised = url.text();
        if (normalised.length() > MAX_LENGTH) {
            throw invalid("url is " + normalised.length() + " characters long once its host is punycode and non-ASCII characters "
                    + "are percent-encoded; at most " + MAX_LENGTH + " are allowed");
        }
        IpHost ip = url.host().ip();
        String bareHost = url.host().bare();
        String identity = ip != null ? ip.reached() : bareHost;
        boolean localMachine = ip != null ? InternalAddresses.isLocalMachine(ip) : isLocalName(bareHost);
        if (ownHosts.contains(identity) || (ownHostIsLocal && localMachine)) {
            throw invalid("url points at this service's own short domain " + Echo.of(identity) + "; that would redirect in a loop");
        }
        if (refuseInternalAddresses) {
            String internal = ip != null ? InternalAddresses.describe(ip) : localMachine ? "a loopback name" : null;
            if (internal != null) {
                String given = url.givenHost();
                String shown = ip != null ? ip.canonical() : bareHost;
                throw invalid("url host " + Echo.of(given) + (shown.equals(given) ? "" : " (" + shown + ")") + " is " + internal
                        + ": a short link must lead to a public host");
            }
        }
        return normalised;
    }

    /** {@code localhost} and the names under it (RFC 6761): always the machine they are resolved on. */
    private static boolean isLocalName(String bareHost) {
        return bareHost.equals("localhost") || bareHost.endsWith(".localhost");
    }

    /**
     * Invisible in a browser: format characters (Cf) by code point, and the other default-ignorable
     * code points Unicode lists (fillers, variation selectors, the unassigned neighbours of the tag
     * characters), which render as nothing too.
     */
    static boolean isInvisible(int cp) {
        return Character.getType(cp) == Character.FORMAT
                || cp == 0x034F // combining grapheme joiner
                || cp == 0x115F || cp == 0x1160 || cp == 0x3164 || cp == 0xFFA0 // Hangul fillers
                || cp == 0x17B4 || cp == 0x17B5 // Khmer inherent vowels
                || (cp >= 0x180B && cp <= 0x180F) // Mongolian variation selectors
                || (cp >= 0x2060 && cp <= 0x206F) // invisible operators, with the unassigned ones among them
                || (cp >= 0xFE00 && cp <= 0xFE0F) // variation selectors
                || (cp >= 0xFFF0 && cp <= 0xFFF8) // unassigned specials
                || (cp >= 0xE0000 && cp <= 0xE0FFF); // tags, variation selectors supplement and their unassigned block
    }

    private static InvalidRequestException invalid(String detail) {
        return new InvalidRequestException("invalid-url", detail);
    }
}

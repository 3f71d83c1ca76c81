package dev.shortcode.api.link;

import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import java.net.IDN;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which long URLs are accepted, and their stored form. Absolute {@code http}/{@code https} with a
 * host, at most {@link #MAX_LENGTH} characters, no whitespace, control or invisible formatting
 * characters; an IDN host is stored as punycode and other non-ASCII characters percent-encoded as
 * UTF-8, so the stored URL is pure ASCII and goes into a {@code Location} header unchanged; a URL
 * pointing at this service's own short domain is refused, since it would redirect to itself.
 * Every refusal says why.
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

    private static final Pattern PORT = Pattern.compile(":[0-9]{1,5}");
    private static final int MAX_PORT = 65_535;
    /** The longest DNS label; {@link IDN#toASCII} refuses longer ones. */
    private static final int MAX_LABEL_LENGTH = 63;

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
        Set<String> identities = new java.util.HashSet<>();
        boolean local = false;
        for (String own : ownHosts) {
            String host = own.toLowerCase(Locale.ROOT);
            IpHost ip;
            try {
                ip = IpHost.parse(host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host);
            } catch (IllegalArgumentException e) {
                ip = null; // not an address a browser would reach; compared as a name
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
        int schemeEnd = raw.indexOf("://");
        if (schemeEnd <= 0) {
            throw invalid("url must be absolute, starting with http:// or https://");
        }
        String scheme = raw.substring(0, schemeEnd).toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw invalid("url scheme '" + Echo.of(scheme) + "' is not allowed; use http or https");
        }
        int authorityStart = schemeEnd + 3;
        int authorityEnd = authorityStart;
        while (authorityEnd < raw.length() && "/?#".indexOf(raw.charAt(authorityEnd)) < 0) {
            authorityEnd++;
        }
        String authority = raw.substring(authorityStart, authorityEnd);
        if (authority.indexOf('@') >= 0) {
            // Not echoed: what stands before the '@' may be a password.
            throw invalid("url holds user information (something@ before the host); https://example.com@evil.com/ "
                    + "leads to evil.com, so such URLs are refused");
        }
        String hostPort = authority;
        String host;
        String port = "";
        if (hostPort.startsWith("[")) {
            int close = hostPort.indexOf(']');
            if (close < 0) {
                throw invalid("url has an unterminated IPv6 host");
            }
            host = hostPort.substring(0, close + 1);
            port = hostPort.substring(close + 1);
        } else {
            int colon = hostPort.lastIndexOf(':');
            host = colon >= 0 ? hostPort.substring(0, colon) : hostPort;
            port = colon >= 0 ? hostPort.substring(colon) : "";
        }
        if (host.isEmpty()) {
            throw invalid("url has no host");
        }
        if (!port.isEmpty() && (!PORT.matcher(port).matches() || !validPort(Integer.parseInt(port.substring(1))))) {
            throw invalid("url has an invalid port '" + Echo.of(port.substring(Math.min(1, port.length()))) + "'; ports run from 1 to " + MAX_PORT);
        }
        String asciiHost;
        try {
            asciiHost = host.startsWith("[") || isPlainAsciiHost(host) ? host.toLowerCase(Locale.ROOT)
                    : IDN.toASCII(host, IDN.ALLOW_UNASSIGNED).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            throw invalid("url host '" + Echo.of(host) + "' is not a valid domain name: " + Echo.of(e.getMessage()));
        }
        if (asciiHost.isEmpty() || asciiHost.startsWith(".") || asciiHost.contains("..")
                || (!asciiHost.startsWith("[") && !isDomainText(asciiHost))) {
            throw invalid("url host '" + Echo.of(host) + "' is not a valid domain name");
        }
        IpHost ip;
        try {
            ip = IpHost.parse(asciiHost);
        } catch (IllegalArgumentException e) {
            throw invalid("url host '" + Echo.of(host) + "' is not a valid address: " + e.getMessage());
        }
        String normalised;
        if (ip == null && PlainUri.isHostname(asciiHost) && PlainUri.isPlainRest(raw, authorityEnd)) {
            normalised = scheme + "://" + asciiHost + port + raw.substring(authorityEnd); // what URI would give, unparsed
        } else {
            try {
                URI uri = new URI(scheme + "://" + (ip != null ? ip.canonical() : asciiHost) + port + raw.substring(authorityEnd));
                if (uri.getHost() == null) {
                    throw invalid("url host '" + Echo.of(host) + "' is not a valid host name");
                }
                normalised = uri.toASCIIString(); // percent-encodes non-ASCII characters as UTF-8; the rest stays as given
            } catch (URISyntaxException e) {
                throw invalid("url is not a valid URI: " + e.getReason() + " at index " + e.getIndex());
            }
        }
        if (normalised.length() > MAX_LENGTH) {
            throw invalid("url is " + normalised.length() + " characters long once its host is punycode and non-ASCII characters "
                    + "are percent-encoded; at most " + MAX_LENGTH + " are allowed");
        }
        String bareHost = asciiHost.endsWith(".") ? asciiHost.substring(0, asciiHost.length() - 1) : asciiHost;
        String identity = ip != null ? ip.reached() : bareHost;
        boolean localMachine = ip != null ? InternalAddresses.isLocalMachine(ip) : isLocalName(bareHost);
        if (ownHosts.contains(identity) || (ownHostIsLocal && localMachine)) {
            throw invalid("url points at this service's own short domain " + Echo.of(identity) + "; that would redirect in a loop");
        }
        if (refuseInternalAddresses) {
            String internal = ip != null ? InternalAddresses.describe(ip) : localMachine ? "a loopback name" : null;
            if (internal != null) {
                String shown = ip != null ? ip.canonical() : bareHost;
                throw invalid("url host " + Echo.of(host) + (shown.equals(host) ? "" : " (" + shown + ")") + " is " + internal
                        + ": a short link must lead to a public host");
            }
        }
        return normalised;
    }

    /**
     * Only letters, digits, '-', '_' and '.': what IDN makes of a host may hold more, e.g. '/' from
     * a fullwidth solidus (U+FF0F), which a browser refuses in a host and which would move the rest
     * of the host into the path here.
     */
    private static boolean isDomainText(String asciiHost) {
        for (int i = 0; i < asciiHost.length(); i++) {
            char c = asciiHost.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_')) {
                return false;
            }
        }
        return true;
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

    /**
     * True when {@link IDN#toASCII} would return {@code host} unchanged: only ASCII characters,
     * labels of 1 to 63 characters, at most a trailing dot. Such hosts (nearly all of them) skip
     * its per-label copying; anything else still goes through it, with its checks and messages.
     */
    static boolean isPlainAsciiHost(String host) {
        int label = 0;
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            if (c >= 0x80) {
                return false;
            }
            if (c == '.') {
                if (label == 0) {
                    return false; // an empty label: IDN refuses it
                }
                label = 0;
            } else if (++label > MAX_LABEL_LENGTH) {
                return false;
            }
        }
        return true;
    }

    private static boolean validPort(int port) {
        return port >= 1 && port <= MAX_PORT;
    }

    private static InvalidRequestException invalid(String detail) {
        return new InvalidRequestException("invalid-url", detail);
    }
}

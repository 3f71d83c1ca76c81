package dev.shortcode.api.link;

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
 */
public final class UrlPolicy {

    /** Longer URLs break many clients and proxies; 4 KiB covers real campaign links. */
    public static final int MAX_LENGTH = 4096;

    private static final Pattern PORT = Pattern.compile(":[0-9]{1,5}");
    private static final int MAX_PORT = 65_535;
    /** The longest DNS label; {@link IDN#toASCII} refuses longer ones. */
    private static final int MAX_LABEL_LENGTH = 63;

    private final Set<String> ownHosts;

    /** @param ownHosts hosts (lower case, punycode) that serve short links, e.g. the base URL's host */
    public UrlPolicy(Set<String> ownHosts) {
        this.ownHosts = Set.copyOf(ownHosts);
    }

    /** The normalised URL to store. @throws InvalidRequestException naming the reason */
    public String normalise(String raw) {
        if (raw == null || raw.isEmpty()) {
            throw invalid("url is required");
        }
        if (raw.length() > MAX_LENGTH) {
            throw invalid("url is " + raw.length() + " characters long; at most " + MAX_LENGTH + " are allowed");
        }
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (Character.isWhitespace(c) || Character.isISOControl(c) || Character.isSpaceChar(c)) {
                throw invalid("url contains whitespace or a control character at position " + i);
            }
            if (Character.getType(c) == Character.FORMAT) {
                // Zero-width spaces, bidi overrides, BOMs: invisible in a browser, they make a URL look like another.
                throw invalid(String.format("url contains the invisible formatting character U+%04X at position %d", (int) c, i));
            }
            if (Character.isSurrogate(c)) {
                if (!Character.isHighSurrogate(c) || i + 1 == raw.length() || !Character.isLowSurrogate(raw.charAt(i + 1))) {
                    throw invalid("url contains an unpaired UTF-16 surrogate at position " + i);
                }
                i++;
            }
        }
        int schemeEnd = raw.indexOf("://");
        if (schemeEnd <= 0) {
            throw invalid("url must be absolute, starting with http:// or https://");
        }
        String scheme = raw.substring(0, schemeEnd).toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw invalid("url scheme '" + scheme + "' is not allowed; use http or https");
        }
        int authorityStart = schemeEnd + 3;
        int authorityEnd = authorityStart;
        while (authorityEnd < raw.length() && "/?#".indexOf(raw.charAt(authorityEnd)) < 0) {
            authorityEnd++;
        }
        String authority = raw.substring(authorityStart, authorityEnd);
        int at = authority.lastIndexOf('@');
        String userInfo = at >= 0 ? authority.substring(0, at + 1) : "";
        String hostPort = authority.substring(at + 1);
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
            throw invalid("url has an invalid port '" + port.substring(Math.min(1, port.length())) + "'; ports run from 1 to " + MAX_PORT);
        }
        String asciiHost;
        try {
            asciiHost = host.startsWith("[") || isPlainAsciiHost(host) ? host.toLowerCase(Locale.ROOT)
                    : IDN.toASCII(host, IDN.ALLOW_UNASSIGNED).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            throw invalid("url host '" + host + "' is not a valid domain name: " + e.getMessage());
        }
        if (asciiHost.isEmpty() || asciiHost.startsWith(".") || asciiHost.contains("..")) {
            throw invalid("url host '" + host + "' is not a valid domain name");
        }
        String normalised;
        try {
            URI uri = new URI(scheme + "://" + userInfo + asciiHost + port + raw.substring(authorityEnd));
            if (uri.getHost() == null && !asciiHost.startsWith("[")) {
                throw invalid("url host '" + host + "' is not a valid host name");
            }
            normalised = uri.toASCIIString(); // percent-encodes non-ASCII characters as UTF-8; the rest stays as given
        } catch (URISyntaxException e) {
            throw invalid("url is not a valid URI: " + e.getReason() + " at index " + e.getIndex());
        }
        if (normalised.length() > MAX_LENGTH) {
            throw invalid("url is " + normalised.length() + " characters long once its host is punycode and non-ASCII characters "
                    + "are percent-encoded; at most " + MAX_LENGTH + " are allowed");
        }
        String bareHost = asciiHost.endsWith(".") ? asciiHost.substring(0, asciiHost.length() - 1) : asciiHost;
        if (ownHosts.contains(bareHost)) {
            throw invalid("url points at this service's own short domain " + bareHost + "; that would redirect in a loop");
        }
        return normalised;
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

package dev.shortcode.api.webhook;

import dev.shortcode.api.link.UrlPolicy;
import dev.shortcode.api.url.InternalAddresses;
import dev.shortcode.api.url.IpHost;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Set;

/**
 * Keeps webhooks from being a way into the network the service runs in: a URL must pass the
 * internal-address policy of long URLs when it is registered, and every delivery resolves the
 * host itself, refuses when any address it resolves to is internal, and connects to the address
 * it checked (so a DNS answer that changes between check and connect, DNS rebinding, gains
 * nothing). {@code allowInternal} lifts both checks, for tests and private installs.
 */
public final class WebhookUrls {

    private final UrlPolicy policy;
    private final boolean allowInternal;

    public WebhookUrls(boolean allowInternal) {
        // No own host: a webhook may well point back at this machine in a private install, and it redirects nothing.
        this.policy = new UrlPolicy(Set.of(), !allowInternal);
        this.allowInternal = allowInternal;
    }

    /** The normalised URL to store. @throws dev.shortcode.api.error.InvalidRequestException naming the reason */
    public String normalise(String raw) {
        return policy.normalise(raw);
    }

    /**
     * The address to deliver to, resolved now.
     *
     * @throws RefusedAddressException when the host resolves to an internal address (while they are refused) or not at all
     */
    public InetAddress resolve(String host) throws RefusedAddressException {
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(host.startsWith("[") ? host.substring(1, host.length() - 1) : host);
        } catch (UnknownHostException e) {
            throw new RefusedAddressException("host " + host + " does not resolve");
        }
        if (!allowInternal) {
            for (InetAddress address : addresses) {
                String internal = describe(address);
                if (internal != null) {
                    throw new RefusedAddressException("host " + host + " resolves to " + address.getHostAddress() + ", " + internal
                            + "; webhooks are not delivered to internal addresses");
                }
            }
        }
        return addresses[0];
    }

    /** What kind of internal address it is, or null for a public one. */
    static String describe(InetAddress address) {
        String text = address.getHostAddress();
        int scope = text.indexOf('%');
        if (scope >= 0) {
            text = text.substring(0, scope);
        }
        IpHost ip = IpHost.parse(address instanceof Inet6Address ? "[" + text + "]" : text);
        if (InternalAddresses.isLocalMachine(ip)) {
            return "this machine";
        }
        return InternalAddresses.describe(ip);
    }

    /** A delivery refused before it was sent. */
    public static final class RefusedAddressException extends Exception {
        RefusedAddressException(String message) {
            super(message, null, false, false);
        }
    }
}

package dev.shortcode.api.url;

import java.util.List;

/**
 * The address ranges a public short link must not point into: a visitor's browser (or a link
 * preview fetcher next to this service) would reach the visitor's own machine, the private
 * network it sits in, or a cloud provider's instance metadata, which hands out credentials.
 * IPv6 forms that carry an IPv4 address (mapped {@code ::ffff:a.b.c.d}, compatible
 * {@code ::a.b.c.d}, NAT64 {@code 64:ff9b::/96}, 6to4 {@code 2002::/16}) are judged by that
 * address ({@link IpHost#carriedIpv4}).
 */
public final class InternalAddresses {

    private record Range(byte[] prefix, int bits, String what) {
        boolean contains(byte[] address, int offset) {
            for (int bit = 0; bit < bits; bit++) {
                int mask = 0x80 >>> (bit % 8);
                if ((address[offset + bit / 8] & mask) != (prefix[bit / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }

    private static final List<Range> IPV4 = List.of(
            v4(0, 0, 0, 0, 8, "a 'this network' address (0.0.0.0/8), which reaches the visitor's own machine"),
            v4(10, 0, 0, 0, 8, "a private address (10.0.0.0/8)"),
            v4(100, 64, 0, 0, 10, "a shared address (100.64.0.0/10, carrier-grade NAT; Alibaba Cloud's instance metadata)"),
            v4(127, 0, 0, 0, 8, "a loopback address (127.0.0.0/8)"),
            v4(169, 254, 0, 0, 16, "a link-local address (169.254.0.0/16, cloud instance metadata at 169.254.169.254)"),
            v4(172, 16, 0, 0, 12, "a private address (172.16.0.0/12)"),
            v4(192, 0, 0, 0, 24, "an IETF protocol address (192.0.0.0/24, Oracle Cloud's instance metadata)"),
            v4(192, 168, 0, 0, 16, "a private address (192.168.0.0/16)"),
            v4(198, 18, 0, 0, 15, "a benchmarking address (198.18.0.0/15)"),
            v4(224, 0, 0, 0, 4, "a multicast address (224.0.0.0/4)"),
            v4(240, 0, 0, 0, 4, "a reserved or broadcast address (240.0.0.0/4)"));

    private static final List<Range> IPV6 = List.of(
            v6(bytes(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 128, "the unspecified address (::), which reaches the visitor's own machine"),
            v6(bytes(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1), 128, "the loopback address (::1)"),
            v6(bytes(0, 0x64, 0xff, 0x9b, 0, 1), 48, "a local-use NAT64 address (64:ff9b:1::/48)"),
            v6(bytes(1, 0, 0, 0, 0, 0, 0, 0), 64, "a discard-only address (100::/64)"),
            v6(bytes(0xfc), 7, "a unique local address (fc00::/7, AWS instance metadata at fd00:ec2::254)"),
            v6(bytes(0xfe, 0x80), 10, "a link-local address (fe80::/10)"),
            v6(bytes(0xfe, 0xc0), 10, "a site-local address (fec0::/10)"),
            v6(bytes(0xff), 8, "a multicast address (ff00::/8)"));

    private InternalAddresses() {}

    /** What kind of internal address this is, for a refusal's detail; {@code null} when it is a public one. */
    public static String describe(IpHost host) {
        byte[] address = host.bytes();
        if (address.length == 4) {
            return describeIpv4(address, 0);
        }
        for (Range range : IPV6) {
            if (range.contains(address, 0)) {
                return range.what();
            }
        }
        IpHost carried = host.carriedIpv4();
        if (carried != null) {
            String inner = describeIpv4(carried.bytes(), 0);
            return inner == null ? null : inner + " inside an " + host.carrierName() + " IPv6 address (" + carried.canonical() + ")";
        }
        return null;
    }

    /** Loopback or unspecified: an address that reaches the machine it is used on. */
    public static boolean isLocalMachine(IpHost host) {
        byte[] a = host.bytes();
        if (a.length == 4) {
            return a[0] == 127 || a[0] == 0;
        }
        boolean zeroUpTo15 = true;
        for (int i = 0; i < 15; i++) {
            zeroUpTo15 &= a[i] == 0;
        }
        if (zeroUpTo15 && (a[15] == 0 || a[15] == 1)) {
            return true;
        }
        return host.isMapped() && (a[12] == 127 || a[12] == 0);
    }

    private static String describeIpv4(byte[] address, int offset) {
        for (Range range : IPV4) {
            if (range.contains(address, offset)) {
                return range.what();
            }
        }
        return null;
    }

    private static Range v4(int a, int b, int c, int d, int bits, String what) {
        return new Range(bytes(a, b, c, d), bits, what);
    }

    private static Range v6(byte[] prefix, int bits, String what) {
        return new Range(prefix, bits, what);
    }

    private static byte[] bytes(int... values) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (byte) values[i];
        }
        return out;
    }
}

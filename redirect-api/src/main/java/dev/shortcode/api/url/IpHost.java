package dev.shortcode.api.url;

import java.util.Arrays;

/**
 * A URL host that is an IP address, read the way browsers read it (the WHATWG URL standard's host
 * parser), so that every spelling a browser would follow is recognised as the address it reaches.
 *
 * <p>Design note. Browsers accept far more than dotted quads: an IPv4 host is one to four parts
 * separated by dots, each decimal, octal (a leading {@code 0}) or hexadecimal ({@code 0x}), the
 * last part filling all the bytes left ({@code 0x7f000001}, {@code 2130706433},
 * {@code 0177.0.0.1} and {@code 127.1} are all 127.0.0.1), and a host whose last label is a number
 * is an IPv4 address or invalid, never a domain name. IPv6 hosts are bracketed, with {@code ::}
 * and an embedded dotted quad ({@code [::ffff:127.0.0.1]}). Reading them differently from the
 * browser would let an address through under a spelling this service does not recognise, so this
 * class follows the standard's algorithm step by step, and gives each address one canonical text
 * (dotted quad; RFC 5952 for IPv6) that is stored instead of the spelling given.
 *
 * <p>Some IPv6 addresses carry an IPv4 address and reach it ({@link #carriedIpv4}): the mapped
 * {@code ::ffff:a.b.c.d}, the compatible {@code ::a.b.c.d}, NAT64 {@code 64:ff9b::/96} and 6to4
 * {@code 2002::/16}. Every check that judges an address (internal ranges, deny-list hosts) judges
 * such an address by the IPv4 address it carries, through this one method.
 */
public final class IpHost {

    private static final long IPV4_LIMIT = 1L << 32;

    /** An IPv6 prefix of {@code bits} bits followed, at byte {@code offset}, by the IPv4 address it carries. */
    private record Carrier(byte[] prefix, int bits, int offset, String what) {
        boolean carries(byte[] address) {
            for (int bit = 0; bit < bits; bit++) {
                int mask = 0x80 >>> (bit % 8);
                if ((address[bit / 8] & mask) != (prefix[bit / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }

    private static final Carrier MAPPED = new Carrier(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff}, 96, 12,
            "IPv4-mapped");
    private static final java.util.List<Carrier> CARRIERS = java.util.List.of(MAPPED,
            new Carrier(new byte[12], 96, 12, "IPv4-compatible"),
            new Carrier(new byte[] {0, 0x64, (byte) 0xff, (byte) 0x9b, 0, 0, 0, 0, 0, 0, 0, 0}, 96, 12, "NAT64"),
            new Carrier(new byte[] {0x20, 0x02}, 16, 2, "6to4"));

    private final byte[] address;
    /** Computed once: the policy asks for it more than once per URL. */
    private String canonical;

    private IpHost(byte[] address) {
        this.address = address;
    }

    /**
     * @param host an ASCII, lower-case host as it stands in a URL (IPv6 with its brackets)
     * @return the address, or {@code null} when the host is a domain name
     * @throws IllegalArgumentException when the host has the shape of an address but is not a valid one
     */
    public static IpHost parse(String host) {
        if (host.startsWith("[")) {
            if (!host.endsWith("]")) {
                throw new IllegalArgumentException("an IPv6 host must end with ']'");
            }
            return new IpHost(parseIpv6(host, 1, host.length() - 1));
        }
        return endsInANumber(host) ? new IpHost(parseIpv4(host)) : null;
    }

    /** 4 bytes for IPv4, 16 for IPv6: the address itself, for readers in this package, which do not change it. */
    byte[] bytes() {
        return address;
    }

    public boolean isIpv4() {
        return address.length == 4;
    }

    /** The address as it is stored: a dotted quad, or RFC 5952 text in brackets. */
    public String canonical() {
        if (canonical == null) {
            canonical = isIpv4() ? dottedQuad(address, 0) : "[" + ipv6Text(address) + "]";
        }
        return canonical;
    }

    /**
     * The address a connection to this host reaches, as text: the canonical one, except that an
     * IPv4-mapped IPv6 address ({@code [::ffff:a.b.c.d]}) reaches its IPv4 address.
     */
    public String reached() {
        return !isIpv4() && MAPPED.carries(address) ? dottedQuad(address, 12) : canonical();
    }

    /**
     * The IPv4 address this IPv6 address carries (mapped, compatible, NAT64, 6to4), or {@code null}
     * when it carries none or is itself IPv4. The unspecified and loopback addresses ({@code ::},
     * {@code ::1}) have the compatible form's prefix but are IPv6 addresses of their own.
     */
    public IpHost carriedIpv4() {
        if (isIpv4() || isUnspecifiedOrLoopback()) {
            return null;
        }
        for (Carrier carrier : CARRIERS) {
            if (carrier.carries(address)) {
                return new IpHost(Arrays.copyOfRange(address, carrier.offset(), carrier.offset() + 4));
            }
        }
        return null;
    }

    /** How {@link #carriedIpv4} found the IPv4 address ("IPv4-mapped", "NAT64", ...), for a refusal's detail; null when it did not. */
    String carrierName() {
        if (isIpv4() || isUnspecifiedOrLoopback()) {
            return null;
        }
        for (Carrier carrier : CARRIERS) {
            if (carrier.carries(address)) {
                return carrier.what();
            }
        }
        return null;
    }

    boolean isMapped() {
        return !isIpv4() && MAPPED.carries(address);
    }

    private boolean isUnspecifiedOrLoopback() {
        for (int i = 0; i < 15; i++) {
            if (address[i] != 0) {
                return false;
            }
        }
        return address[15] == 0 || address[15] == 1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IpHost other && Arrays.equals(address, other.address);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(address);
    }

    @Override
    public String toString() {
        return canonical();
    }

    static String dottedQuad(byte[] bytes, int offset) {
        return (bytes[offset] & 0xff) + "." + (bytes[offset + 1] & 0xff) + "." + (bytes[offset + 2] & 0xff) + "." + (bytes[offset + 3] & 0xff);
    }

    /**
     * The standard's "ends in a number" test: the last label (ignoring one trailing dot) is all
     * digits, or a {@code 0x} hexadecimal number. Most hosts end in a letter and leave at once.
     */
    static boolean endsInANumber(String host) {
        int end = host.length();
        if (end > 0 && host.charAt(end - 1) == '.') {
            end--;
        }
        int start = host.lastIndexOf('.', end - 1) + 1;
        if (start >= end) {
            return false;
        }
        char first = host.charAt(start);
        if (first < '0' || first > '9') {
            return false; // the common case: a label such as "com"
        }
        boolean digits = true;
        for (int i = start; i < end; i++) {
            char c = host.charAt(i);
            if (c < '0' || c > '9') {
                digits = false;
                break;
            }
        }
        return digits || ipv4Number(host, start, end) >= 0;
    }

    private static byte[] parseIpv4(String host) {
        int end = host.endsWith(".") ? host.length() - 1 : host.length();
        long[] parts = new long[4];
        int count = 0;
        int start = 0;
        while (true) {
            int dot = host.indexOf('.', start);
            int partEnd = dot < 0 || dot >= end ? end : dot;
            if (count == 4) {
                throw new IllegalArgumentException("an IPv4 address has at most 4 parts");
            }
            long value = ipv4Number(host, start, partEnd);
            if (value < 0) {
                throw new IllegalArgumentException("its last label is a number, so it must be an IPv4 address, and '"
                        + host.substring(start, partEnd) + "' is not a decimal, octal or hexadecimal part of one");
            }
            parts[count++] = value;
            if (partEnd == end) {
                break;
            }
            start = partEnd + 1;
        }
        for (int i = 0; i < count - 1; i++) {
            if (parts[i] > 255) {
                throw new IllegalArgumentException("an IPv4 address part before the last is at most 255");
            }
        }
        long last = parts[count - 1];
        if (last >= 1L << (8 * (5 - count))) {
            throw new IllegalArgumentException("the last part of the IPv4 address is too large for the bytes it fills");
        }
        long ipv4 = last;
        for (int i = 0; i < count - 1; i++) {
            ipv4 += parts[i] << (8 * (3 - i));
        }
        return new byte[] {(byte) (ipv4 >>> 24), (byte) (ipv4 >>> 16), (byte) (ipv4 >>> 8), (byte) ipv4};
    }

    /** One IPv4 part: decimal, octal after a leading 0, hexadecimal after 0x; -1 if it is none of them. */
    private static long ipv4Number(String s, int start, int end) {
        if (start >= end) {
            return -1;
        }
        int radix = 10;
        if (end - start >= 2 && s.charAt(start) == '0' && (s.charAt(start + 1) == 'x' || s.charAt(start + 1) == 'X')) {
            radix = 16;
            start += 2;
        } else if (end - start >= 2 && s.charAt(start) == '0') {
            radix = 8;
            start += 1;
        }
        long value = 0;
        for (int i = start; i < end; i++) {
            int digit = Character.digit(s.charAt(i), radix);
            if (digit < 0 || s.charAt(i) > 'z') {
                return -1;
            }
            value = value * radix + digit;
            if (value >= IPV4_LIMIT) {
                value = IPV4_LIMIT; // too large for any part; stop before the long overflows
            }
        }
        return value;
    }

    /** The standard's IPv6 parser over {@code s[start, end)}: eight 16-bit pieces, one {@code ::}, an optional dotted quad. */
    private static byte[] parseIpv6(String s, int start, int end) {
        int[] pieces = new int[8];
        int piece = 0;
        int compress = -1;
        int p = start;
        if (p < end && s.charAt(p) == ':') {
            if (p + 1 >= end || s.charAt(p + 1) != ':') {
                throw invalidIpv6("it starts with a single ':'");
            }
            p += 2;
            piece++;
            compress = piece;
        }
        while (p < end) {
            if (piece == 8) {
                throw invalidIpv6("it has more than 8 pieces");
            }
            if (s.charAt(p) == ':') {
                if (compress >= 0) {
                    throw invalidIpv6("it has '::' twice");
                }
                p++;
                piece++;
                compress = piece;
                continue;
            }
            int value = 0;
            int length = 0;
            while (length < 4 && p < end && Character.digit(s.charAt(p), 16) >= 0 && s.charAt(p) <= 'f') {
                value = value * 16 + Character.digit(s.charAt(p), 16);
                p++;
                length++;
            }
            if (p < end && s.charAt(p) == '.') {
                if (length == 0 || piece > 6) {
                    throw invalidIpv6("its dotted quad is misplaced");
                }
                p -= length;
                int seen = 0;
                while (p < end) {
                    int part = -1;
                    if (seen > 0) {
                        if (s.charAt(p) != '.' || seen >= 4) {
                            throw invalidIpv6("its dotted quad is malformed");
                        }
                        p++;
                    }
                    if (p >= end || s.charAt(p) < '0' || s.charAt(p) > '9') {
                        throw invalidIpv6("its dotted quad is malformed");
                    }
                    while (p < end && s.charAt(p) >= '0' && s.charAt(p) <= '9') {
                        int digit = s.charAt(p) - '0';
                        if (part == 0) {
                            throw invalidIpv6("its dotted quad has a leading zero");
                        }
                        part = part < 0 ? digit : part * 10 + digit;
                        if (part > 255) {
                            throw invalidIpv6("its dotted quad has a part above 255");
                        }
                        p++;
                    }
                    pieces[piece] = pieces[piece] * 0x100 + part;
                    seen++;
                    if (seen == 2 || seen == 4) {
                        piece++;
                    }
                }
                if (seen != 4) {
                    throw invalidIpv6("its dotted quad has fewer than 4 parts");
                }
                break;
            } else if (p < end && s.charAt(p) == ':') {
                p++;
                if (p >= end) {
                    throw invalidIpv6("it ends with a single ':'");
                }
            } else if (p < end) {
                throw invalidIpv6("'" + s.charAt(p) + "' is not a hexadecimal digit");
            }
            pieces[piece] = value;
            piece++;
        }
        if (compress >= 0) {
            int swaps = piece - compress;
            piece = 7;
            while (piece != 0 && swaps > 0) {
                int t = pieces[piece];
                pieces[piece] = pieces[compress + swaps - 1];
                pieces[compress + swaps - 1] = t;
                piece--;
                swaps--;
            }
        } else if (piece != 8) {
            throw invalidIpv6("it has fewer than 8 pieces and no '::'");
        }
        byte[] bytes = new byte[16];
        for (int i = 0; i < 8; i++) {
            bytes[2 * i] = (byte) (pieces[i] >>> 8);
            bytes[2 * i + 1] = (byte) pieces[i];
        }
        return bytes;
    }

    private static IllegalArgumentException invalidIpv6(String why) {
        return new IllegalArgumentException("it is not a valid IPv6 address: " + why);
    }

    /** RFC 5952: lower-case hex pieces, the first longest run of two or more zero pieces as "::". */
    private static String ipv6Text(byte[] b) {
        int[] pieces = new int[8];
        for (int i = 0; i < 8; i++) {
            pieces[i] = (b[2 * i] & 0xff) << 8 | (b[2 * i + 1] & 0xff);
        }
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; ) {
            if (pieces[i] != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < 8 && pieces[j] == 0) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = j;
        }
        StringBuilder out = new StringBuilder(39);
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                out.append(i == 0 ? "::" : ":");
                i += bestLength - 1;
                continue;
            }
            out.append(Integer.toHexString(pieces[i]));
            if (i < 7) {
                out.append(':');
            }
        }
        return out.toString();
    }
}

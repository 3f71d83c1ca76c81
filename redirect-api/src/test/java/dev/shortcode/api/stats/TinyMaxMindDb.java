package dev.shortcode.api.stats;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a small IPv4 MaxMind DB file (format 2.0, 24-bit records), as the format's specification
 * describes it: a binary search tree over the address bits, 16 zero bytes, a data section of typed
 * values, then the metadata after {@code \xAB\xCD\xEFMaxMind.com}. Enough for test databases of a
 * few networks; values are maps of strings and of maps.
 */
public final class TinyMaxMindDb {

    private static final int NO_DATA = -1;

    private final List<int[]> nodes = new ArrayList<>(List.of(new int[] {NO_DATA, NO_DATA}));
    private final ByteArrayOutputStream data = new ByteArrayOutputStream();
    /** Records pointing to data, as (node, side) to data offset; resolved when written. */
    private final Map<Long, Integer> dataRecords = new LinkedHashMap<>();

    /** Maps {@code a.b.c.d/prefix} to {@code record}. */
    public TinyMaxMindDb add(String cidr, Map<String, Object> record) throws IOException {
        String[] parts = cidr.split("/");
        String[] octets = parts[0].split("\\.");
        long address = 0;
        for (String octet : octets) {
            address = address << 8 | Integer.parseInt(octet);
        }
        int prefix = Integer.parseInt(parts[1]);
        int offset = data.size();
        data.write(encode(record));
        int node = 0;
        for (int bit = 0; bit < prefix; bit++) {
            int side = (int) (address >>> (31 - bit)) & 1;
            if (bit == prefix - 1) {
                dataRecords.put((long) node << 1 | side, offset);
            } else {
                if (nodes.get(node)[side] == NO_DATA) {
                    nodes.add(new int[] {NO_DATA, NO_DATA});
                    nodes.get(node)[side] = nodes.size() - 1;
                }
                node = nodes.get(node)[side];
            }
        }
        return this;
    }

    public void write(Path file) throws IOException {
        int count = nodes.size();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int n = 0; n < count; n++) {
            for (int side = 0; side < 2; side++) {
                Integer offset = dataRecords.get((long) n << 1 | side);
                int value = offset != null ? count + 16 + offset : nodes.get(n)[side] == NO_DATA ? count : nodes.get(n)[side];
                out.write(value >>> 16);
                out.write(value >>> 8);
                out.write(value);
            }
        }
        out.write(new byte[16]);
        out.write(data.toByteArray());
        out.write(new byte[] {(byte) 0xAB, (byte) 0xCD, (byte) 0xEF});
        out.write("MaxMind.com".getBytes(StandardCharsets.US_ASCII));
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("node_count", new Unsigned(6, count));
        metadata.put("record_size", new Unsigned(5, 24));
        metadata.put("ip_version", new Unsigned(5, 4));
        metadata.put("database_type", "Test-Country");
        metadata.put("languages", List.of("en"));
        metadata.put("binary_format_major_version", new Unsigned(5, 2));
        metadata.put("binary_format_minor_version", new Unsigned(5, 0));
        metadata.put("build_epoch", new Unsigned(9, 1_700_000_000L));
        metadata.put("description", Map.of("en", "test countries"));
        out.write(encode(metadata));
        Files.write(file, out.toByteArray());
    }

    /** An unsigned integer of MaxMind type {@code type} (5 uint16, 6 uint32, 9 uint64). */
    record Unsigned(int type, long value) {}

    private static byte[] encode(Object value) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (value instanceof String s) {
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            control(out, 2, utf8.length);
            out.write(utf8);
        } else if (value instanceof Map<?, ?> map) {
            control(out, 7, map.size());
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.write(encode(e.getKey()));
                out.write(encode(e.getValue()));
            }
        } else if (value instanceof List<?> list) {
            control(out, 11, list.size());
            for (Object item : list) {
                out.write(encode(item));
            }
        } else if (value instanceof Unsigned u) {
            byte[] bytes = java.math.BigInteger.valueOf(u.value()).toByteArray();
            int skip = bytes.length > 1 && bytes[0] == 0 ? 1 : 0;
            int size = u.value() == 0 ? 0 : bytes.length - skip;
            control(out, u.type(), size);
            out.write(bytes, skip, size);
        } else {
            throw new IllegalArgumentException("cannot encode " + value);
        }
        return out.toByteArray();
    }

    /** A control byte: type in the top three bits (0 and a second byte for types above 7), size below 29 in the low five. */
    private static void control(ByteArrayOutputStream out, int type, int size) {
        if (size >= 29) {
            throw new IllegalArgumentException("sizes from 29 up are not needed here");
        }
        if (type <= 7) {
            out.write(type << 5 | size);
        } else {
            out.write(size);
            out.write(type - 7);
        }
    }
}

package dev.shortcode.core.embedded;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/**
 * One embedded click record (a subject's day, hours or month) as bytes: the number of fields,
 * then each field's name (modified UTF-8, {@link DataOutputStream#writeUTF}) and its count as a
 * variable-length unsigned long (7 bits per byte, low first), so that the usual small counts take
 * a byte or two.
 */
final class ClickCountsCodec {

    private ClickCountsCodec() {}

    static byte[] encode(Map<String, Long> counts) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(16 + counts.size() * 6);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            writeVarLong(out, counts.size());
            for (Map.Entry<String, Long> e : counts.entrySet()) {
                out.writeUTF(e.getKey());
                writeVarLong(out, e.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** A mutable map of the record's counts; empty for null. */
    static Map<String, Long> decode(byte[] record) {
        Map<String, Long> counts = new HashMap<>();
        if (record == null) {
            return counts;
        }
        try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(record))) {
            long n = readVarLong(in);
            for (long i = 0; i < n; i++) {
                String field = in.readUTF();
                counts.put(field, readVarLong(in));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("corrupt click record", e);
        }
        return counts;
    }

    private static void writeVarLong(DataOutputStream out, long value) throws IOException {
        while ((value & ~0x7FL) != 0) {
            out.writeByte((int) ((value & 0x7F) | 0x80));
            value >>>= 7;
        }
        out.writeByte((int) value);
    }

    private static long readVarLong(DataInputStream in) throws IOException {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = in.readUnsignedByte();
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IOException("variable-length long longer than 10 bytes");
    }
}

package dev.shortcode.core.embedded;

import dev.shortcode.core.store.BackgroundPace;
import dev.shortcode.core.store.ClickDelta;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One journaled click batch as bytes: the number of deltas, then each delta's subject, day (epoch
 * day), counts (name and amount) and visitors. Numbers are variable-length unsigned longs (7 bits
 * per byte, low first, as in {@link ClickCountsCodec}); text is its UTF-8 length, then its bytes.
 * Written straight into one growing array: a flush journals thousands of deltas a second.
 */
final class ClickJournalCodec {

    private ClickJournalCodec() {}

    /** A batch's bytes, and where each of its deltas begins in them (in the order given). */
    record Encoded(byte[] bytes, int[] offsets) {}

    static Encoded encodeWithOffsets(List<ClickDelta> deltas) {
        Out out = new Out(64 + deltas.size() * 48);
        int[] offsets = new int[deltas.size()];
        out.number(deltas.size());
        for (int d = 0; d < deltas.size(); d++) {
            BackgroundPace.breathe(d); // a flush's thousands of deltas are encoded on the flusher's thread, beside the event loop
            ClickDelta delta = deltas.get(d);
            offsets[d] = out.size;
            out.text(delta.subject());
            out.number(delta.day().toEpochDay());
            out.number(delta.counts().size());
            delta.forEachCount(out::field); // not through an entry set: a read-only view wraps every entry
            out.number(delta.visitors().size());
            delta.visitors().forEach(out::text);
        }
        return new Encoded(Arrays.copyOf(out.bytes, out.size), offsets);
    }

    /** A delta of an encoded batch, and where it begins in it. */
    record Located(int offset, ClickDelta delta) {}

    /** Every delta of an encoded batch with where it begins. */
    static List<Located> decodeLocated(byte[] entry) {
        In in = new In(ByteBuffer.wrap(entry));
        long n = in.number();
        List<Located> deltas = new ArrayList<>((int) Math.min(n, 1 << 16));
        for (long i = 0; i < n; i++) {
            int offset = in.at;
            deltas.add(new Located(offset, in.delta()));
        }
        if (in.at != entry.length) {
            throw new IllegalStateException("corrupt click journal entry: " + (entry.length - in.at) + " bytes after its last delta");
        }
        return deltas;
    }

    /** The delta that begins at {@code offset} of an encoded batch. */
    static ClickDelta decodeAt(byte[] entry, int offset) {
        return decodeAt(ByteBuffer.wrap(entry), offset);
    }

    /** The delta that begins at {@code offset} of a buffer holding encoded batches (on or off the heap); the buffer is not moved. */
    static ClickDelta decodeAt(ByteBuffer entries, int offset) {
        In in = new In(entries);
        in.at = offset;
        return in.delta();
    }

    private static final class Out {
        byte[] bytes;
        int size;

        Out(int capacity) {
            bytes = new byte[capacity];
        }

        void number(long value) {
            room(10);
            while ((value & ~0x7FL) != 0) {
                bytes[size++] = (byte) ((value & 0x7F) | 0x80);
                value >>>= 7;
            }
            bytes[size++] = (byte) value;
        }

        void field(String name, long amount) {
            text(name);
            number(amount);
        }

        void text(String text) {
            int length = text.length();
            if (isAscii(text)) { // field names, codes and visitor hashes: one byte a character, no array in between
                number(length);
                room(length);
                for (int i = 0; i < length; i++) {
                    bytes[size++] = (byte) text.charAt(i);
                }
                return;
            }
            byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
            number(utf8.length);
            room(utf8.length);
            System.arraycopy(utf8, 0, bytes, size, utf8.length);
            size += utf8.length;
        }

        private static boolean isAscii(String text) {
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) >= 0x80) {
                    return false;
                }
            }
            return true;
        }

        private void room(int more) {
            if (size + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
            }
        }
    }

    /** Reads at absolute positions, so that one buffer of many entries is read by many callers at once. */
    private static final class In {
        final ByteBuffer bytes;
        final int end;
        int at;

        In(ByteBuffer bytes) {
            this.bytes = bytes;
            this.end = bytes.limit();
        }

        ClickDelta delta() {
            String subject = text();
            LocalDate day = LocalDate.ofEpochDay(number());
            long fields = number();
            Map<String, Long> counts = new HashMap<>();
            for (long f = 0; f < fields; f++) {
                counts.put(text(), number());
            }
            long visitorCount = number();
            Set<String> visitors = new HashSet<>();
            for (long v = 0; v < visitorCount; v++) {
                visitors.add(text());
            }
            return new ClickDelta(subject, day, counts, visitors);
        }

        long number() {
            long value = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                if (at >= end) {
                    throw new IllegalStateException("corrupt click journal entry: it ends inside a number");
                }
                int b = bytes.get(at++) & 0xFF;
                value |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    return value;
                }
            }
            throw new IllegalStateException("corrupt click journal entry: a number longer than 10 bytes");
        }

        String text() {
            long length = number();
            if (length > end - at) {
                throw new IllegalStateException("corrupt click journal entry: a text longer than the entry");
            }
            String text;
            if (bytes.hasArray()) {
                text = new String(bytes.array(), bytes.arrayOffset() + at, (int) length, StandardCharsets.UTF_8);
            } else {
                byte[] utf8 = new byte[(int) length];
                bytes.get(at, utf8);
                text = new String(utf8, StandardCharsets.UTF_8);
            }
            at += (int) length;
            return text;
        }
    }
}

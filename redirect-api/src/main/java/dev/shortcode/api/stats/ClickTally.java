package dev.shortcode.api.stats;

import dev.shortcode.api.agent.DeviceClass;
import dev.shortcode.core.store.BackgroundPace;
import dev.shortcode.core.store.ClickDelta;
import dev.shortcode.core.store.ClickFields;
import dev.shortcode.core.store.VisitorHashes;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The clicks the flusher has classified and not yet handed to the store. Only the flusher's thread
 * touches it; it is sealed ({@link #deltas}) and {@link #clear}ed once per flush interval.
 *
 * <p>Design note. Whatever the tally holds is alive at the young collection that falls within its
 * interval, and that collection copies it; on a node whose event loop shares the CPU, the copy is
 * a pause of every redirect. So the tally keeps no object per click or per link: three tables of
 * primitive arrays with open addressing, kept from one interval to the next (cleared, not
 * allocated again), which the collector promotes once and then only skips over:
 * <ul>
 *   <li>link-hours: (code, epoch hour) to a dense id; per id the total, bots, QR scans and human
 *       clicks per device class. By hour, not day: one interval's clicks nearly always fall in one
 *       hour, so a link needs a handful of counters instead of a day's 48 hour counters;
 *   <li>breakdowns: (id, referrer host or country) to human clicks;
 *   <li>visitors: the set of (id, 64-bit visitor hash).
 * </ul>
 * The only objects it keeps are the strings the clicks brought (code, owner, host, country).
 *
 * <p>At the seal the link-hours are summed into link-days, and what each adds to its owner
 * ({@code ~<key id>}) and to all links ({@code ~*}) is derived once per link-day, so the per-click
 * work does not grow with the subjects a click counts for. The deltas: per click {@code t} and the
 * hour's {@code hHH}; a bot's also {@code b} and {@code xHH}; a QR scan's {@code q}; a human's, on
 * the link only, its device, referrer host, country and visitor hash (bots are counted, never
 * broken down, so they cannot leak into the human figures). The owner subjects get the totals,
 * the hours and the link's clicks ({@code l:<code>}).
 */
final class ClickTally {

    private static final String[] DEVICE_FIELDS = deviceFields();

    private final LinkHours links = new LinkHours();
    private final Breakdowns breakdowns = new Breakdowns();
    private final Visitors visitors = new Visitors();
    private long clicks;
    private long oldestMillis = Long.MAX_VALUE;

    /** Counts a click without a visitor: a bot's, or a human's whose day's salt is not known. */
    void add(Click click, ClickClassifier.Classified classified) {
        count(click, classified);
    }

    /** Counts a click with its visitor hash ({@link VisitorHash#hash}); a bot's visitor is not kept. */
    void add(Click click, ClickClassifier.Classified classified, long visitor) {
        int id = count(click, classified);
        if (!classified.bot()) {
            visitors.add(id, visitor);
        }
    }

    private int count(Click click, ClickClassifier.Classified classified) {
        int id = links.idOf(click.code(), click.owner(), Math.floorDiv(click.atMillis(), 3_600_000L));
        links.add(id, LinkHours.TOTAL);
        if (classified.bot()) {
            links.add(id, LinkHours.BOTS);
        }
        if (classified.qr()) {
            links.add(id, LinkHours.QR);
        }
        if (!classified.bot()) {
            links.add(id, LinkHours.DEVICES + classified.device().ordinal());
            if (classified.referrer() == null) {
                breakdowns.add(id, Breakdowns.FIELD, ClickFields.REFERRER_OTHER);
            } else {
                breakdowns.add(id, Breakdowns.REFERRER_HOST, classified.referrer());
            }
            classified.country().ifPresent(country -> breakdowns.add(id, Breakdowns.COUNTRY, country));
        }
        clicks++;
        oldestMillis = Math.min(oldestMillis, click.atMillis());
        return id;
    }

    /** Forgets what was summed for {@code code} (a link just deleted); its clicks stay in the owners' sums. */
    void forget(String code) {
        links.forget(code);
    }

    boolean isEmpty() {
        return clicks == 0;
    }

    long clicks() {
        return clicks;
    }

    /** When the oldest click in it happened; {@link Long#MAX_VALUE} when empty. */
    long oldestMillis() {
        return oldestMillis;
    }

    /** Empties the tally for the next interval, keeping its tables. */
    void clear() {
        links.clear();
        breakdowns.clear();
        visitors.clear();
        clicks = 0;
        oldestMillis = Long.MAX_VALUE;
    }

    /** A subject's day as the seal sums it. */
    private record Key(String subject, LocalDate day) {}

    /** The counts and visitors of one subject's day. */
    private static final class DaySums {
        private static final long[] NONE = {};

        final Map<String, Long> counts = new HashMap<>();
        /** The visitor hashes of the day's link-hours; one visitor may be in two hours. */
        private long[] visitors = NONE;
        private int visitorCount;

        void add(String field, long n) {
            if (n != 0) {
                counts.merge(field, n, Long::sum);
            }
        }

        void visitor(long hash) {
            if (visitorCount == visitors.length) {
                visitors = Arrays.copyOf(visitors, Math.max(4, visitorCount * 2));
            }
            visitors[visitorCount++] = hash;
        }

        /** The distinct visitors, as longs behind a set of their texts (see {@link VisitorHashes}). */
        Set<String> visitors() {
            return visitorCount == 0 ? Set.of() : VisitorHashes.of(visitors, visitorCount);
        }
    }

    /** One delta per link-day, and per owner-day and all-links-day that these links add to. */
    List<ClickDelta> deltas() {
        Map<Key, DaySums> linkDays = new HashMap<>();
        Map<Key, DaySums> owners = new HashMap<>();
        DaySums[] ofId = new DaySums[links.size];
        for (int id = 0; id < links.size; id++) {
            BackgroundPace.breathe(id); // the seal lets the event loop in: at 30,000 clicks a second it is a burst of milliseconds
            LocalDate day = LocalDate.ofEpochDay(Math.floorDiv(links.hours[id], 24));
            int hour = (int) Math.floorMod(links.hours[id], 24);
            long total = links.count(id, LinkHours.TOTAL);
            long bots = links.count(id, LinkHours.BOTS);
            long qr = links.count(id, LinkHours.QR);
            String code = links.codes[id];
            if (!links.forgotten[id]) {
                DaySums link = linkDays.computeIfAbsent(new Key(code, day), k -> new DaySums());
                addTotals(link, hour, total, bots, qr);
                for (int d = 0; d < DEVICE_FIELDS.length; d++) {
                    link.add(DEVICE_FIELDS[d], links.count(id, LinkHours.DEVICES + d));
                }
                ofId[id] = link;
            }
            String linkField = ClickFields.LINK + code;
            for (String subject : new String[] {ClickDelta.ownerSubject(links.owners[id]), ClickDelta.ALL_SUBJECT}) {
                DaySums owner = owners.computeIfAbsent(new Key(subject, day), k -> new DaySums());
                addTotals(owner, hour, total, bots, qr);
                owner.add(linkField, total);
            }
        }
        for (int b = 0; b < breakdowns.size; b++) {
            BackgroundPace.breathe(b);
            DaySums link = ofId[breakdowns.ids[b]];
            if (link != null) {
                link.add(breakdowns.field(b), breakdowns.counts[b]);
            }
        }
        for (int s = 0; s < visitors.ids.length; s++) {
            int id = visitors.ids[s] - 1;
            if (id >= 0 && ofId[id] != null) {
                ofId[id].visitor(visitors.hashes[s]);
            }
        }
        List<ClickDelta> deltas = new ArrayList<>(linkDays.size() + owners.size());
        linkDays.forEach((key, sums) -> deltas.add(new ClickDelta(key.subject(), key.day(), sums.counts, sums.visitors())));
        owners.forEach((key, sums) -> deltas.add(new ClickDelta(key.subject(), key.day(), sums.counts, Set.of())));
        return deltas;
    }

    private static void addTotals(DaySums sums, int hour, long total, long bots, long qr) {
        sums.add(ClickFields.TOTAL, total);
        sums.add(ClickFields.hour(hour), total);
        sums.add(ClickFields.BOTS, bots);
        sums.add(ClickFields.hourBots(hour), bots);
        sums.add(ClickFields.QR, qr);
    }

    /** FNV-1a over every character: {@link String#hashCode} maps consecutive base62 codes onto few values. */
    private static long fnv(String text, long seed) {
        long h = 0xcbf29ce484222325L ^ seed;
        for (int i = 0; i < text.length(); i++) {
            h = (h ^ text.charAt(i)) * 0x100000001b3L;
        }
        return h;
    }

    /** MurmurHash3's 64-bit finaliser, folded to an int. */
    private static int mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return (int) h;
    }

    /** A table's slot count for {@code entries} at most half full. */
    private static int slotsFor(int entries) {
        return Integer.highestOneBit(Math.max(16, entries) - 1) << 2;
    }

    /** A table that grew past eight times what the last interval used is allocated smaller again. */
    private static boolean oversized(int slots, int used) {
        return slots > slotsFor(INITIAL_ENTRIES) && (long) used * 16 < slots;
    }

    private static final int INITIAL_ENTRIES = 1024;

    /** (code, epoch hour) to a dense id, and each id's counters. */
    private static final class LinkHours {
        static final int TOTAL = 0;
        static final int BOTS = 1;
        static final int QR = 2;
        static final int DEVICES = 3;
        static final int WIDTH = DEVICES + DEVICE_FIELDS.length;

        /** id + 1 of the link-hour in each slot, 0 for a free one; at most half full. */
        int[] slots;
        String[] codes;
        String[] owners;
        long[] hours;
        int[] counters;
        boolean[] forgotten;
        int size;

        LinkHours() {
            allocate(INITIAL_ENTRIES);
        }

        private void allocate(int entries) {
            slots = new int[slotsFor(entries)];
            int capacity = slots.length / 2;
            codes = new String[capacity];
            owners = new String[capacity];
            hours = new long[capacity];
            counters = new int[capacity * WIDTH];
            forgotten = new boolean[capacity];
        }

        int idOf(String code, String owner, long hour) {
            if (size == codes.length) {
                grow();
            }
            int mask = slots.length - 1;
            for (int s = mix(fnv(code, hour)) & mask; ; s = (s + 1) & mask) {
                int id = slots[s] - 1;
                if (id < 0) {
                    id = size++;
                    slots[s] = id + 1;
                    codes[id] = code;
                    owners[id] = owner;
                    hours[id] = hour;
                    return id;
                }
                if (hours[id] == hour && codes[id].equals(code)) {
                    return id;
                }
            }
        }

        void add(int id, int counter) {
            counters[id * WIDTH + counter]++;
        }

        long count(int id, int counter) {
            return counters[id * WIDTH + counter];
        }

        private void grow() {
            int capacity = codes.length * 2;
            codes = Arrays.copyOf(codes, capacity);
            owners = Arrays.copyOf(owners, capacity);
            hours = Arrays.copyOf(hours, capacity);
            counters = Arrays.copyOf(counters, capacity * WIDTH);
            forgotten = Arrays.copyOf(forgotten, capacity);
            slots = new int[capacity * 2];
            index();
        }

        /** Puts every id not forgotten into the slots (which are all free). */
        private void index() {
            int mask = slots.length - 1;
            for (int id = 0; id < size; id++) {
                if (forgotten[id]) {
                    continue;
                }
                int s = mix(fnv(codes[id], hours[id])) & mask;
                while (slots[s] != 0) {
                    s = (s + 1) & mask;
                }
                slots[s] = id + 1;
            }
        }

        /** The code's link-hours stay (their clicks count for the owners) but no click finds them again. */
        void forget(String code) {
            boolean any = false;
            for (int id = 0; id < size; id++) {
                if (!forgotten[id] && codes[id].equals(code)) {
                    forgotten[id] = true;
                    any = true;
                }
            }
            if (any) {
                Arrays.fill(slots, 0);
                index();
            }
        }

        void clear() {
            if (oversized(slots.length, size)) {
                allocate(Math.max(INITIAL_ENTRIES, size));
            } else {
                Arrays.fill(slots, 0);
                Arrays.fill(codes, 0, size, null);
                Arrays.fill(owners, 0, size, null);
                Arrays.fill(counters, 0, size * WIDTH, 0);
                Arrays.fill(forgotten, 0, size, false);
            }
            size = 0;
        }
    }

    /** (link-hour id, referrer host or country) to the human clicks it had. */
    private static final class Breakdowns {
        static final byte REFERRER_HOST = 0;
        static final byte COUNTRY = 1;
        /** The name is the whole field ({@link ClickFields#REFERRER_OTHER}). */
        static final byte FIELD = 2;

        int[] slots;
        int[] ids;
        byte[] kinds;
        String[] names;
        int[] counts;
        int size;

        Breakdowns() {
            allocate(INITIAL_ENTRIES);
        }

        private void allocate(int entries) {
            slots = new int[slotsFor(entries)];
            int capacity = slots.length / 2;
            ids = new int[capacity];
            kinds = new byte[capacity];
            names = new String[capacity];
            counts = new int[capacity];
        }

        void add(int id, byte kind, String name) {
            if (size == ids.length) {
                grow();
            }
            int mask = slots.length - 1;
            for (int s = slot(id, kind, name) & mask; ; s = (s + 1) & mask) {
                int b = slots[s] - 1;
                if (b < 0) {
                    b = size++;
                    slots[s] = b + 1;
                    ids[b] = id;
                    kinds[b] = kind;
                    names[b] = name;
                    counts[b] = 1;
                    return;
                }
                if (ids[b] == id && kinds[b] == kind && names[b].equals(name)) {
                    counts[b]++;
                    return;
                }
            }
        }

        private static int slot(int id, byte kind, String name) {
            return mix(fnv(name, (long) id << 2 | kind));
        }

        String field(int b) {
            return switch (kinds[b]) {
                case REFERRER_HOST -> ClickFields.REFERRER + names[b];
                case COUNTRY -> ClickFields.COUNTRY + names[b];
                default -> names[b];
            };
        }

        private void grow() {
            int capacity = ids.length * 2;
            ids = Arrays.copyOf(ids, capacity);
            kinds = Arrays.copyOf(kinds, capacity);
            names = Arrays.copyOf(names, capacity);
            counts = Arrays.copyOf(counts, capacity);
            slots = new int[capacity * 2];
            int mask = slots.length - 1;
            for (int b = 0; b < size; b++) {
                int s = slot(ids[b], kinds[b], names[b]) & mask;
                while (slots[s] != 0) {
                    s = (s + 1) & mask;
                }
                slots[s] = b + 1;
            }
        }

        void clear() {
            if (oversized(slots.length, size)) {
                allocate(Math.max(INITIAL_ENTRIES, size));
            } else {
                Arrays.fill(slots, 0);
                Arrays.fill(names, 0, size, null);
            }
            size = 0;
        }
    }

    /** The set of (link-hour id, visitor hash). */
    private static final class Visitors {
        /** id + 1 in each slot, 0 for a free one; at most half full. */
        int[] ids;
        long[] hashes;
        int size;

        Visitors() {
            allocate(INITIAL_ENTRIES);
        }

        private void allocate(int entries) {
            ids = new int[slotsFor(entries)];
            hashes = new long[ids.length];
        }

        void add(int id, long hash) {
            if (2 * (size + 1) > ids.length) {
                grow();
            }
            put(id, hash);
        }

        private void put(int id, long hash) {
            int mask = ids.length - 1;
            for (int s = mix(hash ^ (id + 1) * 0x9E3779B97F4A7C15L) & mask; ; s = (s + 1) & mask) {
                if (ids[s] == 0) {
                    ids[s] = id + 1;
                    hashes[s] = hash;
                    size++;
                    return;
                }
                if (ids[s] == id + 1 && hashes[s] == hash) {
                    return;
                }
            }
        }

        private void grow() {
            int[] oldIds = ids;
            long[] oldHashes = hashes;
            ids = new int[oldIds.length * 2];
            hashes = new long[ids.length];
            size = 0;
            for (int s = 0; s < oldIds.length; s++) {
                if (oldIds[s] != 0) {
                    put(oldIds[s] - 1, oldHashes[s]);
                }
            }
        }

        void clear() {
            if (oversized(ids.length, size)) {
                allocate(Math.max(INITIAL_ENTRIES, size));
            } else {
                Arrays.fill(ids, 0);
            }
            size = 0;
        }
    }

    private static String[] deviceFields() {
        DeviceClass[] devices = DeviceClass.values();
        String[] fields = new String[devices.length];
        for (DeviceClass device : devices) {
            fields[device.ordinal()] = ClickFields.DEVICE + ClickClassifier.deviceName(device);
        }
        return fields;
    }
}

package dev.shortcode.api.stats;

import dev.shortcode.api.agent.DeviceClass;
import dev.shortcode.core.store.BackgroundPace;
import dev.shortcode.core.store.ClickDelta;
import dev.shortcode.core.store.ClickFields;
import dev.shortcode.core.store.FieldCounts;
import dev.shortcode.core.store.VisitorHashes;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
 * work does not grow with the subjects a click counts for. The sealed deltas live until their
 * batch is stored, so they too are flat: each day's counts two arrays ({@link FieldCounts}, made
 * at their size), its visitors one sorted {@code long[]} ({@link VisitorHashes}); the seal's own
 * day tables ({@link DensePairs}) are kept like the tally's. The deltas: per click {@code t} and the
 * hour's {@code hHH}; a bot's also {@code b} and {@code xHH}; a QR scan's {@code q}; a human's, on
 * the link only, its device, referrer host, country and visitor hash (bots are counted, never
 * broken down, so they cannot leak into the human figures). The owner subjects get the totals,
 * the hours, the link's clicks ({@code l:<code>}) and, for a link of a branded domain, the
 * domain's ({@code n:<host>}).
 */
final class ClickTally {

    private static final String[] DEVICE_FIELDS = deviceFields();
    /** What a link-day's counts are sized for: the total, the hour, a device, a referrer, and two spare. */
    private static final int LINK_DAY_FIELDS = 6;
    /** An owner's day has a field per link clicked in it, and these besides: totals, bots, QR scans, two hours of each. */
    private static final int SUBJECT_DAY_TOTALS = 8;

    private final LinkHours links = new LinkHours();
    private final Breakdowns breakdowns = new Breakdowns();
    private final Visitors visitors = new Visitors();
    /** The seal's: (code, epoch day) and (owner subject, epoch day) to dense ids, their sums, the link-day of each link-hour. */
    private final DensePairs linkDays = new DensePairs();
    private final DensePairs subjectDays = new DensePairs();
    private final DaySums linkSums = new DaySums();
    private final DaySums subjectSums = new DaySums();
    private int[] linkDayOf = new int[DensePairs.INITIAL_ENTRIES];
    private int[] ownerDayOf = new int[DensePairs.INITIAL_ENTRIES];
    private int[] allDayOf = new int[DensePairs.INITIAL_ENTRIES];
    /** By subject-day id: its link-hours, each a field of its counts. */
    private int[] subjectLinkHours = new int[16];
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
        int id = links.idOf(click.code(), click.owner(), click.domain(), Math.floorDiv(click.atMillis(), 3_600_000L));
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
            if (click.variant() >= 0) {
                breakdowns.add(id, Breakdowns.FIELD, Breakdowns.variant(click.variant()));
            }
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

    /**
     * One delta per link-day, and per owner-day and all-links-day that these links add to. What
     * the seal needs besides the deltas it hands over (the day tables, the arrays by id) is kept
     * for the next interval like the tally's own tables.
     */
    List<ClickDelta> deltas() {
        int ids = links.size();
        // Emptied first, not after: a seal that failed half way leaves nothing for the next one to add to.
        linkDays.clear();
        subjectDays.clear();
        linkSums.clear();
        subjectSums.clear();
        Arrays.fill(subjectLinkHours, 0);
        if (linkDayOf.length < ids) {
            linkDayOf = new int[links.capacity()];
            ownerDayOf = new int[links.capacity()];
            allDayOf = new int[links.capacity()];
        }
        findSubjectDays(ids);
        for (int id = 0; id < ids; id++) {
            BackgroundPace.breathe(id); // the seal lets the event loop in: at 30,000 clicks a second it is a burst of milliseconds
            long epochHour = links.hour(id);
            int hour = (int) Math.floorMod(epochHour, 24);
            long total = links.count(id, LinkHours.TOTAL);
            long bots = links.count(id, LinkHours.BOTS);
            long qr = links.count(id, LinkHours.QR);
            String code = links.code(id);
            linkDayOf[id] = -1;
            if (!links.isForgotten(id)) {
                int linkDay = linkDays.idOf(code, Math.floorDiv(epochHour, 24));
                FieldCounts link = linkSums.of(linkDay, LINK_DAY_FIELDS);
                addTotals(link, hour, total, bots, qr);
                for (int d = 0; d < DEVICE_FIELDS.length; d++) {
                    addNonZero(link, DEVICE_FIELDS[d], links.count(id, LinkHours.DEVICES + d));
                }
                linkDayOf[id] = linkDay;
            }
            String linkField = ClickFields.LINK + code;
            String domainField = links.domain(id) == null ? null : ClickFields.DOMAIN + links.domain(id);
            addToSubjectDay(ownerDayOf[id], linkField, domainField, hour, total, bots, qr);
            addToSubjectDay(allDayOf[id], linkField, domainField, hour, total, bots, qr);
        }
        for (int b = 0; b < breakdowns.size; b++) {
            BackgroundPace.breathe(b);
            int linkDay = linkDayOf[breakdowns.ids[b]];
            if (linkDay >= 0) {
                addNonZero(linkSums.get(linkDay), breakdowns.field(b), breakdowns.counts[b]);
            }
        }
        long[][] visitorsOf = visitors.byLinkDay(linkDayOf, linkDays.size());
        List<ClickDelta> deltas = new ArrayList<>(linkDays.size() + subjectDays.size());
        Days days = new Days();
        for (int d = 0; d < linkDays.size(); d++) {
            long[] hashes = visitorsOf[d];
            Set<String> distinct = hashes == null ? Set.of() : VisitorHashes.of(hashes, hashes.length);
            deltas.add(new ClickDelta(linkDays.text(d), days.of(linkDays.number(d)), linkSums.take(d), distinct));
        }
        for (int d = 0; d < subjectDays.size(); d++) {
            deltas.add(new ClickDelta(subjectDays.text(d), days.of(subjectDays.number(d)), subjectSums.take(d), Set.of()));
        }
        return deltas;
    }

    /**
     * Each link-hour's owner-day and all-links-day, and how many link-hours each of those has:
     * their counts are made at their size, where the all-links day of a busy second has a field for
     * each of thousands of links.
     */
    private void findSubjectDays(int ids) {
        String lastOwner = null;
        String ownerSubject = null;
        for (int id = 0; id < ids; id++) {
            if (!links.owner(id).equals(lastOwner)) { // a node's clicks come from few owners: their subject is made once
                lastOwner = links.owner(id);
                ownerSubject = ClickDelta.ownerSubject(lastOwner);
            }
            long day = Math.floorDiv(links.hour(id), 24);
            ownerDayOf[id] = subjectDays.idOf(ownerSubject, day);
            allDayOf[id] = subjectDays.idOf(ClickDelta.ALL_SUBJECT, day);
            if (subjectLinkHours.length < subjectDays.size()) {
                subjectLinkHours = Arrays.copyOf(subjectLinkHours, subjectDays.capacity());
            }
            subjectLinkHours[ownerDayOf[id]]++;
            subjectLinkHours[allDayOf[id]]++;
        }
    }

    /** The days of one seal's deltas, one object per day (a second's clicks nearly all fall in one). */
    private static final class Days {
        private LocalDate last = LocalDate.EPOCH;

        LocalDate of(long epochDay) {
            if (last.toEpochDay() != epochDay) {
                last = LocalDate.ofEpochDay(epochDay);
            }
            return last;
        }
    }

    /** An owner's (or all links') day gets the totals, the link's clicks, and its branded domain's (null: the default domain). */
    private void addToSubjectDay(int subjectDay, String linkField, String domainField, int hour, long total, long bots, long qr) {
        FieldCounts sums = subjectSums.of(subjectDay, subjectLinkHours[subjectDay] + SUBJECT_DAY_TOTALS);
        addTotals(sums, hour, total, bots, qr);
        addNonZero(sums, linkField, total);
        if (domainField != null) {
            addNonZero(sums, domainField, total);
        }
    }

    private static void addTotals(FieldCounts sums, int hour, long total, long bots, long qr) {
        addNonZero(sums, ClickFields.TOTAL, total);
        addNonZero(sums, ClickFields.hour(hour), total);
        addNonZero(sums, ClickFields.BOTS, bots);
        addNonZero(sums, ClickFields.hourBots(hour), bots);
        addNonZero(sums, ClickFields.QR, qr);
    }

    /** A field the day had nothing of is not sent. */
    private static void addNonZero(FieldCounts sums, String field, long n) {
        if (n != 0) {
            sums.add(field, n);
        }
    }

    /**
     * The counts of each day of a {@link DensePairs} table by its id, made when the id first asks
     * and taken away by the delta that carries them.
     */
    private static final class DaySums {
        private FieldCounts[] sums = new FieldCounts[DensePairs.INITIAL_ENTRIES];

        FieldCounts of(int day, int expectedFields) {
            if (day >= sums.length) {
                sums = Arrays.copyOf(sums, Math.max(sums.length * 2, day + 1));
            }
            if (sums[day] == null) {
                sums[day] = new FieldCounts(expectedFields);
            }
            return sums[day];
        }

        FieldCounts get(int day) {
            return sums[day];
        }

        void clear() {
            Arrays.fill(sums, null);
        }

        /** The day's counts, no longer referenced here: the delta that carries them is their only holder. */
        FieldCounts take(int day) {
            FieldCounts taken = sums[day];
            sums[day] = null;
            return taken;
        }
    }

    /** (code, epoch hour) to a dense id, and each id's owner and counters. */
    private static final class LinkHours {
        static final int TOTAL = 0;
        static final int BOTS = 1;
        static final int QR = 2;
        static final int DEVICES = 3;
        static final int WIDTH = DEVICES + DEVICE_FIELDS.length;

        private final DensePairs keys = new DensePairs();
        private String[] owners;
        private String[] domains;
        private int[] counters;

        LinkHours() {
            allocate();
        }

        /** Arrays by id as long as the keys' (which may have grown or shrunk). */
        private void allocate() {
            owners = new String[keys.capacity()];
            domains = new String[keys.capacity()];
            counters = new int[keys.capacity() * WIDTH];
        }

        int idOf(String code, String owner, String domain, long hour) {
            int before = keys.size();
            int id = keys.idOf(code, hour);
            if (keys.size() > before) {
                if (id >= owners.length) {
                    owners = Arrays.copyOf(owners, keys.capacity());
                    domains = Arrays.copyOf(domains, keys.capacity());
                    counters = Arrays.copyOf(counters, keys.capacity() * WIDTH);
                }
                owners[id] = owner;
                domains[id] = domain;
            }
            return id;
        }

        void add(int id, int counter) {
            counters[id * WIDTH + counter]++;
        }

        long count(int id, int counter) {
            return counters[id * WIDTH + counter];
        }

        int size() {
            return keys.size();
        }

        int capacity() {
            return keys.capacity();
        }

        String code(int id) {
            return keys.text(id);
        }

        long hour(int id) {
            return keys.number(id);
        }

        String owner(int id) {
            return owners[id];
        }

        /** The branded domain of the id's link, null for the default domain. */
        String domain(int id) {
            return domains[id];
        }

        boolean isForgotten(int id) {
            return keys.isForgotten(id);
        }

        /** The code's link-hours stay (their clicks count for the owners) but no click finds them again. */
        void forget(String code) {
            keys.forget(code);
        }

        void clear() {
            int used = keys.size();
            keys.clear();
            if (keys.capacity() != owners.length) {
                allocate();
            } else {
                Arrays.fill(owners, 0, used, null);
                Arrays.fill(domains, 0, used, null);
                Arrays.fill(counters, 0, used * WIDTH, 0);
            }
        }
    }

    /** (link-hour id, referrer host or country) to the human clicks it had. */
    private static final class Breakdowns {
        static final byte REFERRER_HOST = 0;
        static final byte COUNTRY = 1;
        /** The name is the whole field ({@link ClickFields#REFERRER_OTHER}, a variant's). */
        static final byte FIELD = 2;
        /** The fields of a split's variants, made once: a split has at most ten. */
        private static final String[] VARIANTS = new String[16];

        static {
            for (int v = 0; v < VARIANTS.length; v++) {
                VARIANTS[v] = ClickFields.VARIANT + v;
            }
        }

        static String variant(int index) {
            return index < VARIANTS.length ? VARIANTS[index] : ClickFields.VARIANT + index;
        }

        int[] slots;
        int[] ids;
        byte[] kinds;
        String[] names;
        int[] counts;
        int size;

        Breakdowns() {
            allocate(DensePairs.INITIAL_ENTRIES);
        }

        private void allocate(int entries) {
            slots = new int[DensePairs.slotsFor(entries)];
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
            return DensePairs.mix(DensePairs.fnv(name, (long) id << 2 | kind));
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
            if (DensePairs.oversized(slots.length, size)) {
                allocate(Math.max(DensePairs.INITIAL_ENTRIES, size));
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
            allocate(DensePairs.INITIAL_ENTRIES);
        }

        private void allocate(int entries) {
            ids = new int[DensePairs.slotsFor(entries)];
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
            for (int s = DensePairs.mix(hash ^ (id + 1) * 0x9E3779B97F4A7C15L) & mask; ; s = (s + 1) & mask) {
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

        /**
         * The visitor hashes of each link-day ({@code linkDayOf} by link-hour id, −1 for none), in
         * arrays of their exact length; null for a link-day without visitors. A visitor of two
         * hours of one day is in its array twice.
         */
        long[][] byLinkDay(int[] linkDayOf, int linkDays) {
            int[] counts = new int[linkDays];
            for (int s = 0; s < ids.length; s++) {
                if (ids[s] != 0 && linkDayOf[ids[s] - 1] >= 0) {
                    counts[linkDayOf[ids[s] - 1]]++;
                }
            }
            long[][] byDay = new long[linkDays][];
            for (int d = 0; d < linkDays; d++) {
                if (counts[d] > 0) {
                    byDay[d] = new long[counts[d]];
                }
            }
            for (int s = 0; s < ids.length; s++) {
                if (ids[s] != 0 && linkDayOf[ids[s] - 1] >= 0) {
                    int d = linkDayOf[ids[s] - 1];
                    byDay[d][--counts[d]] = hashes[s];
                }
            }
            return byDay;
        }

        void clear() {
            if (DensePairs.oversized(ids.length, size)) {
                allocate(Math.max(DensePairs.INITIAL_ENTRIES, size));
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

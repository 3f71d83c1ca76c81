package dev.shortcode.api.stats;

import dev.shortcode.api.agent.DeviceClass;
import dev.shortcode.core.store.ClickDelta;
import dev.shortcode.core.store.ClickFields;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The clicks the flusher has classified and not yet handed to the store, summed per link and UTC
 * day. Only the flusher's thread touches it.
 *
 * <p>Each click adds to its own link's day only: plain counters for the total, bots, QR scans
 * and the 24 hours, a small map for the breakdowns. What the click also adds to its owner
 * ({@code ~<key id>}) and to all links ({@code ~*}) is derived once per link-day when the tally
 * is sealed ({@link #deltas}), so the per-click work does not grow with the subjects a click
 * counts for.
 *
 * <p>The deltas: per click {@code t} and the hour's {@code hHH}; a bot's also {@code b} and
 * {@code xHH}; a QR scan's {@code q}; a human's, on the link only, its device, referrer host,
 * country and visitor hash (bots are counted, never broken down, so they cannot leak into the
 * human figures). The owner subjects get the totals, the hours and the link's clicks
 * ({@code l:<code>}).
 */
final class ClickTally {

    /**
     * A subject's day. Its hash mixes every character itself: {@link String#hashCode} maps
     * consecutive base62 codes onto few values (10,000 consecutive 5-character codes share 2,631
     * hashes), which turns a map's buckets into trees searched on every click.
     */
    private record Key(String subject, LocalDate day) {
        @Override
        public int hashCode() {
            long h = 0xcbf29ce484222325L ^ day.toEpochDay();
            for (int i = 0; i < subject.length(); i++) {
                h = (h ^ subject.charAt(i)) * 0x100000001b3L; // FNV-1a
            }
            h ^= h >>> 33;
            h *= 0xff51afd7ed558ccdL; // MurmurHash3's finaliser
            h ^= h >>> 33;
            return (int) h;
        }
    }

    /** The counts of one subject's day. */
    private static final class Sums {
        long total;
        long bots;
        long qr;
        final long[] hours = new long[24];
        /** Allocated by the first bot: most link-days of a second have none. */
        long[] hourBots;
        final Map<String, Long> other = new HashMap<>(4);
        final Set<String> visitors = new HashSet<>(4);

        void bot(int hour) {
            bots++;
            if (hourBots == null) {
                hourBots = new long[24];
            }
            hourBots[hour]++;
        }

        void addTotals(Sums from) {
            total += from.total;
            bots += from.bots;
            qr += from.qr;
            for (int h = 0; h < 24; h++) {
                hours[h] += from.hours[h];
            }
            if (from.hourBots != null) {
                if (hourBots == null) {
                    hourBots = new long[24];
                }
                for (int h = 0; h < 24; h++) {
                    hourBots[h] += from.hourBots[h];
                }
            }
        }

        void addAll(Sums from) {
            addTotals(from);
            from.other.forEach((field, n) -> other.merge(field, n, Long::sum));
        }

        Map<String, Long> counts() {
            Map<String, Long> counts = new HashMap<>(other.size() + 8);
            counts.putAll(other);
            put(counts, ClickFields.TOTAL, total);
            put(counts, ClickFields.BOTS, bots);
            put(counts, ClickFields.QR, qr);
            for (int h = 0; h < 24; h++) {
                put(counts, ClickFields.hour(h), hours[h]);
                if (hourBots != null) {
                    put(counts, ClickFields.hourBots(h), hourBots[h]);
                }
            }
            return counts;
        }

        private static void put(Map<String, Long> counts, String field, long amount) {
            if (amount != 0) {
                counts.put(field, amount);
            }
        }
    }

    /** A link's day with the owner it counts for. */
    private record LinkDay(String owner, Sums sums) {}

    private static final String[] DEVICE_FIELDS = deviceFields();

    private final Map<Key, LinkDay> links = new HashMap<>();
    /** Owner and all-links sums of links forgotten before the seal: their clicks still count there. */
    private final Map<Key, Sums> forgotten = new HashMap<>();
    private long clicks;
    private long oldestMillis = Long.MAX_VALUE;

    /** @param visitor the click's visitor hash, null for a bot or when the day's salt is not known */
    void add(Click click, ClickClassifier.Classified classified, String visitor) {
        LocalDate day = LocalDate.ofEpochDay(Math.floorDiv(click.atMillis(), 86_400_000L));
        int hour = (int) (Math.floorMod(click.atMillis(), 86_400_000L) / 3_600_000L);
        Sums link = links.computeIfAbsent(new Key(click.code(), day), k -> new LinkDay(click.owner(), new Sums())).sums();
        link.total++;
        link.hours[hour]++;
        if (classified.bot()) {
            link.bot(hour);
        }
        if (classified.qr()) {
            link.qr++;
        }
        if (!classified.bot()) {
            link.other.merge(DEVICE_FIELDS[classified.device().ordinal()], 1L, Long::sum);
            link.other.merge(classified.referrer() == null ? ClickFields.REFERRER_OTHER : ClickFields.REFERRER + classified.referrer(), 1L, Long::sum);
            classified.country().ifPresent(country -> link.other.merge(ClickFields.COUNTRY + country, 1L, Long::sum));
            if (visitor != null) {
                link.visitors.add(visitor);
            }
        }
        clicks++;
        oldestMillis = Math.min(oldestMillis, click.atMillis());
    }

    /** Forgets what was summed for {@code code} (a link just deleted); its clicks stay in the owners' sums. */
    void forget(String code) {
        links.entrySet().removeIf(e -> {
            if (!e.getKey().subject().equals(code)) {
                return false;
            }
            addToOwners(forgotten, e.getKey(), e.getValue());
            return true;
        });
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

    /** One delta per link-day, and per owner-day and all-links-day that these links add to. */
    List<ClickDelta> deltas() {
        Map<Key, Sums> owners = new HashMap<>();
        forgotten.forEach((key, sums) -> owners.computeIfAbsent(key, k -> new Sums()).addAll(sums));
        List<ClickDelta> deltas = new ArrayList<>(links.size() + 8);
        links.forEach((key, linkDay) -> {
            addToOwners(owners, key, linkDay);
            deltas.add(new ClickDelta(key.subject(), key.day(), linkDay.sums().counts(), linkDay.sums().visitors));
        });
        owners.forEach((key, sums) -> deltas.add(new ClickDelta(key.subject(), key.day(), sums.counts(), Set.of())));
        return deltas;
    }

    /** Adds a link-day's totals, hours and {@code l:<code>} to its owner's and to all links' sums of that day. */
    private static void addToOwners(Map<Key, Sums> owners, Key key, LinkDay linkDay) {
        for (String subject : new String[] {ClickDelta.ownerSubject(linkDay.owner()), ClickDelta.ALL_SUBJECT}) {
            Sums sums = owners.computeIfAbsent(new Key(subject, key.day()), k -> new Sums());
            sums.addTotals(linkDay.sums());
            sums.other.merge(ClickFields.LINK + key.subject(), linkDay.sums().total, Long::sum);
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

    static LocalDate dayOf(long millis) {
        return LocalDate.ofInstant(java.time.Instant.ofEpochMilli(millis), ZoneOffset.UTC);
    }
}

package dev.shortcode.api.stats;

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
 * The clicks the flusher has classified and not yet handed to the store, summed per subject and
 * UTC day: each click adds to its link, to its owner ({@code ~<key id>}) and to all links
 * ({@code ~*}). Only the flusher's thread touches it.
 *
 * <p>Per click: {@code t} and the hour's {@code hHH}; a bot's also {@code b} and {@code xHH}; a
 * QR scan's {@code q}; a human's, on the link, its device, referrer host, country and visitor
 * hash (bots are counted, never broken down, so they cannot leak into the human figures). The
 * owner subjects get the totals, the hours and a click for the link ({@code l:<code>}).
 */
final class ClickTally {

    private record Key(String subject, LocalDate day) {}

    private static final class Sums {
        final Map<String, Long> counts = new HashMap<>();
        final Set<String> visitors = new HashSet<>();

        void add(String field) {
            counts.merge(field, 1L, Long::sum);
        }
    }

    private final Map<Key, Sums> sums = new HashMap<>();
    private long clicks;
    private long oldestMillis = Long.MAX_VALUE;

    /** @param visitor the click's visitor hash, null for a bot or when the day's salt is not known */
    void add(Click click, ClickClassifier.Classified classified, String visitor) {
        LocalDate day = LocalDate.ofEpochDay(Math.floorDiv(click.atMillis(), 86_400_000L));
        int hour = (int) (Math.floorMod(click.atMillis(), 86_400_000L) / 3_600_000L);
        Sums link = sums.computeIfAbsent(new Key(click.code(), day), k -> new Sums());
        Sums owner = sums.computeIfAbsent(new Key(ClickDelta.ownerSubject(click.owner()), day), k -> new Sums());
        Sums all = sums.computeIfAbsent(new Key(ClickDelta.ALL_SUBJECT, day), k -> new Sums());
        for (Sums s : List.of(link, owner, all)) {
            s.add(ClickFields.TOTAL);
            s.add(ClickFields.hour(hour));
            if (classified.bot()) {
                s.add(ClickFields.BOTS);
                s.add(ClickFields.hourBots(hour));
            }
            if (classified.qr()) {
                s.add(ClickFields.QR);
            }
        }
        owner.add(ClickFields.LINK + click.code());
        all.add(ClickFields.LINK + click.code());
        if (!classified.bot()) {
            link.add(ClickFields.DEVICE + ClickClassifier.deviceName(classified.device()));
            link.add(classified.referrer() == null ? ClickFields.REFERRER_OTHER : ClickFields.REFERRER + classified.referrer());
            classified.country().ifPresent(country -> link.add(ClickFields.COUNTRY + country));
            if (visitor != null) {
                link.visitors.add(visitor);
            }
        }
        clicks++;
        oldestMillis = Math.min(oldestMillis, click.atMillis());
    }

    /** Forgets what was summed for {@code code} (a link just deleted); its clicks stay in the owners' sums. */
    void forget(String code) {
        sums.keySet().removeIf(key -> key.subject().equals(code));
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

    List<ClickDelta> deltas() {
        List<ClickDelta> deltas = new ArrayList<>(sums.size());
        sums.forEach((key, s) -> deltas.add(new ClickDelta(key.subject(), key.day(), s.counts, s.visitors)));
        return deltas;
    }

    static LocalDate dayOf(long millis) {
        return LocalDate.ofInstant(java.time.Instant.ofEpochMilli(millis), ZoneOffset.UTC);
    }
}

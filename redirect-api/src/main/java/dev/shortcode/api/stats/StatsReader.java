package dev.shortcode.api.stats;

import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.error.NotFoundException;
import dev.shortcode.api.error.NotOwnerException;
import dev.shortcode.api.http.CallerContext;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.ClickBucket;
import dev.shortcode.core.store.ClickDelta;
import dev.shortcode.core.store.ClickFields;
import dev.shortcode.core.store.ClickRetention;
import dev.shortcode.core.store.ClickStore;
import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.LinkRecord;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Answers the stats endpoints from the {@link ClickStore}: a link's series, totals and breakdowns
 * (its owner or an admin only), and an API key's links together.
 *
 * <p>A link's stats are those of its code since the link was created: a code issued again after
 * an older link with it expired (a pool that wrapped) does not inherit the older link's clicks.
 * An expired link's stats stay readable (its owner is found in the archive) until their retention
 * ends; a deleted link's are gone with it (their counts are deleted at once; in Redis mode the
 * endpoint answers 404 once the removal reached HBase through the outbox, normally within a
 * second).
 */
public final class StatsReader {

    static final int DEFAULT_LINKS = 10;
    static final int MAX_LINKS = 100;

    private final ClickStore clicks;
    private final HotStore hotStore;
    private final Archive archive;
    private final Clock clock;
    private final boolean countries;

    StatsReader(ClickStore clicks, HotStore hotStore, Archive archive, Clock clock, boolean countries) {
        this.clicks = clicks;
        this.hotStore = hotStore;
        this.archive = archive;
        this.clock = clock;
        this.countries = countries;
    }

    public CompletionStage<StatsViews.LinkStats> link(String code, String unit, String units, String reference, ApiKey caller) {
        StatsWindow window;
        try {
            window = StatsWindow.parse(unit, units, reference, clock);
        } catch (InvalidRequestException e) {
            return CompletableFuture.failedFuture(e);
        }
        return CallerContext.resume(owner(code).thenCompose(link -> {
            if (caller != null && !caller.allows(ApiKey.Scope.ADMIN) && !caller.id().equals(link.ownerKeyId())) {
                throw new NotOwnerException(code, "read its stats");
            }
            return buckets(code, window).thenApply(buckets -> linkView(code, window, since(buckets, link.createdAt(), window)));
        }));
    }

    public CompletionStage<StatsViews.OwnerStats> owner(String unit, String units, String reference, String limit, ApiKey caller) {
        StatsWindow window;
        int links;
        try {
            window = StatsWindow.parse(unit, units, reference, clock);
            links = limit(limit);
        } catch (InvalidRequestException e) {
            return CompletableFuture.failedFuture(e);
        }
        boolean all = caller == null || caller.allows(ApiKey.Scope.ADMIN);
        String subject = all ? ClickDelta.ALL_SUBJECT : ClickDelta.ownerSubject(caller.id());
        return CallerContext.resume(buckets(subject, window).thenApply(buckets -> {
            Totals sums = sums(window, buckets, false);
            Map<String, Long> byLink = new HashMap<>();
            Map<String, Long> byDomain = new HashMap<>();
            for (ClickBucket b : buckets) {
                b.counts().forEach((field, n) -> {
                    if (ClickFields.isLink(field)) {
                        byLink.merge(field.substring(ClickFields.LINK.length()), n, Long::sum);
                    } else if (field.startsWith(ClickFields.DOMAIN)) {
                        byDomain.merge(field.substring(ClickFields.DOMAIN.length()), n, Long::sum);
                    }
                });
            }
            List<StatsViews.DomainClicks> domains = byDomain.isEmpty() ? null
                    : mostFirst(byDomain).map(e -> new StatsViews.DomainClicks(e.getKey(), e.getValue())).toList();
            List<StatsViews.LinkClicks> top = mostFirst(byLink).limit(links).map(e -> new StatsViews.LinkClicks(e.getKey(), e.getValue())).toList();
            StatsViews.OwnerTotals totals = new StatsViews.OwnerTotals(sums.clicks, sums.clicks - sums.bots, sums.bots, sums.qr);
            return new StatsViews.OwnerStats(all ? "all" : caller.id(), window.unit().label(), window.starts().size(),
                    window.reference().toString(), totals, sums.series, top, domains);
        }));
    }

    /** Counts by name, the most first, ties by name. */
    private static java.util.stream.Stream<Map.Entry<String, Long>> mostFirst(Map<String, Long> counts) {
        return counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
    }

    private static int limit(String text) {
        if (text == null || text.isBlank()) {
            return DEFAULT_LINKS;
        }
        try {
            int n = Integer.parseInt(text.trim());
            if (n >= 1 && n <= MAX_LINKS) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new InvalidRequestException("invalid-limit", "limit must be a whole number from 1 to " + MAX_LINKS + "; got '"
                + Echo.of(text) + "'");
    }

    /** The link as the hot store has it now, else as the archive kept it (expired); a 404 when neither has it (never made, or deleted). */
    private CompletionStage<LinkRecord> owner(String code) {
        return hotStore.peek(code).thenCompose(live -> live.isPresent() ? CompletableFuture.completedFuture(live)
                : archive.get(code)).thenApply(found -> found.orElseThrow(
                        () -> new NotFoundException("no link has the code '" + Echo.of(code) + "' (or it was deleted)")));
    }

    private CompletionStage<List<ClickBucket>> buckets(String subject, StatsWindow window) {
        if (window.unit() == StatsWindow.Unit.MONTH) {
            return clicks.months(subject, YearMonth.from(window.firstDay()), YearMonth.from(window.lastDay()));
        }
        return clicks.days(subject, window.firstDay(), window.lastDay());
    }

    /** The buckets that ended after the link was created; the one it was created in is kept whole. */
    private static List<ClickBucket> since(List<ClickBucket> buckets, Instant createdAt, StatsWindow window) {
        List<ClickBucket> kept = new ArrayList<>(buckets.size());
        for (ClickBucket b : buckets) {
            Instant start = b.start().atStartOfDay(ZoneOffset.UTC).toInstant();
            Instant end = window.unit() == StatsWindow.Unit.MONTH ? start.atOffset(ZoneOffset.UTC).plusMonths(1).toInstant()
                    : start.plusSeconds(86_400);
            if (end.isAfter(createdAt)) {
                kept.add(b);
            }
        }
        return kept;
    }

    private StatsViews.LinkStats linkView(String code, StatsWindow window, List<ClickBucket> buckets) {
        Totals sums = sums(window, buckets, true);
        Map<String, Long> devices = new TreeMap<>();
        for (String device : List.of("ios", "android", "desktop", "other")) {
            devices.put(device, 0L);
        }
        Map<String, Long> referrers = new HashMap<>();
        Map<String, Long> byCountry = new TreeMap<>();
        Map<Integer, Long> byVariant = new TreeMap<>();
        for (ClickBucket b : buckets) {
            b.counts().forEach((field, n) -> {
                if (field.startsWith(ClickFields.DEVICE)) {
                    devices.merge(field.substring(ClickFields.DEVICE.length()), n, Long::sum);
                } else if (ClickFields.isReferrer(field)) {
                    referrers.merge(field.equals(ClickFields.REFERRER_OTHER) ? "other" : field.substring(ClickFields.REFERRER.length()),
                            n, Long::sum);
                } else if (field.startsWith(ClickFields.COUNTRY)) {
                    byCountry.merge(field.substring(ClickFields.COUNTRY.length()), n, Long::sum);
                } else if (field.startsWith(ClickFields.VARIANT)) {
                    variantIndex(field).ifPresent(v -> byVariant.merge(v, n, Long::sum));
                }
            });
        }
        StatsViews.Totals totals = new StatsViews.Totals(sums.clicks, sums.clicks - sums.bots, sums.bots, sums.uniques, sums.qr);
        return new StatsViews.LinkStats(code, window.unit().label(), window.starts().size(), window.reference().toString(), totals,
                sums.series, devices, topReferrers(referrers), countries ? byCountry : null,
                byVariant.isEmpty() ? null : byVariant.entrySet().stream().map(e -> new StatsViews.VariantClicks(e.getKey(), e.getValue())).toList());
    }

    private static Optional<Integer> variantIndex(String field) {
        try {
            return Optional.of(Integer.parseInt(field.substring(ClickFields.VARIANT.length())));
        } catch (NumberFormatException e) {
            return Optional.empty(); // not a field this service writes
        }
    }

    /** Most clicks first; at most {@value ClickRetention#MAX_REFERRERS} hosts, the rest as {@code other}. */
    static List<StatsViews.Referrer> topReferrers(Map<String, Long> referrers) {
        List<Map.Entry<String, Long>> sorted = new ArrayList<>(referrers.entrySet());
        sorted.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry.comparingByKey()));
        Map<String, Long> kept = new LinkedHashMap<>();
        long other = 0;
        for (Map.Entry<String, Long> e : sorted) {
            if (e.getKey().equals("other") || kept.size() >= ClickRetention.MAX_REFERRERS) {
                other += e.getValue();
            } else {
                kept.put(e.getKey(), e.getValue());
            }
        }
        List<StatsViews.Referrer> result = new ArrayList<>();
        kept.forEach((host, n) -> result.add(new StatsViews.Referrer(host, n)));
        if (other > 0) {
            result.add(new StatsViews.Referrer("other", other));
        }
        return result;
    }

    private static final class Totals {
        long clicks;
        long bots;
        long uniques;
        long qr;
        List<StatsViews.Point> series;
    }

    /** The window's series, and its totals summed from it. */
    private static Totals sums(StatsWindow window, List<ClickBucket> buckets, boolean withUniques) {
        Map<LocalDate, ClickBucket> byStart = new HashMap<>();
        for (ClickBucket b : buckets) {
            byStart.put(b.start(), b);
        }
        Totals t = new Totals();
        List<StatsViews.Point> series = new ArrayList<>(window.starts().size());
        for (Instant start : window.starts()) {
            LocalDate day = LocalDate.ofInstant(start, ZoneOffset.UTC);
            ClickBucket b = byStart.get(window.unit() == StatsWindow.Unit.MONTH ? YearMonth.from(day).atDay(1) : day);
            long clicks;
            long bots;
            Long uniques;
            long qr;
            if (window.unit() == StatsWindow.Unit.HOUR) {
                int hour = start.atOffset(ZoneOffset.UTC).getHour();
                clicks = b == null ? 0 : b.count(ClickFields.hour(hour));
                bots = b == null ? 0 : b.count(ClickFields.hourBots(hour));
                uniques = null;
                qr = 0;
            } else {
                clicks = b == null ? 0 : b.count(ClickFields.TOTAL);
                bots = b == null ? 0 : b.count(ClickFields.BOTS);
                uniques = !withUniques ? null : b == null ? 0L : b.count(ClickFields.UNIQUES);
                qr = b == null ? 0 : b.count(ClickFields.QR);
                t.uniques += uniques == null ? 0 : uniques;
                t.qr += qr;
            }
            t.clicks += clicks;
            t.bots += bots;
            series.add(new StatsViews.Point(start.toString(), clicks, clicks - bots, bots, uniques, qr));
        }
        if (window.unit() == StatsWindow.Unit.HOUR) {
            // Hours carry no uniques or QR counts of their own: those of the days the window touches.
            for (ClickBucket b : buckets) {
                t.uniques += b.count(ClickFields.UNIQUES);
                t.qr += b.count(ClickFields.QR);
            }
        }
        t.series = series;
        return t;
    }
}

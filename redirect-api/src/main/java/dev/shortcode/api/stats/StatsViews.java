package dev.shortcode.api.stats;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/** The JSON of the stats endpoints. Times are ISO-8601 UTC text; buckets are UTC hours, days or months. */
public final class StatsViews {

    private StatsViews() {}

    /**
     * @param uniques unique visitors, summed over the window's days (a visitor counts once per
     *                day; estimated, see docs/API.md); with {@code unit=hour}, of the whole UTC days
     *                the window touches
     * @param qrScans clicks that came from the link's QR code (they are among {@code clicks}); with
     *                {@code unit=hour}, too, of the whole days the window touches
     */
    public record Totals(long clicks, long humans, long bots, long uniques, long qrScans) {}

    /** An owner's totals: uniques are counted per link only. */
    public record OwnerTotals(long clicks, long humans, long bots, long qrScans) {}

    /** @param uniques the day's or month's unique visitors; absent for hours */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Point(String start, long clicks, long humans, long bots, Long uniques, long qrScans) {}

    public record Referrer(String host, long clicks) {}

    public record LinkClicks(String code, long clicks) {}

    /** Human clicks sent to one variant of a link's split, by its index in the split (0 for the first). */
    public record VariantClicks(int variant, long clicks) {}

    /**
     * A link's stats. The breakdowns ({@code devices}, {@code referrers}, {@code countries}) count
     * human clicks; with {@code unit=hour} they cover the whole UTC days the window touches.
     * {@code countries} is absent when no country database is configured; {@code variants} when no
     * click in the window went to a split's variant.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LinkStats(String code, String unit, int units, String unitReference, Totals totals, List<Point> series,
            Map<String, Long> devices, List<Referrer> referrers, Map<String, Long> countries, List<VariantClicks> variants) {}

    /** Clicks on the links of one branded domain. */
    public record DomainClicks(String host, long clicks) {}

    /**
     * An API key's links together ({@code owner} its id, or {@code all} for an admin): totals
     * without uniques (those are per link), the series and the links with the most clicks;
     * {@code domains}, the clicks per branded domain, most first (the default domain's are the
     * rest of the total), absent when no link of a branded domain was clicked in the window.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record OwnerStats(String owner, String unit, int units, String unitReference, OwnerTotals totals, List<Point> series,
            List<LinkClicks> links, List<DomainClicks> domains) {}
}

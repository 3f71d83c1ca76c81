package dev.shortcode.core.capacity;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * How long each pool lasts and what its stores will need: pure arithmetic over measured inputs,
 * no I/O, no clock of its own (callers pass {@code now}).
 *
 * <h2>Rates</h2>
 * Daily counts are per UTC day, today's partial. The last 24 hours are today plus the part of
 * yesterday still inside the window (yesterday assumed even). The 7- and 30-day means are over
 * full days before today, starting no earlier than the first recorded day, so a young series is
 * not diluted by days before the service ran; a series with no full day extrapolates today. The
 * forecast rate is the 7-day mean. The trend is a least-squares line over up to 28 full days.
 *
 * <h2>Wrap</h2>
 * Days to wrap = (capacity - leased this epoch) / rate. Along the trend r(t) = r0 + s·t, the pool
 * wraps when r0·T + s·T²/2 = remaining (never, if a falling trend stops short).
 *
 * <h2>Live fraction at the wrap</h2>
 * An epoch lasts E = C / r days. Every link lives at least its TTL, so the codes of the last
 * min(TTL, E) days before the wrap are all live: the lower bound f ≥ min(TTL, E) / E = min(1, r·TTL / C).
 * Older codes survive only when visits keep extending them, or when they are permanent: with s
 * the share of codes older than the TTL that are still live (measured from a sample of live links
 * and the daily counts, or 1 for the permanent share), f = min(TTL, E) / E + max(0, 1 - TTL / E)·s.
 * After the wrap a fresh code is taken with probability f: 1 / (1 - f) attempts per create, r·f
 * skipped codes a day. In epoch 0 codes are unique, so creates pay nothing now; in later epochs
 * the live fraction now is what they pay (an upper bound: live codes of this epoch never collide).
 */
public final class CapacityModel {

    /** Readings spanning less than this give no last-hour rate: one lease would dominate it. */
    public static final Duration MIN_HOUR_SPAN = Duration.ofMinutes(10);
    /** Full days a trend needs before it says anything. */
    public static final int MIN_TREND_DAYS = 7;
    static final int TREND_DAYS = 28;
    /** A live fraction at the wrap above this costs creates noticeably: 1 in 10 codes skipped. */
    public static final double WATCH_LIVE_FRACTION = 0.10;
    /** Above this every other code is taken: creates slow down and Redis load doubles. */
    public static final double ACT_LIVE_FRACTION = 0.50;
    /** A permanent pool that wraps re-issues codes whose links never expire: warn this early. */
    static final double PERMANENT_WATCH_DAYS = 10 * 365.25;
    static final double PERMANENT_ACT_DAYS = 365.25;
    /** A wrap further out than this is no operational concern, whatever will be live then. */
    public static final double HORIZON_DAYS = 50 * 365.25;
    /** No calendar date is given for a wrap further out than this. */
    static final double DATED_DAYS = 1_000 * 365.25;
    /** A store that fills within this many days needs action now. */
    public static final double ACT_STORE_DAYS = 7;
    public static final double WATCH_STORE_DAYS = 30;

    private static final double SECONDS_PER_DAY = 86_400;
    private static final double DAYS_PER_MONTH = 365.25 / 12;
    /**
     * Redis bytes of a link beyond its URL and record fields: dictionary and expires entries, object
     * and string headers, bucket slots, allocator rounding. Measured: 235 B per link for 62-byte
     * URLs at 10 million links (used_memory / keys, docs/BENCHMARKS.md) = 128 + 45 + 62.
     */
    static final double REDIS_OVERHEAD_BYTES = 128;
    /** Record fields beside the URL (LinkRecordCodec, ~30) and the link key. */
    static final double RECORD_BYTES = 45;
    /** Archive bytes of a link beyond its URL: row key, qualifiers, timestamps, before compression. */
    static final double ARCHIVE_OVERHEAD_BYTES = 80;

    private CapacityModel() {}

    // ---------------------------------------------------------------- rates

    public static IssueRates rates(Map<LocalDate, Long> issuedPerDay, List<CounterReading> readings, Instant now) {
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        double elapsed = (now.getEpochSecond() - today.atStartOfDay(ZoneOffset.UTC).toEpochSecond()) / SECONDS_PER_DAY;
        LocalDate first = issuedPerDay.keySet().stream().min(Comparator.naturalOrder()).orElse(today);
        long todayCount = issuedPerDay.getOrDefault(today, 0L);
        long yesterday = issuedPerDay.getOrDefault(today.minusDays(1), 0L);
        double last24h = todayCount + yesterday * (1 - elapsed);
        if (issuedPerDay.isEmpty()) {
            return new IssueRates(lastHour(readings, now), 0, 0, 0, null);
        }
        double mean7 = mean(issuedPerDay, today, first, 7, todayCount, elapsed);
        double mean30 = mean(issuedPerDay, today, first, 30, todayCount, elapsed);
        return new IssueRates(lastHour(readings, now), last24h, mean7, mean30, trend(issuedPerDay, today, first));
    }

    /** Mean of the {@code days} full days before today, from the first recorded day at the earliest. */
    private static double mean(Map<LocalDate, Long> series, LocalDate today, LocalDate first, int days, long todayCount,
            double elapsed) {
        LocalDate from = today.minusDays(days);
        if (first.isAfter(from)) {
            from = first;
        }
        long full = today.toEpochDay() - from.toEpochDay();
        if (full <= 0) {
            // Only today so far: extrapolate, with at least an hour behind it so a minute's burst is not a day's rate.
            return todayCount / Math.max(elapsed, 1.0 / 24);
        }
        long sum = 0;
        for (LocalDate d = from; d.isBefore(today); d = d.plusDays(1)) {
            sum += series.getOrDefault(d, 0L);
        }
        return (double) sum / full;
    }

    private static Double lastHour(List<CounterReading> readings, Instant now) {
        if (readings.isEmpty()) {
            return null;
        }
        CounterReading newest = readings.get(readings.size() - 1);
        Instant from = now.minus(Duration.ofHours(1));
        CounterReading oldest = null;
        for (CounterReading r : readings) {
            if (r.epoch() == newest.epoch() && !r.at().isBefore(from)) {
                oldest = r;
                break;
            }
        }
        if (oldest == null) {
            return null;
        }
        double span = Duration.between(oldest.at(), newest.at()).toMillis() / 1000.0;
        if (span < MIN_HOUR_SPAN.toSeconds()) {
            return null;
        }
        return Math.max(0, newest.leased() - oldest.leased()) * SECONDS_PER_DAY / span;
    }

    /** Least-squares line over the last full days; the slope relative to the window's mean, per week. */
    private static Double trend(Map<LocalDate, Long> series, LocalDate today, LocalDate first) {
        double[] line = line(series, today, first);
        if (line == null) {
            return null;
        }
        double mean = line[2];
        return mean <= 0 ? null : line[0] * 7 / mean;
    }

    /** {slope per day, value fitted at today, window mean}, or null with too few days. */
    private static double[] line(Map<LocalDate, Long> series, LocalDate today, LocalDate first) {
        LocalDate from = today.minusDays(TREND_DAYS);
        if (first.isAfter(from)) {
            from = first;
        }
        int n = (int) (today.toEpochDay() - from.toEpochDay());
        if (n < MIN_TREND_DAYS) {
            return null;
        }
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (int i = 0; i < n; i++) {
            double x = i - n; // today is x = 0, yesterday x = -1
            double y = series.getOrDefault(from.plusDays(i), 0L);
            sx += x;
            sy += y;
            sxx += x * x;
            sxy += x * y;
        }
        double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
        double intercept = (sy - slope * sx) / n;
        return new double[] {slope, Math.max(0, intercept), sy / n};
    }

    // ---------------------------------------------------------------- pools

    public static PoolForecast forecast(PoolInputs in, Instant now) {
        IssueRates rates = rates(in.issuedPerDay(), in.readings(), now);
        double rate = rates.forecast();
        long leased = Math.min(in.leasedThisEpoch(), in.capacity());
        double remaining = (double) in.capacity() - leased;
        double capacity = in.capacity();
        Double daysToWrap = rate > 0 ? remaining / rate : null;
        Double atTrend = daysAlongTrend(in.issuedPerDay(), now, remaining);
        Instant wrapsAt = daysToWrap == null || daysToWrap > DATED_DAYS ? null : now.plusSeconds(Math.round(daysToWrap * SECONDS_PER_DAY));

        double ttlDays = in.idleTtl().toSeconds() / SECONDS_PER_DAY;
        double liveFraction = in.live().count() / capacity;
        double lowerBound = rate > 0 ? Math.min(1, rate * ttlDays / capacity) : 0;
        double survival = survivalPastTtl(in, now, ttlDays);
        double permanentShare = permanentShare(in);
        double tail = permanentShare + (1 - permanentShare) * (Double.isNaN(survival) ? 0 : survival);
        double atWrap = lowerBound;
        if (rate > 0) {
            double epochDays = capacity / rate;
            atWrap = Math.min(1, Math.min(ttlDays, epochDays) / epochDays + Math.max(0, 1 - ttlDays / epochDays) * tail);
        }
        String basis = basis(in, survival, permanentShare);

        Collisions current = in.epoch() == 0 ? Collisions.NONE : Collisions.of(liveFraction, rate);
        Collisions afterWrap = Collisions.of(atWrap, rate);
        Double bytesPerLink = Double.isNaN(in.bytesPerLink()) ? null : in.bytesPerLink();
        Double hotBytes = bytesPerLink == null ? null : bytesPerLink * in.live().count();
        Verdict verdict = verdict(in, rates, daysToWrap, ttlDays, liveFraction, atWrap, permanentShare);
        return new PoolForecast(in.pool(), in.length(), in.capacity(), in.idleTtl(), in.permanent(), in.epoch(), leased,
                leased / capacity, rates, daysToWrap, atTrend, wrapsAt, in.live(), liveFraction, lowerBound, atWrap, basis,
                current, afterWrap, bytesPerLink, hotBytes, verdict);
    }

    private static Double daysAlongTrend(Map<LocalDate, Long> series, Instant now, double remaining) {
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        LocalDate first = series.keySet().stream().min(Comparator.naturalOrder()).orElse(today);
        double[] line = series.isEmpty() ? null : line(series, today, first);
        if (line == null) {
            return null;
        }
        double s = line[0];
        double r0 = line[1];
        if (Math.abs(s) < 1e-12) {
            return r0 > 0 ? remaining / r0 : null;
        }
        double disc = r0 * r0 + 2 * s * remaining;
        if (disc < 0) {
            return null; // a falling rate that reaches zero before the pool is used up
        }
        double t = (-r0 + Math.sqrt(disc)) / s;
        return t >= 0 ? t : null;
    }

    /**
     * The share of codes older than the TTL that are still live: live links older than the TTL
     * (the sample's share of the live estimate) over the codes issued more than a TTL ago.
     * NaN when unknown (no sample, or nothing that old issued).
     */
    static double survivalPastTtl(PoolInputs in, Instant now, double ttlDays) {
        LiveAges ages = in.ages();
        if (ages.sampled() == 0) {
            return Double.NaN;
        }
        LocalDate cutoff = LocalDate.ofInstant(now.minusSeconds(Math.round(ttlDays * SECONDS_PER_DAY)), ZoneOffset.UTC);
        long issuedBefore = 0;
        for (Map.Entry<LocalDate, Long> e : in.issuedPerDay().entrySet()) {
            if (e.getKey().isBefore(cutoff)) {
                issuedBefore += e.getValue();
            }
        }
        if (issuedBefore == 0) {
            return Double.NaN;
        }
        double olderLive = in.live().count() * (double) ages.olderThanTtl() / ages.sampled();
        return Math.min(1, olderLive / issuedBefore);
    }

    /** Permanent links keep their codes for good: their share counts as surviving. Unknown in a permanent pool: all of it. */
    static double permanentShare(PoolInputs in) {
        if (!in.permanent()) {
            return 0;
        }
        return in.ages().sampled() == 0 ? 1 : (double) in.ages().permanent() / in.ages().sampled();
    }

    private static String basis(PoolInputs in, double survival, double permanentShare) {
        StringBuilder b = new StringBuilder("rate × TTL / capacity");
        if (!Double.isNaN(survival)) {
            b.append(", plus ").append(Human.percent(survival)).append(" of older codes kept alive by visits (sampled)");
        } else {
            b.append("; survival past the TTL not measured yet (no codes older than the TTL, or no sample)");
        }
        if (permanentShare > 0) {
            b.append(", plus the permanent share ").append(Human.percent(permanentShare))
                    .append(in.ages().sampled() == 0 ? " (assumed: not sampled)" : " (sampled)");
        }
        return b.toString();
    }

    private static Verdict verdict(PoolInputs in, IssueRates rates, Double daysToWrap, double ttlDays, double liveFraction,
            double atWrap, double permanentShare) {
        String ttl = Human.ttl(ttlDays);
        if (daysToWrap == null) {
            if (in.issuedPerDay().isEmpty()) {
                return Verdict.healthy("healthy: no codes issued yet");
            }
            return Verdict.healthy("healthy: nothing issued lately; " + Human.percent((double) in.leasedThisEpoch() / in.capacity())
                    + " of the pool used");
        }
        String wraps = "wraps in " + Human.days(daysToWrap);
        if (!in.permanent() && daysToWrap < ttlDays) {
            return Verdict.act(wraps + ", before its " + ttl + " TTL: raise the length or lower the TTL");
        }
        if (daysToWrap > HORIZON_DAYS) {
            return Verdict.healthy("healthy: " + Human.days(daysToWrap) + " to wrap");
        }
        if (in.permanent() && permanentShare > 0 && daysToWrap < PERMANENT_WATCH_DAYS) {
            String why = wraps + ", and its permanent links never give their codes back: raise the length";
            return daysToWrap < PERMANENT_ACT_DAYS ? Verdict.act(why) : Verdict.watch(why);
        }
        if (atWrap > ACT_LIVE_FRACTION) {
            return Verdict.act(wraps + " with " + Human.percent(atWrap) + " of its codes still live: creates would retry "
                    + attempts(atWrap) + "; raise the length");
        }
        if (atWrap > WATCH_LIVE_FRACTION) {
            return Verdict.watch(wraps + " with " + Human.percent(atWrap) + " of its codes still live: creates would retry "
                    + attempts(atWrap) + "; plan a longer length");
        }
        if (daysToWrap < 2 * ttlDays) {
            return Verdict.watch(wraps + ", within twice its " + ttl + " TTL: plan a longer length");
        }
        if (in.epoch() > 0 && liveFraction > WATCH_LIVE_FRACTION) {
            return Verdict.watch("in epoch " + in.epoch() + " with " + Human.percent(liveFraction) + " of its codes live: creates retry "
                    + attempts(liveFraction));
        }
        return Verdict.healthy("healthy: " + Human.days(daysToWrap) + " to wrap");
    }

    private static String attempts(double f) {
        return f >= 1 ? "without end (no free code)" : String.format(java.util.Locale.ROOT, "%.2f times per code", 1 / (1 - f));
    }

    // ---------------------------------------------------------------- stores

    /**
     * Each pool fills the hot store at rate × bytes per link until it holds rate × TTL links (its
     * steady state: from then on as many expire as are created); the store is full when the sum of
     * what the filling pools add reaches its limit.
     */
    public static HotStoreForecast hotStore(HotStoreInputs in) {
        double linkBytes = 0;
        boolean measured = true;
        double steady = in.usedBytes();
        List<double[]> filling = new ArrayList<>(); // {bytes per day, days until steady}
        for (PoolLoad p : in.pools()) {
            if (Double.isNaN(p.bytesPerLink())) {
                measured = false;
                continue;
            }
            linkBytes += p.bytesPerLink() * p.liveLinks();
            double steadyLinks = p.ratePerDay() * p.hotTtl().toSeconds() / SECONDS_PER_DAY;
            if (steadyLinks > p.liveLinks() && p.ratePerDay() > 0) {
                double missing = steadyLinks - p.liveLinks();
                steady += missing * p.bytesPerLink();
                filling.add(new double[] {p.ratePerDay() * p.bytesPerLink(), missing / p.ratePerDay()});
            }
        }
        double growth = filling.stream().mapToDouble(f -> f[0]).sum();
        Double daysToFull = null;
        if (in.maxBytes() > 0) {
            daysToFull = daysUntil(in.maxBytes() - (double) in.usedBytes(), filling);
        }
        Verdict verdict = storeVerdict(in.kind().equals("redis") ? "Redis" : "the hot store", in.maxBytes(), steady, daysToFull,
                "maxmemory");
        return new HotStoreForecast(in.kind(), in.usedBytes(), in.maxBytes(), measured ? linkBytes : null, steady, growth,
                daysToFull, verdict);
    }

    /** When the piecewise-linear growth of the filling pools adds up to {@code room}; null if never. */
    private static Double daysUntil(double room, List<double[]> filling) {
        if (room <= 0) {
            return 0.0;
        }
        List<double[]> byEnd = new ArrayList<>(filling);
        byEnd.sort(Comparator.comparingDouble(f -> f[1]));
        double t = 0;
        double added = 0;
        double slope = byEnd.stream().mapToDouble(f -> f[0]).sum();
        for (double[] f : byEnd) {
            double segment = f[1] - t;
            if (added + slope * segment >= room) {
                return t + (room - added) / slope;
            }
            added += slope * segment;
            t = f[1];
            slope -= f[0];
        }
        return null;
    }

    public static ArchiveForecast archive(ArchiveInputs in) {
        Double bytesPerLink = Double.isNaN(in.bytesPerLink()) ? null : in.bytesPerLink();
        Double growth = bytesPerLink == null ? null : bytesPerLink * in.ratePerDay();
        Double inAYear = growth == null ? null : in.bytes() + growth * 365;
        Double daysToBudget = null;
        if (in.budgetBytes() > 0 && growth != null) {
            double room = in.budgetBytes() - (double) in.bytes();
            daysToBudget = room <= 0 ? 0.0 : growth > 0 ? room / growth : null;
        }
        Verdict verdict;
        if (in.budgetBytes() <= 0) {
            verdict = Verdict.healthy(growth == null ? "no archive budget set; growth not measured yet"
                    : "no archive budget set; grows " + bytes(growth) + " a day");
        } else {
            verdict = storeVerdict("the archive", in.budgetBytes(), in.bytes(), daysToBudget, "budget");
        }
        return new ArchiveForecast(in.bytes(), in.budgetBytes(), bytesPerLink, growth, inAYear, daysToBudget, verdict);
    }

    private static Verdict storeVerdict(String what, long limit, double steady, Double days, String limitName) {
        if (limit <= 0) {
            return Verdict.healthy(what + ": no " + limitName + " set; needs " + bytes(steady) + " once full");
        }
        if (days == null) {
            return Verdict.healthy(what + ": fits, " + bytes(steady) + " of " + bytes(limit) + " once full");
        }
        String full = what + " reaches its " + limitName + " of " + bytes(limit) + " in " + Human.days(days);
        if (days < ACT_STORE_DAYS) {
            return Verdict.act(full + ": raise it or shorten TTLs now");
        }
        if (days < WATCH_STORE_DAYS) {
            return Verdict.watch(full + ": plan more room");
        }
        return Verdict.healthy(full);
    }

    /** Bytes as people read them: "930 B", "1.2 TB" (decimal units). */
    public static String bytes(double b) {
        String[] units = {"B", "kB", "MB", "GB", "TB", "PB", "EB"};
        int u = 0;
        while (Math.abs(b) >= 1000 && u < units.length - 1) {
            b /= 1000;
            u++;
        }
        return (u == 0 ? String.valueOf(Math.round(b)) : String.format(java.util.Locale.ROOT, Math.abs(b) < 10 ? "%.1f" : "%.0f", b))
                + " " + units[u];
    }

    // ---------------------------------------------------------------- what-if

    /**
     * The plan's pools: for each length, the days until it wraps along the compounded growth, the
     * live fraction at that moment (the rate then × each TTL, plus the permanent share of the
     * epoch's codes), the hot-store bytes at today's and next year's volume, and the archive's growth.
     */
    public static PlanResult plan(PlanInputs in, Instant now) {
        double nonPermanent = 1 - in.permanentShare();
        double shareSum = in.ttlMix().stream().mapToDouble(TtlShare::share).sum();
        double meanTtlDays = 0;
        for (TtlShare t : in.ttlMix()) {
            meanTtlDays += (shareSum > 0 ? t.share() / shareSum : 0) * t.ttl().toSeconds() / SECONDS_PER_DAY;
        }
        double maxTtlDays = in.ttlMix().stream().mapToDouble(t -> t.ttl().toSeconds() / SECONDS_PER_DAY).max().orElse(0);
        double hotTtlDays = in.permanentHotTtl().toSeconds() / SECONDS_PER_DAY;
        double redisPerLink = Double.isNaN(in.redisBytesPerLink()) ? REDIS_OVERHEAD_BYTES + RECORD_BYTES + in.urlLength()
                : in.redisBytesPerLink();
        double archivePerLink = Double.isNaN(in.archiveBytesPerLink()) ? ARCHIVE_OVERHEAD_BYTES + in.urlLength()
                : in.archiveBytesPerLink();
        double k = Math.log1p(in.growthPerMonth()) / DAYS_PER_MONTH; // continuous growth per day
        double hotLinksPerDailyLink = nonPermanent * meanTtlDays + in.permanentShare() * hotTtlDays;
        double volumeIn1Year = in.dailyVolume() * Math.exp(k * 365);
        double archivedIn1Year = Math.abs(k) < 1e-12 ? in.dailyVolume() * 365 : in.dailyVolume() * Math.expm1(k * 365) / k;

        List<PlanOption> options = new ArrayList<>();
        for (int length : in.lengths()) {
            long capacity = dev.shortcode.core.code.CodeSpace.ofLength(length).capacity();
            Double days = daysToIssue(capacity, in.dailyVolume(), k);
            double rateAtWrap = days == null ? in.dailyVolume() : in.dailyVolume() * Math.exp(k * days);
            double live = 0;
            for (TtlShare t : in.ttlMix()) {
                double share = shareSum > 0 ? t.share() / shareSum : 0;
                live += nonPermanent * share * rateAtWrap * t.ttl().toSeconds() / SECONDS_PER_DAY;
            }
            double f = Math.min(1, live / capacity + in.permanentShare());
            if (days == null) {
                f = Math.min(1, live / capacity); // never wraps: nothing collides
            }
            Collisions c = Collisions.of(f, rateAtWrap);
            Instant wrapsAt = days == null || days > DATED_DAYS ? null : now.plusSeconds(Math.round(days * SECONDS_PER_DAY));
            Verdict verdict = planVerdict(days, f, maxTtlDays, in.permanentShare());
            options.add(new PlanOption(length, capacity, days, wrapsAt, f, c.attemptsPerCreate(), c.skippedPerDay(),
                    in.dailyVolume() * hotLinksPerDailyLink * redisPerLink, volumeIn1Year * hotLinksPerDailyLink * redisPerLink,
                    archivedIn1Year * archivePerLink, verdict));
        }
        PlanOption best = options.stream().filter(o -> o.verdict().level() == Verdict.Level.HEALTHY)
                .min(Comparator.comparingInt(PlanOption::length))
                .orElseGet(() -> options.stream().max(Comparator.comparingInt(PlanOption::length)).orElse(null));
        String recommendation = best == null ? "no length to compare"
                : best.verdict().level() == Verdict.Level.HEALTHY
                        ? "use " + best.length() + " characters: " + best.verdict().reason()
                        : "none of the lengths is healthy; the longest, " + best.length() + " characters: " + best.verdict().reason();
        return new PlanResult(options, best == null ? null : best.length(), recommendation, redisPerLink, archivePerLink);
    }

    /** Days until {@code capacity} codes are issued at {@code r0} a day growing by e^(k·t); null if never. */
    static Double daysToIssue(double capacity, double r0, double k) {
        if (r0 <= 0) {
            return null;
        }
        if (Math.abs(k) < 1e-12) {
            return capacity / r0;
        }
        double x = 1 + capacity * k / r0;
        if (x <= 0) {
            return null; // a shrinking volume that never adds up to the capacity
        }
        return Math.log(x) / k;
    }

    private static Verdict planVerdict(Double days, double f, double maxTtlDays, double permanentShare) {
        if (days == null) {
            return Verdict.healthy("healthy: never wraps at this volume");
        }
        String wraps = "wraps in " + Human.days(days);
        if (days < maxTtlDays) {
            return Verdict.act(wraps + ", before its longest TTL (" + Human.ttl(maxTtlDays) + ")");
        }
        if (days > HORIZON_DAYS) {
            return Verdict.healthy("healthy: " + Human.days(days) + " to wrap");
        }
        if (permanentShare > 0 && days < PERMANENT_WATCH_DAYS) {
            return days < PERMANENT_ACT_DAYS ? Verdict.act(wraps + ", and permanent links never give their codes back")
                    : Verdict.watch(wraps + ", and permanent links never give their codes back");
        }
        if (f > ACT_LIVE_FRACTION) {
            return Verdict.act(wraps + " with " + Human.percent(f) + " of its codes live");
        }
        if (f > WATCH_LIVE_FRACTION) {
            return Verdict.watch(wraps + " with " + Human.percent(f) + " of its codes live");
        }
        if (days < 2 * maxTtlDays) {
            return Verdict.watch(wraps + ", within twice its longest TTL");
        }
        return Verdict.healthy("healthy: " + Human.days(days) + " to wrap, " + Human.percent(f) + " live at the wrap");
    }
}

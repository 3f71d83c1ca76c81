package dev.shortcode.api.capacity;

import dev.shortcode.core.capacity.PlanOption;
import dev.shortcode.core.capacity.PlanResult;
import java.time.Instant;
import java.util.List;

/**
 * What {@code POST /api/v1/capacity/plan} answers; verdict levels in lower case like the report's.
 *
 * @param recommendedLength the shortest healthy length, else the longest asked for
 */
public record PlanView(List<Option> options, Integer recommendedLength, String recommendation, double redisBytesPerLink,
        double archiveBytesPerLink) {

    /**
     * @param daysToWrap        along the planned growth; null when it never wraps
     * @param attemptsPerCreate after the wrap; null when no code is free then
     * @param redisBytes        at today's volume once full
     */
    public record Option(int length, long capacity, Double daysToWrap, Instant wrapsAt, double liveFractionAtWrap,
            Double attemptsPerCreate, double skippedPerDay, double redisBytes, double redisBytesIn1Year, double archiveBytesPerYear,
            CapacityReport.Verdict verdict) {}

    static PlanView of(PlanResult r) {
        return new PlanView(r.options().stream().map(PlanView::option).toList(), r.recommendedLength(), r.recommendation(),
                r.redisBytesPerLink(), r.archiveBytesPerLink());
    }

    private static Option option(PlanOption o) {
        return new Option(o.length(), o.capacity(), o.daysToWrap(), o.wrapsAt(), o.liveFractionAtWrap(), o.attemptsPerCreate(),
                o.skippedPerDay(), o.redisBytes(), o.redisBytesIn1Year(), o.archiveBytesPerYear(), CapacityReport.Verdict.of(o.verdict()));
    }
}

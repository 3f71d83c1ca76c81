package dev.shortcode.api.capacity;

import java.util.List;

/**
 * Body of {@code POST /api/v1/capacity/plan}. Only {@code dailyVolume} is required.
 *
 * @param dailyVolume      links created per day now
 * @param growthPerMonth   relative growth per month, compounded (0.05 = +5 %); default 0
 * @param ttlMix           TTLs of the non-permanent links and their shares; default: the configured pools' TTLs, equally
 * @param permanentShare   share of permanent links, 0..1; default 0
 * @param permanentHotTtl  how long a permanent link stays in Redis after its last visit; default the permanent pool's TTL
 * @param lengths          code lengths to compare; default 5, 6, 7, 8
 * @param urlLength        mean long-URL length in bytes; default 60
 * @param redisBytesPerLink   Redis bytes per link; default derived from urlLength
 * @param archiveBytesPerLink archive bytes per link; default derived from urlLength
 */
public record PlanRequest(Double dailyVolume, Double growthPerMonth, List<TtlShareRequest> ttlMix, Double permanentShare,
        String permanentHotTtl, List<Integer> lengths, Integer urlLength, Double redisBytesPerLink, Double archiveBytesPerLink) {

    /** @param ttl ISO-8601, e.g. P30D; share: any non-negative weight (the mix is normalised) */
    public record TtlShareRequest(String ttl, Double share) {}
}

package dev.shortcode.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * A link's click statistics ({@code GET /api/v1/links/{code}/stats}): the window's totals and one
 * bucket per unit, oldest first. {@code devices}, {@code referrers} and {@code countries} are kept
 * as the service sent them.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Stats(String code, String unit, int units, Map<String, Long> totals, List<Bucket> series,
                    JsonNode devices, JsonNode referrers, JsonNode countries) {

    /** One unit of the series: its start (ISO-8601) and its clicks. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Bucket(String start, long clicks) {
    }

    public long[] clicksPerUnit() {
        return series == null ? new long[0] : series.stream().mapToLong(Bucket::clicks).toArray();
    }
}

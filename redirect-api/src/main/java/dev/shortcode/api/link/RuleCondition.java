package dev.shortcode.api.link;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What a visitor must meet for a {@link RoutingRule}: every part given holds; a list holds when any of its values does. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "What a visitor must meet: every part given must hold, and a list holds when any of its values does; at least one part")
public record RuleCondition(
        @Schema(description = "ISO 3166-1 alpha-2 countries of the client address; needs the country database (shortcode.stats.geo-database)",
                examples = "[\"FR\", \"BE\"]") List<String> country,
        @Schema(description = "Languages the visitor prefers most (Accept-Language); en also matches en-GB", examples = "[\"fr\"]")
        List<String> language,
        @Schema(description = "Device classes: ios, android, desktop, other", examples = "[\"ios\"]") List<String> device,
        @Schema(description = "Query parameters the short URL must carry, each with exactly this value", examples = "{\"src\": \"sms\"}")
        Map<String, String> query,
        @Schema(description = "The rule holds from this instant on: ISO-8601 with an offset", examples = "2027-03-01T00:00:00Z") String after,
        @Schema(description = "The rule holds before this instant: ISO-8601 with an offset", examples = "2027-04-01T00:00:00Z") String before) {}

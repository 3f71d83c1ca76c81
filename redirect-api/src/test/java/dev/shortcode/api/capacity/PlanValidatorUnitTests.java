package dev.shortcode.api.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.core.capacity.CapacityModel;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlanValidatorUnitTests {

    private static final ObjectMapper JSON = new ObjectMapper().findAndRegisterModules();
    private static final PlanValidator VALIDATOR = new PlanValidator(List.of());

    @Test
    void validate_volumeBelowOneOrSharesBeyondTheirBound_areRefusedNamingTheField() {
        refused(plan(4.9e-324, 0.0, List.of(share("P1D", 1.0)), 0.0), "dailyVolume");
        refused(plan(Double.MIN_NORMAL, 0.0, List.of(share("P1D", 1.0)), 0.0), "dailyVolume");
        refused(plan(0.999, 0.0, List.of(share("P1D", 1.0)), 0.0), "dailyVolume");
        refused(plan(1e8, 0.0, List.of(share("P1D", Double.MAX_VALUE), share("P2D", Double.MAX_VALUE)), 0.0), "ttlMix[0].share");
        refused(plan(1e8, 0.0, List.of(share("P1D", 1.0), share("P2D", 1e6 + 1)), 0.0), "ttlMix[1].share");
        refused(plan(1e8, 0.0, List.of(share("P1D", Double.NaN)), 0.0), "ttlMix[0].share");
    }

    /** Every figure of the answer, over the corners of every bounded input, is a finite JSON number. */
    @Test
    void plan_atEveryCornerOfTheBoundedInputs_answersOnlyFiniteNumbers() {
        int plans = 0;
        for (double volume : new double[] {PlanValidator.MIN_DAILY_VOLUME, 1e8, PlanValidator.MAX_DAILY_VOLUME}) {
            for (double growth : new double[] {-0.9899, 0, 10}) {
                for (List<PlanRequest.TtlShareRequest> mix : mixes()) {
                    for (double permanent : new double[] {0, 0.5, 1}) {
                        for (String hot : new String[] {"PT1M", "P36500D"}) {
                            for (Double bytes : new Double[] {null, 1.0, 1e6}) {
                                PlanRequest request = new PlanRequest(volume, growth, mix, permanent, hot,
                                        List.of(2, 3, 5, 6, 8, 10, 11), bytes == null ? 4096 : 1, bytes, bytes);
                                JsonNode answer = JSON.valueToTree(PlanView.of(CapacityModel.plan(VALIDATOR.validate(request),
                                        Instant.parse("2026-01-01T00:00:00Z"))));
                                assertFinite(answer, request);
                                plans++;
                            }
                        }
                    }
                }
            }
        }
        assertThat(plans).isEqualTo(3 * 3 * mixes().size() * 3 * 2 * 3);
    }

    private static List<List<PlanRequest.TtlShareRequest>> mixes() {
        List<PlanRequest.TtlShareRequest> full = new ArrayList<>(Collections.nCopies(PlanValidator.MAX_MIX,
                share("P36500D", PlanValidator.MAX_SHARE)));
        return List.of(List.of(share("PT1M", 4.9e-324), share("P36500D", 0.0)), List.of(share("PT1M", 1.0)), full);
    }

    private static void assertFinite(JsonNode node, PlanRequest request) {
        if (node.isContainerNode()) {
            node.forEach(child -> assertFinite(child, request));
        } else if (node.isTextual()) {
            assertThat(node.asText()).as("a figure written as text for %s", request).isNotIn("Infinity", "-Infinity", "NaN");
        } else if (node.isNumber()) {
            assertThat(Double.isFinite(node.asDouble())).as("%s for %s", node, request).isTrue();
        }
    }

    private static PlanRequest plan(double volume, double growth, List<PlanRequest.TtlShareRequest> mix, double permanent) {
        return new PlanRequest(volume, growth, mix, permanent, null, null, null, null, null);
    }

    private static PlanRequest.TtlShareRequest share(String ttl, double share) {
        return new PlanRequest.TtlShareRequest(ttl, share);
    }

    private static void refused(PlanRequest request, String field) {
        assertThatThrownBy(() -> VALIDATOR.validate(request)).isInstanceOf(InvalidRequestException.class)
                .hasMessageStartingWith(field + " ");
    }
}

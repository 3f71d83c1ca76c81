package dev.shortcode.api.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.shortcode.core.store.LinkRouting;
import java.security.SecureRandom;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A split shares visitors by weight and keeps each on one variant: the visitor hash under a day's
 * salt ({@link VisitorHash}) taken by {@link LinkRouting#variantAt}, over 10,000 visitors.
 */
class SplitShareUnitTests {

    private static final int VISITORS = 10_000;
    private static final String UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";

    private static LinkRouting split(int... weights) {
        List<LinkRouting.Variant> variants = new java.util.ArrayList<>();
        for (int i = 0; i < weights.length; i++) {
            variants.add(new LinkRouting.Variant("https://example.com/v" + i, weights[i]));
        }
        return LinkRouting.NONE.withSplit(variants);
    }

    private static byte[] salt() {
        byte[] salt = new byte[16];
        new SecureRandom().nextBytes(salt);
        return salt;
    }

    /** The share of visitors each variant gets, a visitor being an address of 10.0.0.0/8. */
    private static double[] shares(LinkRouting routing, byte[] salt, String code) {
        double[] shares = new double[routing.split().size()];
        for (int i = 0; i < VISITORS; i++) {
            shares[routing.variantAt(VisitorHash.hash(salt, address(i), UA, code))] += 1.0 / VISITORS;
        }
        return shares;
    }

    private static String address(int i) {
        return "10." + (i >> 16 & 0xff) + "." + (i >> 8 & 0xff) + "." + (i & 0xff);
    }

    @Test
    void weights_50_30_20_shareTenThousandVisitorsWithin3Points() {
        double[] shares = shares(split(5, 3, 2), salt(), "sPl1t");
        assertThat(shares[0]).isCloseTo(0.50, within(0.03));
        assertThat(shares[1]).isCloseTo(0.30, within(0.03));
        assertThat(shares[2]).isCloseTo(0.20, within(0.03));
    }

    @Test
    void evenWeights_overTenVariants_eachGetsATenthWithin3Points() {
        double[] shares = shares(split(1, 1, 1, 1, 1, 1, 1, 1, 1, 1), salt(), "even10");
        for (double share : shares) {
            assertThat(share).isCloseTo(0.10, within(0.03));
        }
    }

    @Test
    void aVisitor_staysOnOneVariantAllDay_onEveryNode_andIsDealtAgainTheNextDay() {
        LinkRouting routing = split(1, 1);
        byte[] today = salt();
        byte[] sameSaltOnAnotherNode = today.clone();
        byte[] tomorrow = salt();
        int moved = 0;
        for (int i = 0; i < 1_000; i++) {
            int first = routing.variantAt(VisitorHash.hash(today, address(i), UA, "st1cky"));
            assertThat(routing.variantAt(VisitorHash.hash(today, address(i), UA, "st1cky"))).isEqualTo(first);
            assertThat(routing.variantAt(VisitorHash.hash(sameSaltOnAnotherNode, address(i), UA, "st1cky"))).isEqualTo(first);
            if (routing.variantAt(VisitorHash.hash(tomorrow, address(i), UA, "st1cky")) != first) {
                moved++;
            }
        }
        assertThat(moved).as("about half the visitors land elsewhere under the next day's salt").isBetween(400, 600);
    }
}

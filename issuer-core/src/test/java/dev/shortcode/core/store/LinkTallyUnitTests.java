package dev.shortcode.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.shortcode.core.capacity.LiveLinks;
import dev.shortcode.core.config.PoolOptions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LinkTallyUnitTests {

    private static final PoolOptions SHORT = PoolOptions.builder("short").length(5).idleTtl(Duration.ofDays(10)).build();
    private static final PoolOptions LONG = PoolOptions.builder("long").length(7).idleTtl(Duration.ofDays(30)).permanent(true).build();
    private static final long NOW = 1_800_000_000_000L;

    @Test
    void estimate_hitsOfDraws_scaleToThePopulationWithTheBinomialError() {
        // 300 of 1,000 draws in 2,000,000 keys: 600,000; error 1.96 × 2e6 × sqrt(0.3 × 0.7 / 1,000) = 56,806.
        LiveLinks l = LinkTally.estimate(2_000_000, 1_000, 300, "m");
        assertThat(l.count()).isEqualTo(600_000);
        assertThat(l.error()).isEqualTo(56_806);
    }

    @Test
    void estimate_noHit_boundsThePoolByTheRuleOfThree() {
        // 0 of 1,000 draws: at most 3 / 1,000 of 2,000,000 = 6,000 (95 %).
        assertThat(LinkTally.estimate(2_000_000, 1_000, 0, "m")).isEqualTo(new LiveLinks(0, 6_000, "m"));
    }

    @Test
    void hit_classifiesByCodeShape_andNotesAgeKindAndBytes() {
        LinkTally tally = new LinkTally(List.of(SHORT, LONG), NOW);
        tally.hit("aB3dE", record("aB3dE", "short", NOW - Duration.ofDays(11).toMillis(), false), 150);
        tally.hit("aB3dF", record("aB3dF", "short", NOW - Duration.ofDays(1).toMillis(), false), 170);
        tally.hit("x1y2z3w", record("x1y2z3w", "long", NOW, true), -1);
        tally.hit("sale-5", null, 90);   // an alias: 6 characters with a '-', no pool
        tally.hit("ab-de", null, 90);    // 5 characters but not base62: an alias
        tally.miss();

        assertThat(tally.draws()).isEqualTo(6);
        assertThat(tally.hits("short")).isEqualTo(2);
        assertThat(tally.hits("long")).isEqualTo(1);
        assertThat(tally.aliases()).isEqualTo(2);
        assertThat(tally.bytesPerLink("short")).isEqualTo(160.0);
        assertThat(tally.bytesPerLink("long")).isNaN();
        assertThat(tally.ages("short")).isEqualTo(new dev.shortcode.core.capacity.LiveAges(2, 1, 0));
        assertThat(tally.ages("long")).isEqualTo(new dev.shortcode.core.capacity.LiveAges(1, 0, 1));
    }

    private static LinkRecord record(String code, String pool, long created, boolean permanent) {
        return new LinkRecord(code, "https://example.com/" + code, pool, 864_000, permanent, created, "k", 1);
    }

    @Test
    void domains_whenEveryRecordWasRead_areCountedExactly_andOtherwiseScaledAsAShare() {
        LinkTally tally = new LinkTally(List.of(SHORT, LONG), NOW);
        LinkRecord plain = record("aB3dE", "short", NOW, false);
        tally.hit("aB3dE", plain, 100);
        tally.hit("aB3dF", withDomain(record("aB3dF", "short", NOW, false), "go.example.com"), 100);
        tally.hit("promo@go.example.com", withDomain(record("promo@go.example.com", "alias", NOW, false), "go.example.com"), 100);
        tally.hit("x1y2z3w", withDomain(record("x1y2z3w", "long", NOW, true), "b.example.com"), 100);

        assertThat(tally.domains(new LiveLinks(4, 0, "exact"))).containsOnly(
                entry("go.example.com", new LiveLinks(2, 0, "exact")), entry("b.example.com", new LiveLinks(1, 0, "exact")));

        tally.hit("aB3dG", null, -1); // a live link whose record was not read: shares are estimated from the 4 that were
        Map<String, LiveLinks> scaled = tally.domains(new LiveLinks(5_000, 100, "sampled"));
        assertThat(scaled.get("go.example.com").count()).isEqualTo(2_500);
        assertThat(scaled.get("go.example.com").error()).isGreaterThan(50);
        assertThat(scaled.get("b.example.com").count()).isEqualTo(1_250);
    }

    private static LinkRecord withDomain(LinkRecord r, String domain) {
        return new LinkRecord(r.code(), r.url(), r.pool(), r.ttlSeconds(), r.permanent(), r.createdAtMillis(), r.ownerKeyId(), r.version(),
                r.targets(), r.meta(), LinkRouting.NONE.withDomain(domain));
    }
}

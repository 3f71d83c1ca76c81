package dev.shortcode.api.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.ttl.TtlPolicy;
import dev.shortcode.core.config.IssuerOptions;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class TtlAndAliasPolicyUnitTests {

    private final TtlPolicy ttls = new TtlPolicy(IssuerOptions.builder().secret("0123456789abcdef0123").build().pools(), "P10D");

    @Test
    void choose_smallestPoolCoveringTheTtl_servesItAndTheLinkKeepsItsTtl() {
        TtlPolicy.Choice choice = ttls.choose("P30D");
        assertThat(choice.pool().name()).isEqualTo("long"); // short: 10 d, long: 30 d hot, medium: 100 d
        assertThat(choice.ttl()).isEqualTo(Duration.ofDays(30));
        assertThat(choice.label()).isEqualTo("P30D");
        assertThat(ttls.choose("PT12H").pool().name()).isEqualTo("short");
        assertThat(ttls.choose("P31D").pool().name()).isEqualTo("medium");
        assertThat(ttls.choose("P2W").ttl()).isEqualTo(Duration.ofDays(14));
    }

    @Test
    void choose_absent_usesTheDefault() {
        assertThat(ttls.choose(null).ttl()).isEqualTo(Duration.ofDays(10));
        assertThat(ttls.choose(null).pool().name()).isEqualTo("short");
    }

    @Test
    void choose_permanent_goesToThePermanentPoolWithItsHotTtl() {
        TtlPolicy.Choice choice = ttls.choose("permanent");
        assertThat(choice.permanent()).isTrue();
        assertThat(choice.pool().name()).isEqualTo("long");
        assertThat(choice.ttl()).isEqualTo(Duration.ofDays(30));
        assertThat(choice.label()).isEqualTo("permanent");
    }

    @Test
    void choose_beyondEveryPoolOrMalformed_isRefusedNamingTheRange() {
        assertThatThrownBy(() -> ttls.choose("P101D")).isInstanceOfSatisfying(InvalidRequestException.class,
                e -> assertThat(e.getMessage()).contains("exceeds what any pool offers").contains("PT1M to P100D")
                        .contains("permanent"));
        assertThatThrownBy(() -> ttls.choose("30 days")).hasMessageContaining("neither an ISO-8601 duration");
        assertThatThrownBy(() -> ttls.choose("PT10S")).hasMessageContaining("below the minimum");
        assertThatThrownBy(() -> ttls.choose("P1M")).hasMessageContaining("months or years, whose length varies");
        assertThatThrownBy(() -> ttls.choose("P1Y2M")).hasMessageContaining("months or years, whose length varies");
        assertThatThrownBy(() -> ttls.choose("P")).hasMessageContaining("neither an ISO-8601 duration");
        assertThatThrownBy(() -> ttls.choose("P0D")).hasMessageContaining("ttl 'P0D' is below the minimum");
    }

    @Test
    void alias_validAndReservedAndMalformed() {
        AliasPolicy aliases = new AliasPolicy(java.util.Set.of(5, 6, 7));
        assertThat(aliases.validate("spring-sale_2026")).isEqualTo("spring-sale_2026");
        assertThat(aliases.validate("sale-1")).isEqualTo("sale-1");
        assertThat(aliases.validate("springsale")).isEqualTo("springsale");
        assertThat(aliases.validate("sale26")).as("shaped like a code: taken, and reserved by the issuer").isEqualTo("sale26");
        assertThat(aliases.isCodeShaped("sale26")).isTrue();
        assertThat(aliases.isCodeShaped("sale-6")).isFalse();
        assertThatThrownBy(() -> aliases.validate("API")).hasMessageContaining("reserved");
        assertThatThrownBy(() -> aliases.validate("q")).hasMessageContaining("3 to 64");
        assertThatThrownBy(() -> aliases.validate("ab")).hasMessageContaining("3 to 64");
        assertThatThrownBy(() -> aliases.validate("a/b/c")).hasMessageContaining("3 to 64");
        assertThatThrownBy(() -> aliases.validate("x".repeat(65))).hasMessageContaining("3 to 64");
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"P99999999999999999999W", "P2000000000000000W", "P7905747460161236407W",
        "P9223372036854775807W", "P1317624576693539402W", "p99999999999999999999w", "P99999999999999999999D", "P106751991167301D",
        "PT9223372036854775808S", "PT99999999999999999999H", "PT153722867280912931M", "P106751991167300DT24H"})
    void choose_durationTooLargeForALong_isRefusedNotWrapped(String ttl) {
        assertThatThrownBy(() -> ttls.choose(ttl)).isInstanceOfSatisfying(InvalidRequestException.class, e -> {
            assertThat(e.kind()).isEqualTo(dev.shortcode.api.error.DomainException.Kind.INVALID_REQUEST);
            assertThat(e.getMessage()).contains("too large for a duration").contains("PT1M to P100D");
        });
    }

    @Test
    void choose_controlCharacterAroundTheTtl_isRefused_whitespaceIsNot() {
        assertThatThrownBy(() -> ttls.choose("P10D\u0000")).hasMessageContaining("neither an ISO-8601 duration");
        assertThatThrownBy(() -> ttls.choose("\u0001P10D")).hasMessageContaining("neither an ISO-8601 duration");
        assertThat(ttls.choose(" P10D\n").ttl()).isEqualTo(Duration.ofDays(10));
    }

    @Test
    void choose_weeksWithinRange_stillWork() {
        assertThat(ttls.choose("P1W").ttl()).isEqualTo(Duration.ofDays(7));
        assertThat(ttls.choose("P14W").ttl()).isEqualTo(Duration.ofDays(98));
        assertThatThrownBy(() -> ttls.choose("P15W")).hasMessageContaining("exceeds what any pool offers");
    }

    @Test
    void choose_hugeTtl_isEchoedCapped() {
        String ttl = "P" + "9".repeat(1_000_000) + "D";
        assertThatThrownBy(() -> ttls.choose(ttl)).isInstanceOfSatisfying(InvalidRequestException.class,
                e -> assertThat(e.getMessage()).hasSizeLessThan(200).contains("9".repeat(63) + "…"));
        assertThatThrownBy(() -> ttls.choose("x".repeat(1_000_000))).isInstanceOfSatisfying(InvalidRequestException.class,
                e -> assertThat(e.getMessage()).hasSizeLessThan(200));
    }
}

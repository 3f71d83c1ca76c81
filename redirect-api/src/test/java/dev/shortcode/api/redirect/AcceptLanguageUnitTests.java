package dev.shortcode.api.redirect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AcceptLanguageUnitTests {

    @Test
    void preferred_isTheHighestQuality_inTheHeadersOrder() {
        assertThat(AcceptLanguage.preferred("en-US,en;q=0.9,fr;q=0.5")).containsExactly("en-us");
        assertThat(AcceptLanguage.preferred("fr;q=0.5, de-CH;q=0.8, it;q=0.8")).containsExactly("de-ch", "it");
        assertThat(AcceptLanguage.preferred("pt-BR")).containsExactly("pt-br");
    }

    @Test
    void preferred_ignoresStarsZeroesAndNonsense() {
        assertThat(AcceptLanguage.preferred("*")).isEmpty();
        assertThat(AcceptLanguage.preferred("fr;q=0")).isEmpty();
        assertThat(AcceptLanguage.preferred("de;q=abc, es;q=0.3")).containsExactly("es");
        assertThat(AcceptLanguage.preferred("nl;q=7")).as("a weight above 1 is no weight").isEmpty();
        assertThat(AcceptLanguage.preferred(null)).isEmpty();
        assertThat(AcceptLanguage.preferred("  ")).isEmpty();
        assertThat(AcceptLanguage.preferred("x-" + "a,".repeat(10_000))).as("a long header is cut, not parsed whole").hasSizeLessThan(300);
    }

    @Test
    void matches_aTagOrItsSubtags_only() {
        assertThat(AcceptLanguage.matches("en", "en")).isTrue();
        assertThat(AcceptLanguage.matches("en", "en-gb")).isTrue();
        assertThat(AcceptLanguage.matches("en", "eng")).isFalse();
        assertThat(AcceptLanguage.matches("pt-br", "pt")).isFalse();
        assertThat(AcceptLanguage.matches("pt-br", "pt-br")).isTrue();
    }
}

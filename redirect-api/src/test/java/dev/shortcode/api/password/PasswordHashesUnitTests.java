package dev.shortcode.api.password;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PasswordHashesUnitTests {

    @Test
    void aHash_matchesItsPasswordOnly_andCarriesItsSchemeAndIterations() {
        String stored = PasswordHashes.hash("correct horse");
        assertThat(stored).startsWith("pbkdf2-sha256$" + PasswordHashes.ITERATIONS + "$").doesNotContain("correct horse");
        assertThat(PasswordHashes.matches("correct horse", stored)).isTrue();
        assertThat(PasswordHashes.matches("correct horse ", stored)).isFalse();
        assertThat(PasswordHashes.matches("Correct horse", stored)).isFalse();
    }

    @Test
    void thePasswordTwice_getsTwoSalts() {
        assertThat(PasswordHashes.hash("same", 1_000)).isNotEqualTo(PasswordHashes.hash("same", 1_000));
    }

    @Test
    void aHashOfOtherIterations_stillMatches_soTheyCanBeRaisedLater() {
        assertThat(PasswordHashes.matches("päss wörd", PasswordHashes.hash("päss wörd", 1_000))).isTrue();
    }

    @Test
    void storedTextsOfAnotherForm_matchNothing() {
        assertThat(PasswordHashes.matches("x", "")).isFalse();
        assertThat(PasswordHashes.matches("x", "plain")).isFalse();
        assertThat(PasswordHashes.matches("x", "bcrypt$10$abc$def")).isFalse();
        assertThat(PasswordHashes.matches("x", "pbkdf2-sha256$0$AAAA$AAAA")).isFalse();
        assertThat(PasswordHashes.matches("x", "pbkdf2-sha256$ten$AAAA$AAAA")).isFalse();
        assertThat(PasswordHashes.matches("x", "pbkdf2-sha256$1000$!!$AAAA")).isFalse();
    }
}

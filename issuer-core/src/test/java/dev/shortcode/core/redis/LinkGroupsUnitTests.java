package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

class LinkGroupsUnitTests {

    @Test
    void fieldValue_isSixDigitsOfExpiryThenTheRecord_andReadsBack() {
        long expires = Instant.parse("2026-12-05T10:00:00Z").getEpochSecond();
        String value = LinkGroups.fieldValue(expires, "1\tx");
        assertThat(value).hasSize(LinkGroups.STAMP_DIGITS + 3).endsWith("1\tx");
        assertThat(LinkGroups.expiresAt(value)).isEqualTo(expires);
        assertThat(LinkGroups.recordOf(value)).isEqualTo("1\tx");
        for (int i = 0; i < 10_000; i++) {
            long at = LinkGroups.EPOCH_SECONDS + ThreadLocalRandom.current().nextLong(36L * 36 * 36 * 36 * 36 * 36);
            assertThat(LinkGroups.expiresAt(LinkGroups.fieldValue(at, LinkSlots.REMOVED))).isEqualTo(at);
        }
    }

    @Test
    void stamps_lastUntilDecember2093() {
        long last = LinkGroups.EPOCH_SECONDS + (long) Math.pow(36, LinkGroups.STAMP_DIGITS) - 1;
        assertThat(Instant.ofEpochSecond(last)).isAfter(Instant.parse("2093-12-01T00:00:00Z"));
        assertThat(LinkGroups.fieldValue(last, "")).isEqualTo("zzzzzz");
    }
}

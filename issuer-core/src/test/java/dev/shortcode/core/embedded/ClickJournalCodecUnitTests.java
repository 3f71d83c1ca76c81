package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.store.ClickDelta;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ClickJournalCodecUnitTests {

    private final List<ClickDelta> batch = List.of(
            new ClickDelta("4kT0x9Q", LocalDate.parse("2026-01-31"), Map.of("t", 3L, "h23", 3L, "r:news.example", 2L, "c:DE", 1L),
                    Set.of("0123456789abcdef", "fedcba9876543210")),
            new ClickDelta("~key-é", LocalDate.parse("1970-01-01"), Map.of("t", 1L << 40, "l:4kT0x9Q", 3L), Set.of()),
            new ClickDelta("~*", LocalDate.parse("2026-02-01"), Map.of(), Set.of()));

    @Test
    void aBatch_decodesToItsDeltas_eachFoundAtItsOffset() {
        ClickJournalCodec.Encoded encoded = ClickJournalCodec.encodeWithOffsets(batch);
        List<ClickJournalCodec.Located> located = ClickJournalCodec.decodeLocated(encoded.bytes());
        assertThat(located).extracting(ClickJournalCodec.Located::delta).containsExactlyElementsOf(batch);
        assertThat(located).extracting(ClickJournalCodec.Located::offset)
                .containsExactly(Arrays.stream(encoded.offsets()).boxed().toArray(Integer[]::new));
        for (int i = 0; i < batch.size(); i++) {
            assertThat(ClickJournalCodec.decodeAt(encoded.bytes(), encoded.offsets()[i])).isEqualTo(batch.get(i));
        }
    }

    @Test
    void aTruncatedOrOverlongEntry_isRefusedAsCorrupt() {
        byte[] bytes = ClickJournalCodec.encodeWithOffsets(batch).bytes();
        assertThatThrownBy(() -> ClickJournalCodec.decodeLocated(Arrays.copyOf(bytes, bytes.length - 3)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("corrupt");
        assertThatThrownBy(() -> ClickJournalCodec.decodeLocated(Arrays.copyOf(bytes, bytes.length + 1)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("after its last delta");
    }
}

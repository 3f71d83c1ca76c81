package dev.shortcode.core.code;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Base62UnitTests {

    /** Property samples per test; the seed is in every failure message so a failure can be replayed. */
    static final int SAMPLES = 20_000;

    @Test
    void encode_anyValueOfTheSpace_decodesBackAndHasExactLength() {
        long seed = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < SAMPLES; i++) {
            int length = random.nextInt(2, 11);
            long capacity = CodeSpace.ofLength(length).capacity();
            long value = i < 100 ? edgeCase(i, capacity) : random.nextLong(capacity);
            String code = Base62.encode(value, length);
            assertThat(code).as("seed %d, value %d", seed, value).hasSize(length);
            assertThat(Base62.isAlphabet(code)).isTrue();
            assertThat(Base62.decode(code)).as("seed %d", seed).isEqualTo(value);
        }
    }

    @Test
    void encode_length11_coversTheWholeLongRange() {
        long seed = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < SAMPLES; i++) {
            long value = i == 0 ? Long.MAX_VALUE : random.nextLong(Long.MAX_VALUE);
            String code = Base62.encode(value, 11);
            assertThat(code).hasSize(11);
            assertThat(Base62.decode(code)).as("seed %d", seed).isEqualTo(value);
        }
    }

    /** 0, 1, capacity - 1, capacity - 2, ...: the values where padding and carries go wrong. */
    static long edgeCase(int i, long capacity) {
        return i % 2 == 0 ? i / 2 : capacity - 1 - i / 2;
    }

    @Test
    void encode_allTwoCharValues_areDistinctAndSortedLikeTheirValues() {
        String previous = null;
        for (long v = 0; v < 62 * 62; v++) {
            String code = Base62.encode(v, 2);
            if (previous != null) {
                assertThat(code.compareTo(previous)).as("code of %d sorts after code of %d", v, v - 1).isPositive();
            }
            previous = code;
        }
        assertThat(Base62.encode(0, 5)).isEqualTo("00000");
        assertThat(Base62.encode(61, 3)).isEqualTo("00z");
        assertThat(Base62.encode(62, 3)).isEqualTo("010");
    }

    @Test
    void encode_valueTooLargeForLength_isRejected() {
        assertThatThrownBy(() -> Base62.encode(62 * 62, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not fit");
        assertThatThrownBy(() -> Base62.encode(-1, 5)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void decodeOrNegative_foreignCharactersOrOverflow_returnNegative() {
        assertThat(Base62.decodeOrNegative("ab-cd")).isNegative();
        assertThat(Base62.decodeOrNegative("abcé")).isNegative();
        assertThat(Base62.decodeOrNegative("")).isNegative();
        assertThat(Base62.decodeOrNegative("zzzzzzzzzzz")).isNegative(); // 62^11 - 1 > Long.MAX_VALUE
        assertThat(Base62.decodeOrNegative("zzzzzzzzzzzz")).isNegative();
    }
}

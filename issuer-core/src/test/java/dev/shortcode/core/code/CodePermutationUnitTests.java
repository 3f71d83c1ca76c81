package dev.shortcode.core.code;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CodePermutationUnitTests {

    private static final byte[] SECRET = "a test secret of enough bytes".getBytes(StandardCharsets.UTF_8);

    @ParameterizedTest(name = "length {0}")
    @ValueSource(ints = {2, 3})
    void permute_smallSpaces_isABijectionExhaustively(int length) {
        CodeSpace space = CodeSpace.ofLength(length);
        CodeCodec codec = new CodeCodec(space, 0, SECRET);
        BitSet seen = new BitSet((int) space.capacity());
        for (long id = 0; id < space.capacity(); id++) {
            String code = codec.encode(id);
            assertThat(code).hasSize(length);
            int value = (int) Base62.decode(code);
            assertThat(seen.get(value)).as("code %s issued twice", code).isFalse();
            seen.set(value);
            assertThat(codec.decode(code)).isEqualTo(id);
        }
        assertThat(seen.cardinality()).isEqualTo((int) space.capacity());
    }

    @ParameterizedTest(name = "length {0}")
    @ValueSource(ints = {7, 8, 9, 10, 11})
    void permute_largeSpaces_staysInRangeAndInverts(int length) {
        long seed = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        CodeSpace space = CodeSpace.ofLength(length);
        for (long epoch = 0; epoch < 4; epoch++) {
            CodeCodec codec = new CodeCodec(space, epoch, SECRET);
            for (int i = 0; i < 20_000; i++) {
                long id = i < 100 ? Base62UnitTests.edgeCase(i, space.capacity()) : random.nextLong(space.capacity());
                String code = codec.encode(id);
                assertThat(code).as("seed %d id %d", seed, id).hasSize(length);
                assertThat(space.isWellFormed(code)).as("seed %d id %d", seed, id).isTrue();
                assertThat(codec.decode(code)).as("seed %d id %d", seed, id).isEqualTo(id);
            }
        }
    }

    @ParameterizedTest(name = "length {0}")
    @ValueSource(ints = {7, 8, 9, 10, 11})
    void permute_runsOfConsecutiveIds_giveDistinctCodes(int length) {
        long seed = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        CodeCodec codec = new CodeCodec(CodeSpace.ofLength(length), 0, SECRET);
        for (int run = 0; run < 20; run++) {
            long start = random.nextLong(1L << 40);
            java.util.Set<String> codes = new java.util.HashSet<>();
            for (long id = start; id < start + 5_000; id++) {
                assertThat(codes.add(codec.encode(id))).as("seed %d id %d", seed, id).isTrue();
            }
        }
    }

    @Test
    void permute_differentEpochsOrSecrets_giveDifferentOrders() {
        CodeSpace space = CodeSpace.ofLength(6);
        CodeCodec epoch0 = new CodeCodec(space, 0, SECRET);
        CodeCodec epoch1 = new CodeCodec(space, 1, SECRET);
        CodeCodec otherSecret = new CodeCodec(space, 0, "another secret, also long".getBytes(StandardCharsets.UTF_8));
        int sameAsEpoch1 = 0;
        int sameAsOtherSecret = 0;
        for (long id = 0; id < 1_000; id++) {
            sameAsEpoch1 += epoch0.encode(id).equals(epoch1.encode(id)) ? 1 : 0;
            sameAsOtherSecret += epoch0.encode(id).equals(otherSecret.encode(id)) ? 1 : 0;
        }
        assertThat(sameAsEpoch1).isLessThan(5);
        assertThat(sameAsOtherSecret).isLessThan(5);
    }

    @Test
    void permute_consecutiveIds_areNotEnumerable() {
        CodeCodec codec = new CodeCodec(CodeSpace.ofLength(7), 0, SECRET);
        int adjacent = 0;
        for (long id = 0; id < 1_000; id++) {
            long a = Base62.decode(codec.encode(id));
            long b = Base62.decode(codec.encode(id + 1));
            adjacent += Math.abs(a - b) < 1_000 ? 1 : 0;
        }
        assertThat(adjacent).as("neighbouring ids mapping to neighbouring codes").isLessThan(5);
    }

    @Test
    void decode_malformedCodes_returnNegativeWithoutThrowing() {
        CodeCodec codec = new CodeCodec(CodeSpace.ofLength(5), 0, SECRET);
        assertThat(codec.decode("abcd")).isNegative();
        assertThat(codec.decode("abcdef")).isNegative();
        assertThat(codec.decode("ab_de")).isNegative();
    }

    @Test
    void codeSpace_length11_isCappedBelowTheLongRange() {
        CodeSpace space = CodeSpace.ofLength(11);
        assertThat(space.capacity()).isEqualTo(1L << 62);
        assertThat(CodeSpace.ofLength(5).capacity()).isEqualTo(916_132_832L);
        assertThat(CodeSpace.ofLength(10).capacity()).isEqualTo(839_299_365_868_340_224L);
    }
}

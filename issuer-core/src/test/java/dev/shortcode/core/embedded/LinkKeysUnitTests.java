package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.code.Base62;
import dev.shortcode.core.code.CodeCodec;
import dev.shortcode.core.code.CodeSpace;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LinkKeysUnitTests {

    private static final byte[] SECRET = "link-keys-test-secret-0123456789".getBytes(StandardCharsets.UTF_8);

    private final LinkKeys keys = LinkKeys.derive(SECRET, length -> length == 7 ? 3 : 0);

    @Test
    void codesIssuedInTheOrdersEpoch_haveConsecutiveAscendingKeys() {
        for (int length : new int[] {2, 5, 7, 11}) {
            long epoch = keys.epochOf(length);
            CodeCodec codec = new CodeCodec(CodeSpace.ofLength(length), epoch, SECRET);
            byte[] previous = null;
            for (long id = 1_000; id < 1_200; id++) {
                byte[] key = keys.keyOf(codec.encode(id));
                assertThat(LinkKeys.lengthOf(key)).isEqualTo(length);
                assertThat(LinkKeys.idOf(key)).isEqualTo(id);
                assertThat(key).isEqualTo(keys.idKey(length, id));
                if (previous != null) {
                    assertThat(Arrays.compareUnsigned(previous, key)).as("length %d id %d", length, id).isNegative();
                }
                previous = key;
            }
        }
    }

    @Test
    void codesOfAnotherEpoch_stillHaveKeysOfTheirOwn_justNotInOrder() {
        CodeCodec otherEpoch = new CodeCodec(CodeSpace.ofLength(5), 1, SECRET);
        Set<Long> ids = new HashSet<>();
        long ascending = 0;
        byte[] previous = null;
        for (long id = 0; id < 1_000; id++) {
            String code = otherEpoch.encode(id);
            byte[] key = keys.keyOf(code);
            assertThat(keys.codeOf(key)).isEqualTo(code);
            ids.add(LinkKeys.idOf(key));
            if (previous != null && Arrays.compareUnsigned(previous, key) < 0) {
                ascending++;
            }
            previous = key;
        }
        assertThat(ids).hasSize(1_000);
        assertThat(ascending).as("a random order ascends about half the time").isBetween(400L, 600L);
    }

    @Test
    void everyCodeOfALength_hasItsOwnKey_andComesBackFromIt() {
        Set<String> seen = new HashSet<>();
        for (long value = 0; value < 62 * 62; value++) {
            String code = Base62.encode(value, 2);
            byte[] key = keys.keyOf(code);
            assertThat(key).hasSize(3);
            assertThat(seen.add(Arrays.toString(key))).as(code).isTrue();
            assertThat(keys.codeOf(key)).isEqualTo(code);
        }
    }

    @Test
    void randomCodesOfEveryLength_roundTrip() {
        SplittableRandom random = new SplittableRandom(11);
        for (int length = CodeSpace.MIN_LENGTH; length <= CodeSpace.MAX_LENGTH; length++) {
            CodeSpace space = CodeSpace.ofLength(length);
            for (int i = 0; i < 500; i++) {
                String code = Base62.encode(random.nextLong(space.capacity()), length);
                byte[] key = keys.keyOf(code);
                assertThat(LinkKeys.lengthOf(key)).isEqualTo(length);
                assertThat(keys.codeOf(key)).isEqualTo(code);
            }
        }
    }

    @Test
    void aliasesAndCodesOutsideEverySpace_areKeyedByTheirCharacters_aboveEveryIdKey() {
        String beyondLength11 = "zzzzzzzzzzz"; // 62^11 - 1 is past the 2^62 ids of length 11
        for (String alias : new String[] {"spring-sale", "a_b", "x", "abcdefghijkl", beyondLength11, "--"}) {
            byte[] key = keys.keyOf(alias);
            assertThat(key).isEqualTo(alias.getBytes(StandardCharsets.UTF_8));
            assertThat(LinkKeys.lengthOf(key)).isZero();
            assertThat(keys.codeOf(key)).isEqualTo(alias);
            assertThat(Arrays.compareUnsigned(keys.idKey(11, (1L << 62) - 1), key)).isNegative();
        }
    }

    @Test
    void encode_decode_keepsTheOrderWhateverTheSecretSaysLater() {
        LinkKeys kept = LinkKeys.decode(keys.encode());
        LinkKeys otherSecret = LinkKeys.derive("another-secret-of-sixteen-bytes".getBytes(StandardCharsets.UTF_8), length -> 0);
        CodeCodec codec = new CodeCodec(CodeSpace.ofLength(7), 3, SECRET);
        for (long id = 0; id < 100; id++) {
            String code = codec.encode(id);
            assertThat(kept.keyOf(code)).isEqualTo(keys.keyOf(code));
            assertThat(otherSecret.keyOf(code)).isNotEqualTo(keys.keyOf(code));
        }
        assertThat(kept.epochOf(7)).isEqualTo(3);
        assertThat(kept.epochOf(6)).isZero();
    }

    @Test
    void decode_ofSomethingElse_failsClearly() {
        assertThatThrownBy(() -> LinkKeys.decode(new byte[] {1, 2, 3})).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("unknown link key order");
        byte[] otherFormat = keys.encode();
        otherFormat[0] = 9;
        assertThatThrownBy(() -> LinkKeys.decode(otherFormat)).isInstanceOf(IllegalStateException.class);
    }
}

package dev.shortcode.core.code;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CodeSpaceUnitTests {

    @Test
    void valueOf_wellFormedCode_isItsBase62Value_andIsWellFormedAgrees() {
        CodeSpace space = CodeSpace.ofLength(5);
        for (String code : new String[] {"00000", "abcde", "ZZZZZ", "0a1B2"}) {
            assertThat(space.valueOf(code)).as(code).isEqualTo(Base62.decode(code));
            assertThat(space.isWellFormed(code)).as(code).isTrue();
        }
    }

    @Test
    void valueOf_notACodeOfTheSpace_isMinusOne_andIsWellFormedAgrees() {
        CodeSpace five = CodeSpace.ofLength(5);
        for (String code : new String[] {"", "abcd", "abcdef", "ab_de", "abcé1"}) {
            assertThat(five.valueOf(code)).as(code).isEqualTo(-1);
            assertThat(five.isWellFormed(code)).as(code).isFalse();
        }
        // Length 11 holds 2^62 ids, fewer than its 62^11 strings: a value at or beyond capacity is not a code.
        CodeSpace eleven = CodeSpace.ofLength(11);
        String last = Base62.encode(eleven.capacity() - 1, 11);
        String beyond = Base62.encode(eleven.capacity(), 11);
        assertThat(eleven.valueOf(last)).isEqualTo(eleven.capacity() - 1);
        assertThat(eleven.valueOf(beyond)).isEqualTo(-1);
        assertThat(eleven.isWellFormed(beyond)).isFalse();
    }
}

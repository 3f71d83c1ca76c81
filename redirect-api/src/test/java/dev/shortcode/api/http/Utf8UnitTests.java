package dev.shortcode.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Utf8UnitTests {

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
        "c0af| overlong| 8", "c0ae| overlong| 8", "c1bf| overlong| 8", "e080af| overlong| 8", "e080ae| overlong| 8",
        "e09fbf| overlong| 8", "f08080af| overlong| 8", "f08fbfbf| overlong| 8", "f880808080af| never occurs| 8",
        "fc8080808080af| never occurs| 8", "eda080| surrogate| 8", "edbfbf| surrogate| 8", "eda0bdedb880| surrogate| 8",
        "f4908080| above U+10FFFF| 8", "f5808080| above U+10FFFF| 8", "f7bfbfbf| above U+10FFFF| 8",
        "80| no lead byte| 8", "bf| no lead byte| 8", "fe| never occurs| 8", "ff| never occurs| 8",
        "e282| cut short| 8", "e2| cut short| 8", "f09f98| cut short| 8", "c328| where a continuation byte belongs| 9",
        "e228a1| where a continuation byte belongs| 9", "e2a128| where a continuation byte belongs| 10",
        "f0289f98| where a continuation byte belongs| 9", "00| NUL| 8", "7b00220075| NUL| 9",
    })
    void problem_everyKindOfInvalidUtf8_isNamedWithItsOffset(String hex, String kind, int offset) {
        byte[] body = withPrefix(HexFormat.of().parseHex(hex));
        assertThat(Utf8.problem(body)).contains(kind.trim()).contains("at offset " + offset);
    }

    @Test
    void problem_validUtf8OfEveryLength_isNone() {
        String text = "{\"url\":\"https://bücher.example/straße?q=😀&r=€&s=\uD800\uDC00&t=\uDBFF\uDFFF&u=\u07FF\u0800\uFFFD\"}";
        assertThat(Utf8.problem(text.getBytes(StandardCharsets.UTF_8))).isNull();
        assertThat(Utf8.problem(new byte[0])).isNull();
        assertThat(Utf8.problem(HexFormat.of().parseHex("efbbbf7b7d"))).as("a byte order mark").isNull();
    }

    @Test
    void problem_ofAPrefix_readsOnlyThoseBytes() {
        byte[] line = HexFormat.of().parseHex("7b7dc3a9" + "ff00"); // "{}é", then bytes that never occur in UTF-8
        assertThat(Utf8.problem(line, 4)).as("the valid prefix").isNull();
        assertThat(Utf8.problem(line, 3)).as("é cut after its lead byte").contains("cut short");
        assertThat(Utf8.problem(line, 5)).contains("0xFF").contains("offset 4");
    }

    @Test
    void problem_randomBytes_agreesWithTheJdksStrictDecoder() {
        Random random = new Random(42);
        for (int round = 0; round < 20_000; round++) {
            byte[] bytes = new byte[1 + random.nextInt(12)];
            for (int i = 0; i < bytes.length; i++) {
                // mostly bytes around the interesting boundaries, never NUL (refused on purpose, unlike the JDK)
                int b = random.nextInt(4) == 0 ? 1 + random.nextInt(0x7f) : 0x80 + random.nextInt(0x80);
                bytes[i] = (byte) b;
            }
            assertThat(Utf8.problem(bytes) == null).as(HexFormat.of().formatHex(bytes)).isEqualTo(jdkAccepts(bytes));
        }
    }

    private static boolean jdkAccepts(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    private static byte[] withPrefix(byte[] tail) {
        byte[] prefix = "{\"url\":\"".getBytes(StandardCharsets.US_ASCII); // 8 bytes
        byte[] all = new byte[prefix.length + tail.length];
        System.arraycopy(prefix, 0, all, 0, prefix.length);
        System.arraycopy(tail, 0, all, prefix.length, tail.length);
        return all;
    }
}

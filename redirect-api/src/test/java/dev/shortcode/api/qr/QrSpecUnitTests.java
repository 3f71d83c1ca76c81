package dev.shortcode.api.qr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import dev.shortcode.api.error.InvalidRequestException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QrSpecUnitTests {

    private static Map<String, List<String>> query(String... pairs) {
        Map<String, List<String>> q = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            q.computeIfAbsent(pairs[i], k -> new java.util.ArrayList<>()).add(pairs[i + 1]);
        }
        return q;
    }

    @Test
    void parse_nothing_isTheDefault() {
        assertThat(QrSpec.parse(Map.of(), null)).isEqualTo(QrSpec.DEFAULT);
        assertThat(QrSpec.DEFAULT).isEqualTo(new QrSpec(QrSpec.Format.PNG, 512, 4, ErrorCorrectionLevel.M, 0, 0xFFFFFF));
    }

    @Test
    void parse_everyParameter_isRead() {
        QrSpec spec = QrSpec.parse(query("format", "SVG", "size", "2048", "margin", "0", "ecc", "h", "fg", "#1a2b3c", "bg", "FFF8E7"), null);

        assertThat(spec).isEqualTo(new QrSpec(QrSpec.Format.SVG, 2048, 0, ErrorCorrectionLevel.H, 0x1A2B3C, 0xFFF8E7));
    }

    @Test
    void parse_accept_choosesSvgOnlyWhenItIsAskedForAndPngIsNot() {
        assertThat(QrSpec.parse(Map.of(), "image/svg+xml").format()).isEqualTo(QrSpec.Format.SVG);
        assertThat(QrSpec.parse(Map.of(), "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8").format())
                .as("a browser's img Accept").isEqualTo(QrSpec.Format.PNG);
        assertThat(QrSpec.parse(Map.of(), "image/svg+xml, image/png").format()).isEqualTo(QrSpec.Format.PNG);
        assertThat(QrSpec.parse(query("format", "png"), "image/svg+xml").format()).as("the parameter wins").isEqualTo(QrSpec.Format.PNG);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "format|gif| format must be png or svg",
        "size|127| size must be from 128 to 2048",
        "size|2049| size must be from 128 to 2048",
        "size|12px| size must be a whole number",
        "size|99999999999| size must be from 128 to 2048",
        "margin|-1| margin must be from 0 to 16",
        "margin|17| margin must be from 0 to 16",
        "ecc|X| ecc must be L, M, Q or H",
        "fg|red| fg must be a colour as 6 hex digits",
        "bg|#fff| bg must be a colour as 6 hex digits",
        "fg|ffffff| fg must be darker than bg",
        "fg|aaaaaa| fg and bg have a contrast of 2.32:1, too low to scan",
        "colour|000000| colour is not a parameter of a QR code",
    })
    void parse_badValue_isA400NamingTheParameter(String name, String value, String why) {
        assertThatThrownBy(() -> QrSpec.parse(query(name, value), null)).isInstanceOf(InvalidRequestException.class)
                .hasMessageStartingWith(why.trim())
                .satisfies(e -> assertThat(((InvalidRequestException) e).type()).isEqualTo("invalid-qr"));
    }

    @Test
    void parse_parameterTwice_isRefused() {
        assertThatThrownBy(() -> QrSpec.parse(query("size", "100", "size", "200"), null)).hasMessageStartingWith("size is given 2 times");
    }

    @Test
    void parse_darkEnoughColoursOnLight_areAccepted() {
        assertThat(QrSpec.parse(query("fg", "767676"), null).fg()).as("4.5:1").isEqualTo(0x767676);
        assertThat(QrSpec.parse(query("fg", "003366", "bg", "ffcc00"), null).bg()).isEqualTo(0xFFCC00);
    }

    @Test
    void etagMatching_isWeakComparisonOverTheList() {
        assertThat(QrCodes.matches("\"abc\"", "\"abc\"")).isTrue();
        assertThat(QrCodes.matches("W/\"abc\"", "\"abc\"")).isTrue();
        assertThat(QrCodes.matches("\"x\", \"abc\"", "\"abc\"")).isTrue();
        assertThat(QrCodes.matches("*", "\"abc\"")).isTrue();
        assertThat(QrCodes.matches("\"abd\"", "\"abc\"")).isFalse();
        assertThat(QrCodes.matches(null, "\"abc\"")).isFalse();
    }
}

package dev.shortcode.api.qr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import dev.shortcode.api.error.InvalidRequestException;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class QrRendererUnitTests {

    /** A short URL as the service puts it in a code: base, a 7-character code, the scan marker. */
    static final String CONTENT = "https://sho.rt/4kT0x9Q?qr=1";

    static List<Arguments> drawings() {
        List<Arguments> all = new ArrayList<>();
        for (QrSpec.Format format : QrSpec.Format.values()) {
            for (int size : new int[] {QrSpec.MIN_SIZE, QrSpec.DEFAULT_SIZE, QrSpec.MAX_SIZE}) {
                for (ErrorCorrectionLevel ecc : ErrorCorrectionLevel.values()) {
                    all.add(Arguments.of(format, size, ecc));
                }
            }
        }
        return all;
    }

    @ParameterizedTest(name = "{0} {1}px ecc {2}")
    @MethodSource("drawings")
    void render_everyFormatSizeBoundAndEcc_decodesBackToTheContent(QrSpec.Format format, int size, ErrorCorrectionLevel ecc) {
        QrSpec spec = new QrSpec(format, size, QrSpec.DEFAULT_MARGIN, ecc, 0x000000, 0xFFFFFF);

        byte[] image = QrRenderer.render(CONTENT, spec);

        QrDecoding.Decoded decoded = format == QrSpec.Format.PNG ? QrDecoding.png(image) : QrDecoding.svg(image);
        assertThat(decoded.text()).isEqualTo(CONTENT);
        assertThat(decoded.ecc()).isEqualTo(ecc.name());
        assertThat(decoded.width()).isEqualTo(size);
        assertThat(decoded.height()).isEqualTo(size);
    }

    @Test
    void render_colours_areTheSpecs() throws Exception {
        QrSpec spec = new QrSpec(QrSpec.Format.PNG, 256, 4, ErrorCorrectionLevel.M, 0x1A2B3C, 0xFFF8E7);

        BufferedImage image = ImageIO.read(new ByteArrayInputStream(QrRenderer.render(CONTENT, spec)));

        assertThat(image.getRGB(0, 0) & 0xFFFFFF).as("the corner is margin").isEqualTo(0xFFF8E7);
        assertThat(QrDecoding.decode(image).text()).isEqualTo(CONTENT);
        String svg = new String(QrRenderer.render(CONTENT, new QrSpec(QrSpec.Format.SVG, 256, 4, ErrorCorrectionLevel.M, 0x1A2B3C, 0xFFF8E7)),
                java.nio.charset.StandardCharsets.UTF_8);
        assertThat(svg).contains("fill=\"#fff8e7\"").contains("fill=\"#1a2b3c\"");
    }

    @Test
    void render_svg_isSmall() {
        byte[] svg = QrRenderer.render(CONTENT, new QrSpec(QrSpec.Format.SVG, 512, 4, ErrorCorrectionLevel.M, 0, 0xFFFFFF));

        assertThat(svg.length).as("one path of runs, not a rect per module").isLessThan(4_000);
    }

    @Test
    void render_marginZero_stillDecodes_andTheCodeFillsTheImage() throws Exception {
        byte[] png = QrRenderer.render(CONTENT, new QrSpec(QrSpec.Format.PNG, 300, 0, ErrorCorrectionLevel.L, 0, 0xFFFFFF));
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));

        assertThat(QrDecoding.decode(image).text()).isEqualTo(CONTENT);
        int centring = (300 - 300 / 25 * 25) / 2; // version 2: 25 modules, drawn 12 px each
        assertThat(image.getRGB(centring, centring) & 0xFFFFFF).as("a finder pattern's corner").isEqualTo(0);
    }

    @Test
    void render_sizeTooSmallForTheModulesAndMargin_isRefusedNamingSize() {
        // ecc H needs version 4 for this content: 33 modules + 2 x 16 margin = 65, so 130 px at 2 px per module.
        for (QrSpec.Format format : QrSpec.Format.values()) {
            QrSpec spec = new QrSpec(format, 128, 16, ErrorCorrectionLevel.H, 0, 0xFFFFFF);
            assertThatThrownBy(() -> QrRenderer.render(CONTENT, spec)).isInstanceOf(InvalidRequestException.class)
                    .hasMessageStartingWith("size 128 is too small for this code: with margin 16 it is 65 modules wide")
                    .hasMessageContaining("at least 130 px");
        }
        assertThat(QrDecoding.png(QrRenderer.render(CONTENT, new QrSpec(QrSpec.Format.PNG, 130, 16, ErrorCorrectionLevel.H, 0, 0xFFFFFF)))
                .text()).isEqualTo(CONTENT);
    }
}

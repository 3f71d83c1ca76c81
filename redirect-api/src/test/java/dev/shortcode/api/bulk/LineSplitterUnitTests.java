package dev.shortcode.api.bulk;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineSplitterUnitTests {

    private final List<String> seen = new ArrayList<>();
    private final LineSplitter splitter = new LineSplitter(16, new LineSplitter.Sink() {
        @Override
        public void line(long number, byte[] bytes, int length) {
            seen.add(number + ":" + new String(bytes, 0, length, StandardCharsets.UTF_8));
        }

        @Override
        public void tooLong(long number, long length) {
            seen.add(number + ":too long:" + length);
        }
    });

    @Test
    void feed_linesSplitAcrossBuffersAnywhere_comeOutWhole() {
        String text = "alpha\nbeta\r\n\ngamma delta\n";
        for (int i = 0; i < text.length(); i++) {
            feed(text.substring(i, i + 1));
        }
        splitter.end();
        assertThat(seen).containsExactly("1:alpha", "2:beta", "3:", "4:gamma delta");
        assertThat(splitter.lines()).isEqualTo(4);
    }

    @Test
    void end_lastLineWithoutItsEnd_stillCounts() {
        feed("one\ntwo");
        assertThat(seen).containsExactly("1:one");
        splitter.end();
        assertThat(seen).containsExactly("1:one", "2:two");
    }

    @Test
    void feed_lineOverTheLimit_isReportedTooLongWithItsLength_andTheNextLineIsRead() {
        feed("short\n0123456789");
        feed("0123456789abcdef\nafter\n");
        assertThat(seen).containsExactly("1:short", "2:too long:26", "3:after");
    }

    @Test
    void feed_lineOfExactlyTheLimit_isALine() {
        feed("0123456789abcdef\n");
        assertThat(seen).containsExactly("1:0123456789abcdef");
    }

    private void feed(String text) {
        splitter.feed(Buffer.buffer(text.getBytes(StandardCharsets.UTF_8)));
    }
}

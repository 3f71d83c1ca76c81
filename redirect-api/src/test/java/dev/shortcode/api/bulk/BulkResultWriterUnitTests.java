package dev.shortcode.api.bulk;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.shortcode.api.link.DeviceTargets;
import dev.shortcode.api.link.LinkView;
import dev.shortcode.api.problem.Problem;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The streaming writer against data binding: the same bytes for every kind of line. */
class BulkResultWriterUnitTests {

    private static final Instant CREATED = Instant.parse("2026-12-04T10:15:30Z");
    private static final Instant EXPIRES = Instant.parse("2027-01-03T10:15:30.123Z");

    private final ObjectWriter binding = new ObjectMapper().findAndRegisterModules().writerFor(BulkResult.class);

    private static LinkView link(String code, String url, String ttl, Instant expires) {
        return new LinkView(code, "https://s.example/" + code, url, ttl, "default", CREATED, expires, null, null);
    }

    private static final List<BulkResult> LINES = List.of(
            new BulkResult(1, 201, null, link("aB3dE5f", "https://shop.example.com/item?id=1&utm_source=sms", "P30D", EXPIRES), null),
            new BulkResult(2, 200, "order-42", link("Zz09xyQ", "https://example.com/ü/\"quoted\"\\back\u2028line", "P30D", EXPIRES), null),
            new BulkResult(3, 201, "r\u0001ef\ttab", link("perm001", "https://example.com/", "permanent", null), null),
            new BulkResult(4, 201, null, new LinkView("t4rgets", "https://s.example/t4rgets", "https://example.com/", "P1D", "default",
                    CREATED, EXPIRES, new DeviceTargets("app://x", null, "https://desk.example/", null), null), null),
            new BulkResult(5, 201, null, link("disab1e", "https://example.com/", "P1D", EXPIRES)
                    .withDisabled(new LinkView.Disabled("abuse", null, "admin-1", CREATED)), null),
            new BulkResult(6, 400, "bad", null, new Problem(Problem.TYPE_BASE + "invalid-request", "Invalid request", 400,
                    "url: must be an http(s) URL", null)),
            new BulkResult(7, 429, null, null, new Problem(Problem.TYPE_BASE + "rate-limited", "Too many requests", 429, null, null,
                    List.of("creates-per-day"))));

    @Test
    void write_everyKindOfLine_theSameBytesAsDataBinding() throws Exception {
        BulkResultWriter writer = new BulkResultWriter(binding);
        for (BulkResult line : LINES) {
            assertThat(streamed(writer, List.of(line))).as("line %d", line.line()).isEqualTo(binding.writeValueAsString(line));
        }
    }

    @Test
    void write_manyLinesInOneGenerator_eachAsDataBindingWritesIt() throws Exception {
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 3; i++) { // the instants' cache alternates between creation and expiry
            for (BulkResult line : LINES) {
                expected.append(binding.writeValueAsString(line)).append('\n');
            }
        }
        List<BulkResult> thrice = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            thrice.addAll(LINES);
        }

        String written = streamed(new BulkResultWriter(binding), thrice);

        assertThat(written).isEqualTo(expected.toString());
    }

    /** As {@code BulkStream} writes a chunk: one generator, no root separator, a newline after each line. */
    private String streamed(BulkResultWriter writer, List<BulkResult> lines) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonGenerator out = binding.getFactory().createGenerator(bytes)) {
            out.setRootValueSeparator(null);
            for (BulkResult line : lines) {
                writer.write(out, line);
                if (lines.size() > 1) {
                    out.writeRaw('\n');
                }
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}

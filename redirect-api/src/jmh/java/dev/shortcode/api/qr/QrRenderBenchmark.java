package dev.shortcode.api.qr;

import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import dev.shortcode.api.link.LinkReader;
import dev.shortcode.api.link.LinkViews;
import dev.shortcode.api.moderation.Moderation;
import dev.shortcode.core.Storage;
import dev.shortcode.core.config.IssuerOptions;
import dev.shortcode.core.embedded.EmbeddedOptions;
import dev.shortcode.core.embedded.EmbeddedStorage;
import dev.shortcode.core.read.ColdReadOptions;
import dev.shortcode.core.read.LinkResolver;
import dev.shortcode.core.store.LinkRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A QR code's cost by format and size: drawn afresh ({@code uncached}: encoding, the modules,
 * PNG compression or the SVG text), and answered from {@link QrCodes}' cache ({@code cached}: the
 * link lookup, the ETag digest, the cache hit) or as a 304 ({@code notModified}). The link lookup
 * is a resolver that answers at once with one link, so the figures are this code's, not a store's.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class QrRenderBenchmark {

    @Param({"png", "svg"})
    public String format;

    @Param({"128", "512", "2048"})
    public int size;

    private static final String CODE = "4kT0x9Q";
    private QrSpec spec;
    private QrCodes codes;
    private String etag;
    /** Only for the moderation rules the reader checks (none here): an empty embedded store. */
    private Storage storage;
    private Moderation moderation;

    @Setup
    public void setUp() throws IOException {
        spec = new QrSpec(QrSpec.Format.valueOf(format.toUpperCase(java.util.Locale.ROOT)), size, QrSpec.DEFAULT_MARGIN,
                ErrorCorrectionLevel.M, 0, 0xFFFFFF);
        LinkRecord link = new LinkRecord(CODE, "https://shop.example/item/7", "long", 2_592_000, false, 1L, "k", 1);
        CompletableFuture<Optional<LinkRecord>> found = CompletableFuture.completedFuture(Optional.of(link));
        LinkResolver resolver = new LinkResolver() {
            @Override
            public CompletionStage<Optional<LinkRecord>> resolve(String code) {
                return found;
            }

            @Override
            public CompletionStage<Optional<LinkRecord>> loadForEdit(String code) {
                return found;
            }
        };
        LinkViews views = new LinkViews("https://sho.rt", Clock.systemUTC());
        storage = EmbeddedStorage.open(EmbeddedOptions.defaults(Files.createTempDirectory("qr-bench")),
                IssuerOptions.builder().secret("qr benchmark secret").build(), ColdReadOptions.DEFAULTS);
        moderation = Moderation.none(storage.moderation());
        codes = new QrCodes(new LinkReader(resolver, views, moderation), views);
        etag = codes.image(CODE, spec, null).toCompletableFuture().join().etag();
    }

    @TearDown
    public void tearDown() {
        codes.close();
        moderation.close();
        storage.close();
    }

    @Benchmark
    public byte[] uncached() {
        return QrRenderer.render("https://sho.rt/" + CODE + QrCodes.SCAN_MARKER, spec);
    }

    @Benchmark
    public QrImage cached() {
        return codes.image(CODE, spec, null).toCompletableFuture().join();
    }

    @Benchmark
    public QrImage notModified() {
        return codes.image(CODE, spec, etag).toCompletableFuture().join();
    }
}

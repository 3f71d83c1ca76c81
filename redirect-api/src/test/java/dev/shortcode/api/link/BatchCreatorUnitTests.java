package dev.shortcode.api.link;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.api.limit.QuotaCharge;
import dev.shortcode.api.ttl.TtlPolicy;
import dev.shortcode.core.Storage;
import dev.shortcode.core.alloc.CodeIssuer;
import dev.shortcode.core.alloc.Ticker;
import dev.shortcode.core.code.Base62;
import dev.shortcode.core.config.IssuerOptions;
import dev.shortcode.core.config.PoolOptions;
import dev.shortcode.core.embedded.EmbeddedOptions;
import dev.shortcode.core.embedded.EmbeddedStorage;
import dev.shortcode.core.metrics.IssuerMetrics;
import dev.shortcode.core.read.ColdReadOptions;
import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.LinkRecord;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link BatchCreator} over real embedded storage, with a pool of two-character codes
 * (3,844 of them) so that a test can take every code, or a share of them, the way live links of
 * an older epoch would after a wrap: what makes the batch skip issued codes and retry.
 */
class BatchCreatorUnitTests {

    @TempDir
    Path dir;

    private Storage storage;
    private HotStore hot;
    private CodeIssuer issuer;
    private BatchCreator batches;
    private final Map<String, AtomicLong> created = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> skipped = new ConcurrentHashMap<>();

    @BeforeEach
    void open() {
        Clock clock = Clock.systemUTC();
        IssuerOptions config = IssuerOptions.builder().secret("0123456789abcdef-test-secret")
                .pool(PoolOptions.builder("tiny").length(2).idleTtl(Duration.ofDays(1)))
                .pool(PoolOptions.builder("short").length(5).idleTtl(Duration.ofDays(10)))
                .build();
        storage = EmbeddedStorage.open(EmbeddedOptions.defaults(dir), config, ColdReadOptions.DEFAULTS);
        hot = storage.hotStore();
        issuer = new CodeIssuer(config, storage.blockSource(), Ticker.SYSTEM, IssuerMetrics.NOOP);
        LinkEvents events = new LinkEvents() {
            @Override
            public void created(String pool) {
                created.computeIfAbsent(pool, p -> new AtomicLong()).incrementAndGet();
            }

            @Override
            public void codeSkipped(String pool) {
                skipped.computeIfAbsent(pool, p -> new AtomicLong()).incrementAndGet();
            }
        };
        LinkRequests requests = new LinkRequests(new UrlPolicy(Set.of("sho.rt")), new AliasPolicy(Set.of(2, 5)),
                new TtlPolicy(config.pools(), "P1D"));
        batches = new BatchCreator(requests, issuer, hot, new LinkViews("https://sho.rt", clock), events, clock,
                new ExternalIdGuard(storage.externalIds(), storage.resolver(), clock));
    }

    @AfterEach
    void close() {
        issuer.close();
        storage.close();
    }

    /** Stores a link under every two-character code whose position in the code space is a multiple of {@code every}. */
    private Set<String> takeCodes(int every) {
        List<LinkRecord> taken = new ArrayList<>();
        String alphabet = Base62.ALPHABET;
        for (int i = 0; i < alphabet.length() * alphabet.length(); i += every) {
            String code = "" + alphabet.charAt(i / alphabet.length()) + alphabet.charAt(i % alphabet.length());
            taken.add(new LinkRecord(code, "https://older.example/" + code, "tiny", 86_400, false, 1, "old-key", 1));
        }
        assertThat(hot.createAll(taken).toCompletableFuture().join()).containsOnly(true);
        return taken.stream().map(LinkRecord::code).collect(java.util.stream.Collectors.toSet());
    }

    private List<BatchItemResult> batch(List<CreateLinkRequest> requests) {
        return batches.create(requests, Map.of(), "key-1", QuotaCharge.NONE).toCompletableFuture().join();
    }

    private static long count(Map<String, AtomicLong> counts, String pool) {
        AtomicLong n = counts.get(pool);
        return n == null ? 0 : n.get();
    }

    @Test
    void create_aThirdOfTheIssuedCodesTaken_skipsThemAndRetriesJustThoseItems() {
        Set<String> taken = takeCodes(3);
        List<CreateLinkRequest> requests = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            requests.add(new CreateLinkRequest("https://example.com/" + i, null, null));
        }

        List<BatchItemResult> results = batch(requests);

        assertThat(results).hasSize(300);
        Set<String> codes = new HashSet<>();
        for (int i = 0; i < 300; i++) {
            BatchItemResult r = results.get(i);
            assertThat(r.index()).isEqualTo(i);
            assertThat(r.status()).as("item %d: %s", i, r.problem()).isEqualTo(201);
            assertThat(r.link().url()).isEqualTo("https://example.com/" + i);
            assertThat(r.link().pool()).isEqualTo("tiny");
            codes.add(r.link().code());
            assertThat(hot.get(r.link().code()).toCompletableFuture().join()).map(LinkRecord::url).contains("https://example.com/" + i);
        }
        assertThat(codes).hasSize(300).doesNotContainAnyElementsOf(taken);
        assertThat(count(created, "tiny")).isEqualTo(300);
        assertThat(count(skipped, "tiny")).as("issued codes found taken").isPositive();
        for (String code : taken) {
            assertThat(hot.get(code).toCompletableFuture().join()).map(LinkRecord::url).contains("https://older.example/" + code);
        }
    }

    @Test
    void create_everyIssuedCodeTaken_answers503PerItemAfterMaxAttemptsWhileOtherPoolsSucceed() {
        takeCodes(1);
        List<CreateLinkRequest> requests = List.of(
                new CreateLinkRequest("https://example.com/a", null, null),
                new CreateLinkRequest("https://example.com/b", "P10D", null),
                new CreateLinkRequest("https://example.com/c", null, null),
                new CreateLinkRequest("https://example.com/d", null, "my-alias"));

        List<BatchItemResult> results = batch(requests);

        assertThat(results).extracting(BatchItemResult::status).containsExactly(503, 201, 503, 201);
        assertThat(results.get(0).problem().detail()).contains("pool tiny found " + LinkCreator.MAX_CODE_ATTEMPTS + " taken codes in a row");
        assertThat(results.get(1).link().pool()).isEqualTo("short");
        assertThat(results.get(3).link().code()).isEqualTo("my-alias");
        assertThat(count(skipped, "tiny")).isEqualTo(2L * LinkCreator.MAX_CODE_ATTEMPTS);
        assertThat(count(created, "tiny")).isZero();
        assertThat(count(created, "short")).isEqualTo(1);
        assertThat(count(created, ValidLink.ALIAS_POOL)).isEqualTo(1);
    }

    @Test
    void create_sameAliasTwiceAndRepeatedTtls_firstAliasWinsAndEachTtlIsChosenRight() {
        List<CreateLinkRequest> requests = List.of(
                new CreateLinkRequest("https://example.com/1", "P10D", "twice-alias"),
                new CreateLinkRequest("https://example.com/2", "P10D", null),
                new CreateLinkRequest("https://example.com/3", "P10D", "twice-alias"),
                new CreateLinkRequest("https://example.com/4", "P2D", null),
                new CreateLinkRequest("https://example.com/5", "P11D", null),
                new CreateLinkRequest("https://example.com/6", "P2D", null));

        List<BatchItemResult> results = batch(requests);

        assertThat(results).extracting(BatchItemResult::status).containsExactly(201, 201, 409, 201, 400, 201);
        assertThat(results.get(0).link().url()).isEqualTo("https://example.com/1");
        assertThat(results.get(2).problem().detail()).contains("alias 'twice-alias' is already taken");
        assertThat(results.get(4).problem().detail()).contains("exceeds what any pool offers");
        assertThat(results.get(1).link().pool()).isEqualTo("short");
        assertThat(results.get(3).link().pool()).isEqualTo("short");
        assertThat(results.get(3).link().ttl()).isEqualTo("P2D");
        assertThat(results.get(3).link().expiresAt()).isEqualTo(results.get(5).link().expiresAt())
                .isBefore(results.get(1).link().expiresAt());
        assertThat(results.get(0).link().createdAt()).isEqualTo(results.get(5).link().createdAt());
    }
}

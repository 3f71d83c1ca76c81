package dev.shortcode.client.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.client.LinkRequest;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Each import format from its sample file under src/test/resources/import. */
class ImportFormatsUnitTests {

    /** "Now" for the samples: their expiries in 2099 are ahead, those of 2020 and 2021 behind. */
    static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    static final ImportOptions KEEP = new ImportOptions(true, NOW);
    static final ImportOptions NEW_CODES = new ImportOptions(false, NOW);

    static Path sample(String name) {
        return Path.of("src/test/resources/import", name);
    }

    static List<SourceLine> read(LinkSource source, String sample) throws IOException {
        List<SourceLine> lines = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(sample(sample), StandardCharsets.UTF_8)) {
            source.read(in).forEachRemaining(lines::add);
        }
        return lines;
    }

    /** The samples' expiries in 2099 are further ahead than the service's longest TTL: they get it. */
    static final String LONGEST = "P100D";

    @Nested
    class Bitly {
        @Test
        void longUrlBackHalfAsAliasAndExpiryAsTtl() throws IOException {
            List<SourceLine> lines = read(new BitlyExport(KEEP), "bitly-links.csv");

            assertThat(lines).hasSize(3);
            assertThat(lines.get(0)).isEqualTo(SourceLine.of(2,
                    new LinkRequest("https://example.com/blog/launch?utm_source=bitly", null, "3xYzAbC", null)
                            .withMeta("Launch post, part 1", List.of("blog", "launch"))));
            assertThat(lines.get(1)).isEqualTo(SourceLine.of(3,
                    new LinkRequest("https://shop.example.com/sale", LONGEST, "SpringSale2024", null).withMeta("Spring sale", List.of("sale"))));
            assertThat(lines.get(2).sendable()).isFalse();
            assertThat(lines.get(2).problem().type()).endsWith(":expired");
        }

        @Test
        void withoutKeepCodesNoAlias() throws IOException {
            assertThat(read(new BitlyExport(NEW_CODES), "bitly-links.csv"))
                    .filteredOn(SourceLine::sendable).extracting(l -> l.request().alias()).containsOnlyNulls();
        }

        @Test
        void theDashboardsColumnNamesToo() throws IOException {
            List<SourceLine> lines = LocalFormatsUnitTests.read(new BitlyExport(KEEP),
                    "Title,Bitlink,Long URL,Created,Tags\nHome,bit.ly/home-page,https://example.com/,2024-01-01,\n");

            assertThat(lines).containsExactly(SourceLine.of(2, new LinkRequest("https://example.com/", null, "home-page", null)
                    .withMeta("Home", null)));
        }

        @Test
        void theCodeIsTheShortLinksPath() {
            assertThat(BitlyExport.code("https://bit.ly/3xYzAbC")).isEqualTo("3xYzAbC");
            assertThat(BitlyExport.code("bit.ly/Spring/")).isEqualTo("Spring");
            assertThat(BitlyExport.code("bit.ly/a1?x=1")).isEqualTo("a1");
            assertThat(BitlyExport.code("")).isNull();
        }

        @Test
        void aFileWithoutLongUrlsIsNotABitlyExport() {
            assertThatThrownBy(() -> LocalFormatsUnitTests.read(new BitlyExport(KEEP), "name,clicks\na,1\n"))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Bitly");
        }
    }

    @Nested
    class Shlink {
        @Test
        void shortCodeAsAliasValidUntilAsTtlAndPassedOnesNotSent() throws IOException {
            List<SourceLine> lines = read(new ShlinkListing(KEEP), "shlink-short-urls.json");

            assertThat(lines).hasSize(3);
            assertThat(lines.get(0)).isEqualTo(SourceLine.of(1,
                    new LinkRequest("https://store.example.com/product/42", null, "12C18", null)
                            .withMeta("Product 42", List.of("store", "products"))));
            assertThat(lines.get(1)).isEqualTo(SourceLine.of(2,
                    new LinkRequest("https://docs.example.com/", LONGEST, "docs-home", null)));
            assertThat(lines.get(2).problem().detail()).contains("line 3 expired at 2020-12-26T00:00:00Z");
        }

        @Test
        void pagesSavedAsAnArrayAndBareItemArrays() throws IOException {
            String page = "{\"shortUrls\":{\"data\":[{\"shortCode\":\"a-1\",\"longUrl\":\"https://e.com/1\",\"meta\":{}}]}}";
            assertThat(LocalFormatsUnitTests.read(new ShlinkListing(KEEP), "[" + page + "," + page.replace("1", "2") + "]"))
                    .extracting(l -> l.request().alias()).containsExactly("a-1", "a-2");
            assertThat(LocalFormatsUnitTests.read(new ShlinkListing(KEEP), "[{\"shortCode\":\"b-1\",\"longUrl\":\"https://e.com/\"}]"))
                    .extracting(l -> l.request().url()).containsExactly("https://e.com/");
        }

        @Test
        void anotherJsonIsNotAShlinkListing() {
            assertThatThrownBy(() -> new ShlinkListing(KEEP).read(new StringReader("{\"links\":[]}")))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("shortUrls.data");
        }
    }

    @Nested
    class Yourls {
        @Test
        void keywordAsAliasWithTheHeader() throws IOException {
            assertThat(read(new YourlsTable(KEEP), "yourls-url.csv")).containsExactly(
                    SourceLine.of(2, new LinkRequest("https://yourls.org/", null, "1", null).withMeta("YOURLS: Your Own URL Shortener", null)),
                    SourceLine.of(3, new LinkRequest("http://ozh.org/", null, "ozh", null).withMeta("Ozh, the author", null)),
                    SourceLine.of(4, new LinkRequest("https://blog.example.com/2024/", null, "blog-2024", null).withMeta("Blog 2024", null)));
        }

        @Test
        void withoutHeaderTheColumnsAreTakenInTheTablesOrder() throws IOException {
            assertThat(LocalFormatsUnitTests.read(new YourlsTable(KEEP), "abc,https://e.com/x,T,2023-01-01 00:00:00,::1,0\n"))
                    .containsExactly(SourceLine.of(1, new LinkRequest("https://e.com/x", null, "abc", null).withMeta("T", null)));
        }
    }

    @Nested
    class Kutt {
        @Test
        void addressAsAliasTargetAsUrlExpireInAsTtl() throws IOException {
            List<SourceLine> lines = read(new KuttTable(KEEP), "kutt-links.csv");

            assertThat(lines.get(0)).isEqualTo(SourceLine.of(2, new LinkRequest("https://news.example.com/story/1", null, "Xk9aQ", null)));
            assertThat(lines.get(1)).isEqualTo(SourceLine.of(3,
                    new LinkRequest("https://example.com/team", LONGEST, "team_page", null).withMeta("Our team, 2024", null)));
            assertThat(lines.get(2).problem().type()).endsWith(":expired");
        }

        @Test
        void aCsvWithoutTargetIsNotKuttsLinks() {
            assertThatThrownBy(() -> LocalFormatsUnitTests.read(new KuttTable(KEEP), "address,url\na,https://e.com\n"))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'target'");
        }
    }

    @Nested
    class TitlesTagsAndDomain {
        @Test
        void titlesAndTagsAreMadeToFitTheServicesRules() {
            assertThat(ImportedMeta.title("  Soldes\u0000 d'été\u200b  ")).isEqualTo("Soldes d'été");
            assertThat(ImportedMeta.title("x".repeat(250))).hasSize(200);
            assertThat(ImportedMeta.title(" \t ")).isNull();
            assertThat(ImportedMeta.tags("Spring Sale; SMS|news, ,Spring Sale")).containsExactly("spring-sale", "sms", "news");
            assertThat(ImportedMeta.tags(List.of("Été 2024!", "a".repeat(60), "campaign:Q1"))).containsExactly("ete-2024", "a".repeat(50), "campaign:q1");
            assertThat(ImportedMeta.tags(java.util.stream.IntStream.range(0, 30).mapToObj(i -> "t" + i).toList())).hasSize(20);
        }

        @Test
        void withADomainEveryLinkGoesThere() throws IOException {
            ImportOptions onBrand = new ImportOptions(true, NOW, Duration.ofDays(100), false, "go.example.com");
            assertThat(read(new YourlsTable(onBrand), "yourls-url.csv")).extracting(l -> l.request().domain())
                    .containsOnly("go.example.com");
            assertThat(read(new YourlsTable(KEEP), "yourls-url.csv")).extracting(l -> l.request().domain()).containsOnlyNulls();
        }
    }

    @Nested
    class Expiries {
        @Test
        void timestampsAsExportsWriteThem() {
            Instant noon = Instant.parse("2024-06-01T12:00:00Z");
            assertThat(Expiry.parse("2024-06-01T12:00:00Z")).isEqualTo(noon);
            assertThat(Expiry.parse("2024-06-01T14:00:00+02:00")).isEqualTo(noon);
            assertThat(Expiry.parse("2024-06-01T12:00:00+0000")).isEqualTo(noon);
            assertThat(Expiry.parse("2024-06-01 12:00:00+00")).isEqualTo(noon);
            assertThat(Expiry.parse("2024-06-01 12:00:00.5+00")).isEqualTo(noon.plusMillis(500));
            assertThat(Expiry.parse("2024-06-01 12:00:00")).isEqualTo(noon);
            assertThat(Expiry.parse("2024-06-01")).isEqualTo(Instant.parse("2024-06-01T00:00:00Z"));
            assertThat(Expiry.parse(Long.toString(noon.getEpochSecond()))).isEqualTo(noon);
        }

        @Test
        void theTtlIsTheTimeLeftRoundedUpToDaysOrUnderADayToHours() {
            Instant now = NOW;
            assertThat(Expiry.ttlUntil(now.plus(Duration.ofDays(30)), now)).contains("P30D");
            assertThat(Expiry.ttlUntil(now.plus(Duration.ofDays(30)).plusSeconds(1), now)).contains("P31D");
            assertThat(Expiry.ttlUntil(now.plus(Duration.ofHours(5)).plusSeconds(10), now)).contains("PT6H");
            assertThat(Expiry.ttlUntil(now.plusSeconds(10), now)).contains("PT1H");
            assertThat(Expiry.ttlUntil(now, now)).isEmpty();
            assertThat(Expiry.ttlUntil(now.minusSeconds(1), now)).isEmpty();
        }

        @Test
        void anExpiryWithinTheLongestTtlIsTheTimeLeftOneBeyondItTheLongestOrPermanent() {
            String soon = NOW.plus(Duration.ofDays(12)).plusSeconds(5).toString();
            String later = NOW.plus(Duration.ofDays(400)).toString();

            assertThat(KEEP.line(1, "https://e.com", null, soon).request().ttl()).isEqualTo("P13D");
            assertThat(KEEP.line(1, "https://e.com", null, later).request().ttl()).isEqualTo("P100D");
            assertThat(new ImportOptions(false, NOW, Duration.ofHours(36), false).line(1, "https://e.com", null, soon).request().ttl())
                    .isEqualTo("PT36H");
            assertThat(new ImportOptions(false, NOW, Duration.ofDays(100), true).line(1, "https://e.com", null, later).request().ttl())
                    .isEqualTo("permanent");
        }

        @Test
        void anUnreadableExpiryIsALocalProblem() {
            SourceLine line = KEEP.line(7, "https://e.com", "x", "next tuesday");

            assertThat(line.sendable()).isFalse();
            assertThat(line.problem().detail()).contains("line 7").contains("next tuesday");
        }
    }
}

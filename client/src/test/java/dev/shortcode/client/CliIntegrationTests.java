package dev.shortcode.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The CLI's commands and the Java client against the real packaged service. */
class CliIntegrationTests {

    private static final ObjectMapper JSON = new ObjectMapper();
    static ServiceUnderTest service;
    static Cli cli;

    @BeforeAll
    static void startService(@TempDir Path data) throws IOException {
        service = ServiceUnderTest.start(data);
        cli = new Cli(service.baseUrl(), ServiceUnderTest.ADMIN_KEY);
    }

    @AfterAll
    static void stopService() {
        if (service != null) {
            service.close();
        }
    }

    static String codeOf(String shortUrl) {
        return shortUrl.substring(shortUrl.lastIndexOf('/') + 1).trim();
    }

    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class SingleLinks {

        @Test
        void createPrintsTheShortUrlAndGetPrintsTheView() throws IOException {
            Cli.Run created = cli.run("create", "https://example.com/cli/one");

            assertThat(created.exitCode()).as(created.toString()).isZero();
            assertThat(created.out().trim()).matches("http://\\S+/[A-Za-z0-9]{5}");
            Cli.Run got = cli.run("get", codeOf(created.out()));
            assertThat(got.exitCode()).as(got.toString()).isZero();
            JsonNode view = JSON.readTree(got.out());
            assertThat(view.get("url").asText()).isEqualTo("https://example.com/cli/one");
            assertThat(view.get("code").asText()).isEqualTo(codeOf(created.out()));
            assertThat(view.get("pool").asText()).isEqualTo("short");
        }

        @Test
        void createWithTtlAndAliasAsJson() throws IOException {
            Cli.Run created = cli.run("create", "https://example.com/cli/two", "--ttl", "P30D", "--alias", "cli-two", "--json");

            assertThat(created.exitCode()).as(created.toString()).isZero();
            JsonNode view = JSON.readTree(created.out());
            assertThat(view.get("code").asText()).isEqualTo("cli-two");
            assertThat(view.get("ttl").asText()).isEqualTo("P30D");
            assertThat(view.get("shortUrl").asText()).endsWith("/cli-two");
            assertThat(view.has("expiresAt")).isTrue();
        }

        @Test
        void deleteThenGetIsNotFound() {
            String code = codeOf(cli.run("create", "https://example.com/cli/gone").out());

            Cli.Run deleted = cli.run("delete", code);
            assertThat(deleted.exitCode()).as(deleted.toString()).isZero();
            assertThat(deleted.out()).contains("deleted " + code);
            Cli.Run got = cli.run("get", code);
            assertThat(got.exitCode()).isEqualTo(1);
            assertThat(got.err()).contains("404").contains("problems/not-found");
        }

        @Test
        void qrWritesPngAndSvg(@TempDir Path dir) throws IOException {
            String code = codeOf(cli.run("create", "https://example.com/cli/qr").out());

            Cli.Run png = cli.run("qr", code, "-o", dir.resolve("qr.png").toString(), "--size", "256");
            Cli.Run svg = cli.run("qr", code, "-o", dir.resolve("qr.svg").toString());

            assertThat(png.exitCode()).as(png.toString()).isZero();
            assertThat(svg.exitCode()).as(svg.toString()).isZero();
            byte[] image = Files.readAllBytes(dir.resolve("qr.png"));
            assertThat(image).startsWith(0x89, 'P', 'N', 'G');
            assertThat(javax.imageio.ImageIO.read(dir.resolve("qr.png").toFile()).getWidth()).isEqualTo(256);
            assertThat(Files.readString(dir.resolve("qr.svg"))).contains("<svg");
            assertThat(png.out()).contains("png").contains("bytes");
        }

        @Test
        void statsPrintsTotalsAndTheSparkline() throws Exception {
            String code = codeOf(cli.run("create", "https://example.com/cli/stats").out());
            assertThat(service.visit("/" + code).statusCode()).isEqualTo(302);
            assertThat(service.visit("/" + code + "?qr=1").statusCode()).isEqualTo(302);

            Cli.Run stats = null;
            for (int i = 0; i < 50; i++) { // counts appear within about a second
                stats = cli.run("stats", code);
                if (stats.out().contains("clicks 2")) {
                    break;
                }
                Thread.sleep(200);
            }
            assertThat(stats.exitCode()).as(stats.toString()).isZero();
            assertThat(stats.out()).contains(code + ": last 30 days").contains("clicks 2").contains("humans 2").contains("qrScans 1");
            String[] lines = stats.out().split("\n");
            assertThat(lines[2]).matches("▁{29}█  max 2 per day");

            Cli.Run hours = cli.run("stats", code, "--unit", "hour", "--units", "6");
            assertThat(hours.out()).contains("last 6 hours");
            assertThat(hours.out().split("\n")[2]).startsWith("▁▁▁▁▁█");
        }

        @Test
        void refusalsExitOneWithTheProblem() {
            Cli.Run badUrl = cli.run("create", "not-a-url");
            Cli.Run badAlias = cli.run("create", "https://example.com/x", "--alias", "ab");
            Cli.Run badKey = new Cli(service.baseUrl(), "no-such-key-0123456789").run("get", "abcde");

            assertThat(badUrl.exitCode()).isEqualTo(1);
            assertThat(badUrl.err()).contains("400").contains("invalid-url");
            assertThat(badAlias.exitCode()).isEqualTo(1);
            assertThat(badAlias.err()).contains("invalid-alias");
            assertThat(badKey.exitCode()).isEqualTo(1);
            assertThat(badKey.err()).contains("401");
        }

        @Test
        void everyCommandHasItsHelp() {
            for (String command : List.of("create", "get", "delete", "qr", "stats", "bulk", "import")) {
                Cli.Run help = cli.run(command, "--help");
                assertThat(help.exitCode()).as(command).isZero();
                assertThat(help.out()).as(command).startsWith("Usage: shortcode " + command).contains("--api-key").contains("Exit codes");
            }
            assertThat(cli.run("import", "--help").out()).contains("5 to 7").contains("--domain").contains("tags are kept");
            assertThat(cli.run("bulk", "--help").out()).contains("ref");
        }

        @Test
        void usageErrorsExitTwo() {
            assertThat(cli.run("create").exitCode()).isEqualTo(2);
            assertThat(cli.run("stats", "abcde", "--unit", "week").exitCode()).isEqualTo(2);
            assertThat(cli.run("import", "--from", "delicious", "x.csv").exitCode()).isEqualTo(2);
            assertThat(cli.run("bulk", "no-such-file.csv").exitCode()).isEqualTo(2);
            Cli.Run noKey = new Cli(service.baseUrl(), null).run("get", "abcde");
            assertThat(noKey.exitCode()).isEqualTo(2);
            assertThat(noKey.err()).contains("API key");
            assertThat(new Cli("ftp://example.com", "k").run("get", "abcde").exitCode()).isEqualTo(2);
        }
    }

    @Nested
    class JavaClient {

        @Test
        void refusalsAreTypedExceptionsCarryingTheProblem() {
            try (ShortcodeClient client = new ShortcodeClient(service.baseUrl(), ServiceUnderTest.ADMIN_KEY)) {
                assertThatThrownBy(() -> client.get("nope-404"))
                        .isInstanceOfSatisfying(ProblemException.LinkNotFoundException.class,
                                e -> assertThat(e.problem().name()).isEqualTo("not-found"));
                assertThatThrownBy(() -> client.create(new LinkRequest("https://example.com/", null, "ab", null)))
                        .isInstanceOfSatisfying(ProblemException.InvalidRequestException.class,
                                e -> assertThat(e.problem().type()).isEqualTo("https://shortcode.dev/problems/invalid-alias"));
                client.create(new LinkRequest("https://example.com/taken", null, "taken-alias", null));
                assertThatThrownBy(() -> client.create(new LinkRequest("https://example.com/taken2", null, "taken-alias", null)))
                        .isInstanceOf(ProblemException.ConflictException.class);
            }
            try (ShortcodeClient stranger = new ShortcodeClient(service.baseUrl(), "no-such-key-0123456789")) {
                assertThatThrownBy(() -> stranger.get("abcde")).isInstanceOf(ProblemException.UnauthenticatedException.class);
                // a refused stream is the same refusal, not a broken stream
                assertThatThrownBy(() -> stranger.bulk(List.of(LinkRequest.of("https://example.com/")).iterator(), r -> r, (r, result) -> { }))
                        .isInstanceOf(ProblemException.UnauthenticatedException.class);
            }
        }

        @Test
        void bulkPairsEachResultWithItsItemInOrder() {
            List<String> items = new ArrayList<>();
            for (int i = 0; i < 5_000; i++) {
                items.add(i % 1000 == 999 ? "not a url " + i : "https://example.com/java-bulk/" + i);
            }
            List<String> seen = new ArrayList<>();
            Map<String, String> urlOfCode = new TreeMap<>();
            try (ShortcodeClient client = new ShortcodeClient(service.baseUrl(), ServiceUnderTest.ADMIN_KEY)) {
                BulkSummary summary = client.bulk(items.iterator(), LinkRequest::of, (item, result) -> {
                    seen.add(item);
                    assertThat(result.line()).isEqualTo(seen.size());
                    if (result.created()) {
                        assertThat(result.link().url()).isEqualTo(item);
                        urlOfCode.put(result.link().code(), item);
                    } else {
                        assertThat(item).startsWith("not a url");
                        assertThat(result.problem().name()).isEqualTo("invalid-url");
                    }
                });
                assertThat(summary.lines()).isEqualTo(5_000);
                assertThat(summary.links()).isEqualTo(4_995);
                assertThat(summary.problems()).isEqualTo(5);
            }
            assertThat(seen).isEqualTo(items);
            assertThat(urlOfCode).hasSize(4_995);
        }
    }

    @Nested
    class BulkAndImport {

        @TempDir
        Path dir;

        Path copy(String sample) throws IOException {
            return Files.copy(Path.of("src/test/resources/import", sample), dir.resolve(sample));
        }

        /** A second copy of a sample, under another name (refs derive from the file, so it is another import). */
        Path copy2(String sample) throws IOException {
            return Files.copy(Path.of("src/test/resources/import", sample), dir.resolve("2-" + sample));
        }

        /** The results file as rows of column -> value. */
        List<Map<String, String>> results(Path csv) throws IOException {
            List<Map<String, String>> rows = new ArrayList<>();
            try (var in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
                var reader = new dev.shortcode.client.source.CsvReader(in);
                List<String> header = reader.next().fields();
                reader.forEachRemaining(record -> {
                    Map<String, String> row = new TreeMap<>();
                    for (int i = 0; i < header.size(); i++) {
                        row.put(header.get(i), record.field(i));
                    }
                    rows.add(row);
                });
            }
            return rows;
        }

        Cli.Run importing(String from, Path file, Path output, String... more) {
            List<String> args = new ArrayList<>(List.of("import", "--from", from, file.toString(), "--output", output.toString()));
            args.addAll(List.of(more));
            return cli.run(args.toArray(String[]::new));
        }

        void assertStatuses(List<Map<String, String>> rows, String... lineStatus) {
            assertThat(rows).extracting(row -> row.get("line") + ":" + row.get("status")).containsExactly(lineStatus);
        }

        void assertRedirects(String code, String url) throws Exception {
            var answer = service.visit("/" + code);
            assertThat(answer.statusCode()).isEqualTo(302);
            assertThat(answer.headers().firstValue("Location")).contains(url);
        }

        @Test
        void bulkCsvWritesOneResultPerLineAndExitsOneForAProblem() throws IOException {
            Path file = Files.writeString(dir.resolve("links.csv"),
                    "url,ttl,alias\nhttps://example.com/b/1,P30D,\n,,\nhttps://example.com/b/3,,b-three\nhttps://example.com/b/4,P1X,\n");
            Path output = dir.resolve("out.csv");

            Cli.Run run = cli.run("bulk", file.toString(), "-o", output.toString());

            assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
            assertThat(run.out()).contains("4 lines: 2 links, 2 problems");
            List<Map<String, String>> rows = results(output);
            assertStatuses(rows, "2:201", "3:0", "4:201", "5:400");
            assertThat(rows.get(2).get("code")).isEqualTo("b-three");
            assertThat(rows.get(3).get("problem")).startsWith("invalid-ttl:");
            assertThat(rows.get(0).get("ref")).isNotBlank();
        }

        @Test
        void bulkNdjsonWithEveryLineLinkedExitsZero() throws IOException {
            Path file = Files.writeString(dir.resolve("links.jsonl"),
                    "{\"url\":\"https://example.com/n/1\"}\n{\"url\":\"https://example.com/n/2\",\"ttl\":\"permanent\"}\n");
            Path output = dir.resolve("out.ndjson");

            Cli.Run run = cli.run("bulk", file.toString(), "--output", output.toString());

            assertThat(run.exitCode()).as(run.toString()).isZero();
            List<String> lines = Files.readAllLines(output);
            assertThat(lines).hasSize(2);
            assertThat(JSON.readTree(lines.get(1)).get("url").asText()).isEqualTo("https://example.com/n/2");
            assertThat(JSON.readTree(lines.get(1)).get("code").asText()).hasSize(7); // permanent: the long pool
        }

        @Test
        void aStreamBrokenMidWayIsReopenedWithTheLinesNotAnswered() throws IOException {
            int lines = 20_000;
            StringBuilder ndjson = new StringBuilder();
            for (int i = 1; i <= lines; i++) {
                ndjson.append("{\"url\":\"https://example.com/retry/").append(i).append("\"}\n");
            }
            Path file = Files.writeString(dir.resolve("retry.ndjson"), ndjson);
            Path output = dir.resolve("out.csv");
            long issued = service.codesIssued();

            Cli.Run run;
            try (CuttingProxy proxy = new CuttingProxy(Integer.parseInt(service.baseUrl().replaceAll(".*:", "")), 1_000_000)) {
                run = new Cli(proxy.url(), ServiceUnderTest.ADMIN_KEY).run("bulk", file.toString(), "-o", output.toString());
                assertThat(proxy.connections()).isGreaterThanOrEqualTo(2);
            }

            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(run.err()).contains("the stream broke").contains("retry 1 of 3");
            List<Map<String, String>> rows = results(output);
            assertThat(rows).hasSize(lines);
            assertThat(rows).extracting(row -> row.get("line")).containsExactlyElementsOf(
                    java.util.stream.IntStream.rangeClosed(1, lines).mapToObj(Integer::toString).toList());
            assertThat(rows).allSatisfy(row -> assertThat(row.get("status")).isEqualTo("201"));
            assertThat(rows.stream().map(row -> row.get("code")).distinct().count()).isEqualTo(lines);
            assertThat(service.codesIssued() - issued).isEqualTo(lines);
        }

        @Test
        void bitly() throws Exception {
            Path output = dir.resolve("out.csv");
            Cli.Run run = importing("bitly", copy("bitly-links.csv"), output, "--keep-codes");

            assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
            List<Map<String, String>> rows = results(output);
            // 3xYzAbC is shaped like a code of this service: kept, reserved so that it is never issued;
            // the link that expired in 2020 is not sent
            assertStatuses(rows, "2:201", "3:201", "4:0");
            assertThat(rows.get(0).get("code")).isEqualTo("3xYzAbC");
            assertRedirects("3xYzAbC", "https://example.com/blog/launch?utm_source=bitly");
            assertThat(rows.get(1).get("code")).isEqualTo("SpringSale2024");
            assertThat(rows.get(2).get("problem")).contains("expired");
            assertRedirects("SpringSale2024", "https://shop.example.com/sale");
            assertThat(JSON.readTree(cli.run("get", "SpringSale2024").out()).get("ttl").asText()).isEqualTo("P100D");
        }

        @Test
        void bitlyWithoutKeepCodesMakesNewCodes() throws IOException {
            Path output = dir.resolve("out.csv");
            importing("bitly", copy("bitly-links.csv"), output);

            List<Map<String, String>> rows = results(output);
            assertStatuses(rows, "2:201", "3:201", "4:0");
            assertThat(rows.get(0).get("code")).isNotEqualTo("3xYzAbC").hasSizeBetween(5, 7);
        }

        @Test
        void shlink() throws Exception {
            Path output = dir.resolve("out.csv");
            Cli.Run run = importing("shlink", copy("shlink-short-urls.json"), output, "--keep-codes");

            assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
            List<Map<String, String>> rows = results(output);
            assertStatuses(rows, "1:201", "2:201", "3:0");
            assertThat(rows.get(0).get("code")).isEqualTo("12C18");
            assertRedirects("12C18", "https://store.example.com/product/42");
            assertRedirects("docs-home", "https://docs.example.com/");
        }

        @Test
        void yourls() throws Exception {
            Path output = dir.resolve("out.csv");
            Cli.Run run = importing("yourls", copy("yourls-url.csv"), output, "--keep-codes");

            assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
            List<Map<String, String>> rows = results(output);
            assertStatuses(rows, "2:400", "3:201", "4:201"); // keyword '1' is shorter than an alias may be
            assertThat(rows.get(0).get("problem")).startsWith("invalid-alias");
            assertRedirects("ozh", "http://ozh.org/");
            assertRedirects("blog-2024", "https://blog.example.com/2024/");
            assertThat(JSON.readTree(cli.run("get", "ozh").out()).get("title").asText()).isEqualTo("Ozh, the author");
        }

        @Test
        void shlinkOntoABrandedDomain_keepsTitlesAndTags() throws Exception {
            assertThat(service.postAsAdmin("/api/v1/domains", "{\"host\":\"go.import.example\"}").statusCode()).isEqualTo(201);
            Path output = dir.resolve("out.csv");
            Cli.Run run = importing("shlink", copy("shlink-short-urls.json"), output, "--domain", "go.import.example");

            assertThat(run.exitCode()).as(run.toString()).isEqualTo(1); // the third link expired in 2020
            List<Map<String, String>> rows = results(output);
            assertStatuses(rows, "1:201", "2:201", "3:0");
            JsonNode product = JSON.readTree(cli.run("get", rows.get(0).get("code")).out());
            assertThat(product.get("title").asText()).isEqualTo("Product 42");
            assertThat(product.get("tags").toString()).isEqualTo("[\"store\",\"products\"]");
            assertThat(product.get("domain").asText()).isEqualTo("go.import.example");
            assertThat(product.get("shortUrl").asText()).startsWith("http://go.import.example/");
            assertThat(importing("shlink", copy2("shlink-short-urls.json"), dir.resolve("again.csv"), "--domain", "nowhere.example")
                    .exitCode()).isEqualTo(1);
            assertThat(results(dir.resolve("again.csv"))).extracting(row -> row.get("problem"))
                    .anySatisfy(problem -> assertThat(problem).startsWith("invalid-domain"));
        }

        @Test
        void kutt() throws Exception {
            Path output = dir.resolve("out.csv");
            Cli.Run run = importing("kutt", copy("kutt-links.csv"), output, "--keep-codes", "--permanent-beyond");

            assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
            List<Map<String, String>> rows = results(output);
            assertStatuses(rows, "2:201", "3:201", "4:0");
            assertRedirects("Xk9aQ", "https://news.example.com/story/1");
            assertRedirects("team_page", "https://example.com/team");
            assertThat(JSON.readTree(cli.run("get", "team_page").out()).get("ttl").asText()).isEqualTo("permanent");
        }

        @Test
        void csv() throws Exception {
            Path output = dir.resolve("out.csv");
            Cli.Run run = importing("csv", copy("links.csv"), output);

            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertStatuses(results(output), "2:201", "3:201", "4:201");
            assertRedirects("csv-one", "https://example.com/csv/1");
        }

        @Test
        void runningAnImportAgainAnswersTheSameLinks() throws IOException {
            Path file = copy("kutt-links.csv");
            importing("kutt", file, dir.resolve("first.csv"));
            long issued = service.codesIssued();

            Cli.Run again = importing("kutt", file, dir.resolve("second.csv"));

            assertThat(again.exitCode()).as(again.toString()).isEqualTo(1); // the expired line
            assertThat(Files.readAllLines(dir.resolve("second.csv"))).isEqualTo(Files.readAllLines(dir.resolve("first.csv")));
            assertThat(service.codesIssued()).isEqualTo(issued);
        }
    }

    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class Inventory {

        /** Three links with a tag of this test, made through the API (the create command has no tags), newest last. */
        List<String> tagged(String tag) throws Exception {
            List<String> codes = new ArrayList<>();
            java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient(); // not closeable on Java 17
            {
                for (int i = 0; i < 3; i++) {
                    String body = JSON.writeValueAsString(Map.of("url", "https://example.com/" + tag + "/" + i, "title", "Title " + i + " é",
                            "tags", List.of(tag)));
                    java.net.http.HttpResponse<String> created = http.send(java.net.http.HttpRequest.newBuilder(
                                    java.net.URI.create(service.baseUrl() + "/api/v1/links"))
                            .header("X-API-Key", ServiceUnderTest.ADMIN_KEY).header("Content-Type", "application/json")
                            .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body)).build(),
                            java.net.http.HttpResponse.BodyHandlers.ofString());
                    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
                    codes.add(JSON.readTree(created.body()).get("code").asText());
                    Thread.sleep(2); // one millisecond apart: newest first is then creation order reversed
                }
            }
            return codes;
        }

        @Test
        void listPagesThroughTheFilteredLinksNewestFirst() throws Exception {
            List<String> codes = tagged("cli-list");
            Cli.Run listed = cli.run("list", "--tag", "cli-list", "--max", "2");
            assertThat(listed.exitCode()).as(listed.toString()).isZero();
            assertThat(listed.out().lines().map(line -> line.split("\t")[0]).toList()).containsExactly(codes.get(2), codes.get(1));
            assertThat(listed.out().lines().findFirst().orElseThrow()).contains("\tlive\tTitle 2 é\tcli-list\thttps://example.com/cli-list/2");
            Cli.Run json = cli.run("list", "--tag", "cli-list", "--json");
            assertThat(json.out().lines().map(line -> readTree(line).get("code").asText()).toList())
                    .containsExactly(codes.get(2), codes.get(1), codes.get(0));
            Cli.Run bad = cli.run("list", "--status", "gone");
            assertThat(bad.exitCode()).isEqualTo(1);
            assertThat(bad.err()).contains("status");
        }

        @Test
        void exportWritesEveryFilteredLinkAsNdjsonOrCsv(@TempDir Path dir) throws Exception {
            List<String> codes = tagged("cli-export");
            Cli.Run ndjson = cli.run("export", "--tag", "cli-export");
            assertThat(ndjson.exitCode()).as(ndjson.toString()).isZero();
            assertThat(ndjson.out().lines().map(line -> readTree(line).get("code").asText()).toList())
                    .containsExactlyInAnyOrderElementsOf(codes);
            Cli.Run csv = cli.run("export", "--tag", "cli-export", "--format", "csv", "--output", dir.resolve("links.csv").toString());
            assertThat(csv.exitCode()).as(csv.toString()).isZero();
            List<String> rows = Files.readAllLines(dir.resolve("links.csv"), StandardCharsets.UTF_8);
            assertThat(rows.get(0)).startsWith("code,shortUrl,url,title,tags");
            assertThat(rows.subList(1, rows.size()).stream().map(row -> row.substring(0, row.indexOf(','))).toList())
                    .containsExactlyInAnyOrderElementsOf(codes);
            assertThat(rows).anyMatch(row -> row.contains("Title 1 é"));
        }
    }

    static JsonNode readTree(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + line, e);
        }
    }
}

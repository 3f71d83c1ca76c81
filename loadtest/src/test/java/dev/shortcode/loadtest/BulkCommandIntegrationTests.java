package dev.shortcode.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The bulk scenario against a small streaming server that answers each line as it reads it
 * (every tenth with a problem), the way the service does: counts, order, pacing and the JSON.
 */
class BulkCommandIntegrationTests {

    @TempDir
    Path dir;

    private Vertx vertx;
    private HttpServer server;
    private final List<String> received = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        vertx = Vertx.vertx();
        server = vertx.createHttpServer().requestHandler(request -> {
            request.response().setChunked(true).putHeader("Content-Type", LinkApi.NDJSON);
            long[] line = {0};
            StringBuilder partial = new StringBuilder();
            request.handler(buffer -> {
                partial.append(buffer.toString());
                StringBuilder answers = new StringBuilder();
                int end;
                while ((end = partial.indexOf("\n")) >= 0) {
                    received.add(partial.substring(0, end));
                    partial.delete(0, end + 1);
                    long n = ++line[0];
                    answers.append(n % 10 == 0 ? "{\"line\":" + n + ",\"status\":400,\"problem\":{}}\n"
                            : "{\"line\":" + n + ",\"status\":201,\"link\":{\"code\":\"abc\"}}\n");
                }
                request.response().write(Buffer.buffer(answers.toString()));
            });
            request.endHandler(v -> request.response().end());
        }).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @AfterEach
    void stop() {
        VertxCloser.close(vertx);
    }

    @Test
    void bulk_streamAsFastAsItGoes_countsLinksAndProblemsInOrder() throws Exception {
        int exit = execute("--lines", "50000");
        assertThat(exit).isZero();
        JsonObject json = new JsonObject(Files.readString(dir.resolve("bulk.json")));
        assertThat(json.getLong("results")).isEqualTo(50_000);
        assertThat(json.getLong("links")).isEqualTo(45_000);
        assertThat(json.getLong("problems")).isEqualTo(5_000);
        assertThat(json.getLong("outOfOrder")).isZero();
        assertThat(json.getDouble("linksPerSecond")).isPositive();
    }

    @Test
    void bulk_withRate_sendsNoFasterThanIt_andMeasuresTheServersCpu() throws Exception {
        long pid = ProcessHandle.current().pid(); // the server runs in this JVM
        int exit = execute("--lines", "1000", "--rate", "2000", "--server-pid", Long.toString(pid));
        assertThat(exit).isZero();
        JsonObject json = new JsonObject(Files.readString(dir.resolve("bulk.json")));
        assertThat(json.getDouble("seconds")).as("1000 lines at 2000/s").isGreaterThanOrEqualTo(0.45);
        assertThat(json.getJsonObject("serverCpu").getDouble("microsPerLink")).isPositive();
    }

    @Test
    void bulk_withRefs_givesEveryLineItsOwnRef() throws Exception {
        int exit = execute("--lines", "2000", "--refs");
        assertThat(exit).isZero();
        assertThat(received).hasSize(2_000);
        Set<String> refs = new HashSet<>();
        for (String line : received) {
            JsonObject json = new JsonObject(line);
            assertThat(json.getString("url")).startsWith("https://example.com/bulk/");
            refs.add(json.getString("ref"));
        }
        assertThat(refs).hasSize(2_000).doesNotContainNull();
        assertThat(new JsonObject(Files.readString(dir.resolve("bulk.json"))).getBoolean("refs")).isTrue();
    }

    @Test
    void bulk_withoutRefs_sendsUrlsOnly() throws Exception {
        assertThat(execute("--lines", "10")).isZero();
        assertThat(received).hasSize(10).allSatisfy(line -> assertThat(new JsonObject(line).fieldNames()).containsExactly("url"));
    }

    private int execute(String... args) {
        CommandLine commandLine = Main.commandLine();
        commandLine.setOut(new PrintWriter(new StringWriter(), true));
        commandLine.setErr(new PrintWriter(new StringWriter(), true));
        String[] all = new String[args.length + 6];
        all[0] = "bulk";
        all[1] = "--target";
        all[2] = "http://127.0.0.1:" + server.actualPort();
        all[3] = "--output-dir";
        all[4] = dir.toString();
        all[5] = "--api-key=k";
        System.arraycopy(args, 0, all, 6, args.length);
        return commandLine.execute(all);
    }
}

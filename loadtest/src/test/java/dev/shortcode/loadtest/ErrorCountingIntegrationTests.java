package dev.shortcode.loadtest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

class ErrorCountingIntegrationTests {

    /** The 7th request is never answered; others follow a fixed pattern of error statuses. */
    private static ScriptedServer.Reply reply(long n) {
        if (n == 7) {
            return ScriptedServer.Reply.noReply();
        }
        if (n % 10 == 0) {
            return ScriptedServer.Reply.of(500);
        }
        if (n % 25 == 0) {
            return ScriptedServer.Reply.of(503);
        }
        if (n % 33 == 0) {
            return ScriptedServer.Reply.json(429, "{\"type\":\"about:blank\",\"status\":429}");
        }
        return ScriptedServer.Reply.json(201, "{\"code\":\"abc\"}");
    }

    @Test
    @Timeout(60)
    void errorsAreCountedByStatusAndByKind() throws Exception {
        try (ScriptedServer server = ScriptedServer.start((n, request, body) -> reply(n))) {
            LoadOptions options = TestLoads.withTimeout(TestLoads.withConnections(TestLoads.load(server.url(),
                    Scenario.CREATE, 200, Duration.ZERO, Duration.ofSeconds(2)), 8), Duration.ofSeconds(3));

            RunSummary summary = TestLoads.run(options, "errors");
            System.out.print(ResultTable.render(summary)); // in the Failsafe report when a check fails

            // Every response is counted under the status the server actually sent...
            Map<String, Long> sent = server.replies();
            assertThat(summary.statuses()).isEqualTo(sent);
            assertThat(sent).containsKeys("201", "429", "500", "503");
            // ...every status other than the expected 201 is an error under its code, the unanswered
            // request is a timeout, and anything that never reached the server (only on a badly
            // overloaded machine) is counted by its kind too: nothing is lost.
            Map<String, Long> expectedErrors = new TreeMap<>(sent);
            expectedErrors.remove("201");
            expectedErrors.put("timeout", 1L);
            Map<String, Long> errors = new TreeMap<>(summary.errors());
            long neverArrived = 400 - server.requests();
            if (neverArrived > 0) {
                assertThat(errors.remove("pool-timeout")).isEqualTo(neverArrived);
            }
            assertThat(errors).isEqualTo(expectedErrors);
            assertThat(summary.errorTotal()).isEqualTo(400 - sent.get("201"));
            assertThat(summary.answered()).isEqualTo(server.requests() - 1);
            // Error responses are still responses: they have a latency.
            assertThat(summary.corrected().count()).isEqualTo(summary.answered());
            assertThat(server.lastApiKey()).isEqualTo("test-key");
        }
    }
}

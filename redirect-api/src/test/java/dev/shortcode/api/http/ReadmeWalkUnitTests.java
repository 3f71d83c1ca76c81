package dev.shortcode.api.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How the README's walk is read: its script, pointed elsewhere, and its claims, answered in order. */
class ReadmeWalkUnitTests {

    private static final ReadmeWalk WALK = ReadmeWalk.of("""
            # A readme

            <!-- walk:begin -->
            ```bash
            BASE=http://localhost:8080
            curl -sS -o /dev/null -w '%{http_code} %{redirect_url}\\n' $BASE/abc
            # -> 302 https://example.com/a
            curl -sS $BASE/api/v1/links/abc | jq -c '{code, shortUrl}'
            # -> {"code":"…","shortUrl":"http://localhost:8080/…"}
            ```
            <!-- walk:end -->

            ```bash
            # -> not part of the walk
            ```
            """);

    @Test
    void scriptFor_anotherService_pointsOnlyTheBaseLineThere() {
        String script = WALK.scriptFor("http://127.0.0.1:18123");

        assertThat(script).startsWith("BASE=http://127.0.0.1:18123\n").contains("$BASE/abc")
                .contains("# -> {\"code\":\"…\",\"shortUrl\":\"http://localhost:8080/…\"}");
    }

    @Test
    void scriptFor_aCommandNamingLocalhost_isRefused() {
        ReadmeWalk walk = ReadmeWalk.of("<!-- walk:begin -->\n```bash\nBASE=http://localhost:8080\ncurl localhost:8080/x\n```\n<!-- walk:end -->");

        assertThatThrownBy(() -> walk.scriptFor("http://127.0.0.1:1")).hasMessageContaining("curl localhost:8080/x");
    }

    @Test
    void claims_areTheArrowCommentsOfTheWalkOnly() {
        assertThat(WALK.claims()).containsExactly("302 https://example.com/a", "{\"code\":\"…\",\"shortUrl\":\"http://localhost:8080/…\"}");
    }

    @Test
    void firstUnanswered_everyClaimPrintedInOrder_isEmpty() {
        assertThat(WALK.firstUnanswered(List.of("k_1", "302 https://example.com/a", "{\"code\":\"Xb3kQ\",\"shortUrl\":\"http://localhost:8080/Xb3kQ\"}")))
                .isEmpty();
    }

    @Test
    void firstUnanswered_aClaimNotPrinted_isThatClaim() {
        assertThat(WALK.firstUnanswered(List.of("302 https://example.com/b", "{\"code\":\"Xb3kQ\",\"shortUrl\":\"http://localhost:8080/Xb3kQ\"}")))
                .contains("302 https://example.com/a");
    }

    @Test
    void firstUnanswered_claimsPrintedOutOfOrder_isTheLaterClaim() {
        assertThat(WALK.firstUnanswered(List.of("{\"code\":\"Xb3kQ\",\"shortUrl\":\"http://localhost:8080/Xb3kQ\"}", "302 https://example.com/a")))
                .contains("{\"code\":\"…\",\"shortUrl\":\"http://localhost:8080/…\"}");
    }

    @Test
    void pattern_matchesTheWholeLine_withTheEllipsisAsAnyText() {
        assertThat(ReadmeWalk.pattern("[201,\"…\"]").matcher("[201,\"spring-b\"]").matches()).isTrue();
        assertThat(ReadmeWalk.pattern("201").matcher("2010").matches()).isFalse();
        assertThat(ReadmeWalk.pattern("a.c").matcher("abc").matches()).isFalse();
    }
}

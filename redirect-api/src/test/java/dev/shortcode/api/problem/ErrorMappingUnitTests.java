package dev.shortcode.api.problem;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParseException;
import dev.shortcode.api.error.AliasTakenException;
import dev.shortcode.api.error.BatchTooLargeException;
import dev.shortcode.api.error.ConcurrentUpdateException;
import dev.shortcode.api.error.IdempotencyInProgressException;
import dev.shortcode.api.error.IdempotencyKeyReusedException;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.error.LastAdminKeyException;
import dev.shortcode.api.error.MissingScopeException;
import dev.shortcode.api.error.NotFoundException;
import dev.shortcode.api.error.NotOwnerException;
import dev.shortcode.api.error.PoolExhaustedException;
import dev.shortcode.api.error.RateLimitedException;
import dev.shortcode.api.error.UnauthenticatedException;
import dev.shortcode.core.alloc.IssueException;
import dev.shortcode.core.store.StorageUnavailableException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class ErrorMappingUnitTests {

    @Test
    void map_eachDomainError_getsItsStatusTypeAndHeaders() {
        Map<RuntimeException, Integer> expected = Map.ofEntries(
                Map.entry(new InvalidRequestException("invalid-ttl", "bad ttl"), 400),
                Map.entry(new NotFoundException("no live link"), 404),
                Map.entry(new AliasTakenException("spring-sale"), 409),
                Map.entry(new ConcurrentUpdateException("abc1234"), 409),
                Map.entry(new IdempotencyInProgressException(), 409),
                Map.entry(new LastAdminKeyException("k_1"), 409),
                Map.entry(new IdempotencyKeyReusedException("order-1", "abc1234", Duration.ofHours(24)), 422),
                Map.entry(new NotOwnerException("abc1234"), 403),
                Map.entry(new MissingScopeException("k_1", "links:write"), 403),
                Map.entry(new BatchTooLargeException(1001, 1000), 413),
                Map.entry(new UnauthenticatedException("no key"), 401),
                Map.entry(new PoolExhaustedException("short", 16), 503),
                Map.entry(new dev.shortcode.api.error.LinkDisabledException("abc1234", "phishing"), 410),
                Map.entry(new dev.shortcode.api.error.ClientRateLimitedException("reports", 60), 429),
                Map.entry(new dev.shortcode.api.error.RefReusedException("line-7", "abc1234", Duration.ofHours(24)), 422),
                Map.entry(new dev.shortcode.api.error.RefInProgressException("line-7"), 409),
                Map.entry(RateLimitedException.burst("burst", 600, 1), 429));
        expected.forEach((error, status) -> {
            ProblemResponse answer = ErrorMapping.map(new CompletionException(error), "/api/v1/links");
            assertThat(answer.status()).as(error.getClass().getSimpleName()).isEqualTo(status);
            assertThat(answer.problem().status()).isEqualTo(status);
            assertThat(answer.problem().detail()).isEqualTo(error.getMessage());
            assertThat(answer.problem().instance()).isEqualTo("/api/v1/links");
        });
        assertThat(ErrorMapping.map(new UnauthenticatedException("no key"), null).headers()).containsKey("WWW-Authenticate");
        assertThat(ErrorMapping.map(new PoolExhaustedException("short", 16), null).headers()).containsEntry("Retry-After", "1");
        assertThat(ErrorMapping.map(new dev.shortcode.api.error.ClientRateLimitedException("reports", 60), null).headers())
                .containsEntry("Retry-After", "60");
        assertThat(ErrorMapping.map(new AliasTakenException("a-b"), null).problem().type()).isEqualTo(Problem.TYPE_BASE + "alias-taken");
    }

    @Test
    void map_rateLimited_is429NamingThePolicy_withRetryAfterInSeconds() {
        ProblemResponse burst = ErrorMapping.map(new CompletionException(RateLimitedException.burst("burst", 600, 1)), "/api/v1/links");
        assertThat(burst.status()).isEqualTo(429);
        assertThat(burst.headers()).containsEntry("Retry-After", "1");
        assertThat(burst.problem().type()).isEqualTo(Problem.TYPE_BASE + "rate-limited");
        assertThat(burst.problem().violatedPolicies()).containsExactly("burst");
        ProblemResponse quota = ErrorMapping.map(RateLimitedException.quota("daily", 1000, 7, 6, 43_200), null);
        assertThat(quota.headers()).containsEntry("Retry-After", "43200");
        assertThat(quota.problem().type()).isEqualTo(Problem.TYPE_BASE + "quota-exceeded");
        assertThat(quota.problem().violatedPolicies()).containsExactly("daily");
        assertThat(quota.problem().detail()).contains("1000 links a day").contains("6 left, this request needs 7");
        assertThat(ErrorMapping.map(new NotFoundException("x"), null).problem().violatedPolicies()).as("others carry none").isNull();
    }

    @Test
    void map_outageAnywhereInTheChain_is503WithRetryAfter_namingTheStoreButNoInternals() {
        List<Throwable> outages = List.of(
                new StorageUnavailableException("redis", "Redis did not answer: RedisCommandTimeoutException 10.0.0.7:6379"),
                new CompletionException(new IllegalStateException("wrapped", new StorageUnavailableException("hbase", "down"))),
                new IssueException("pool short: no ids left", null));
        for (Throwable outage : outages) {
            ProblemResponse answer = ErrorMapping.map(outage, "/x");
            assertThat(answer.status()).isEqualTo(503);
            assertThat(answer.headers()).containsEntry("Retry-After", Integer.toString(ErrorMapping.RETRY_AFTER_SECONDS));
            assertThat(answer.problem().detail()).doesNotContain("Exception").doesNotContain("10.0.0.7").contains("retry shortly");
        }
    }

    @Test
    void map_bug_is500WithAnErrorIdAndNoClassName() {
        ProblemResponse answer = ErrorMapping.map(new CompletionException(new NullPointerException("boom")), "/x");
        assertThat(answer.status()).isEqualTo(500);
        assertThat(answer.headers()).doesNotContainKey("Retry-After");
        assertThat(answer.problem().detail()).containsPattern("error id [0-9a-f]{8}").doesNotContain("NullPointer");
    }

    @Test
    void map_unreadableJson_is400() {
        ProblemResponse answer = ErrorMapping.map(new JsonParseException(null, "Unexpected character"), "/x");
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.problem().type()).isEqualTo(Problem.TYPE_BASE + "invalid-json");
    }
}

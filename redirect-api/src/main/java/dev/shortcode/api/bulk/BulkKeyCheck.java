package dev.shortcode.api.bulk;

import dev.shortcode.api.auth.ApiKeyFilter;
import dev.shortcode.api.auth.ApiKeys;
import dev.shortcode.api.error.MissingScopeException;
import dev.shortcode.api.error.UnauthenticatedException;
import dev.shortcode.core.store.ApiKey;
import java.util.concurrent.CompletionStage;

/**
 * Whether the key a bulk stream was opened with still holds. A stream may run for an hour; the key
 * it was admitted with may be revoked or expire meanwhile, and every link it makes after that
 * would be one the key may no longer make. Asked before each chunk goes to the stores and every
 * {@link BulkStream#KEY_CHECK_INTERVAL_MILLIS} while the stream is open, through {@link ApiKeys}
 * like every request's key: from its cache, so a check costs a hash, not a store read (a
 * revocation on this node is seen at once, on another within the cache's re-check).
 */
final class BulkKeyCheck {

    private final ApiKeys keys;
    private final String presented;

    BulkKeyCheck(ApiKeys keys, String presented) {
        this.keys = keys;
        this.presented = presented;
    }

    /** Completes with null while the key holds, else with the refusal a new request with it would get (401, or 403 without the scope). */
    CompletionStage<RuntimeException> refusal() {
        return keys.authenticate(presented).thenApply(found -> {
            if (found.isEmpty()) {
                return new UnauthenticatedException("the API key in " + ApiKeyFilter.HEADER
                        + " was revoked or expired while its bulk stream was open; lines from then on make no link");
            }
            if (!found.get().allows(ApiKey.Scope.LINKS_WRITE)) {
                return new MissingScopeException(found.get().id(), ApiKey.Scope.LINKS_WRITE.label());
            }
            return null;
        });
    }
}

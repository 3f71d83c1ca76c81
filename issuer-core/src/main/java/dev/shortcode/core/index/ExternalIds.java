package dev.shortcode.core.index;

import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * Which code holds each owner's external id, so one owner never has two links under one external
 * id. A claim is taken before the link is stored and released when the link is deleted. A claim
 * left behind by a create that failed (or a node that died between claim and create) names a code
 * whose link does not carry the id; once it is older than a create can take, the caller takes it
 * over with {@link #replace}.
 *
 * <p>Implementations: Redis (shared by the nodes), RocksDB (embedded). Non-blocking.
 */
public interface ExternalIds {

    /**
     * A claim as stored: the code and when it was claimed, as one value for compare-and-set.
     * Codes hold no {@code ':'}.
     */
    record Claim(String code, long claimedAtMillis) {

        public static Claim parse(String value) {
            int colon = value.lastIndexOf(':');
            if (colon < 0) {
                return new Claim(value, 0);
            }
            return new Claim(value.substring(0, colon), Long.parseLong(value.substring(colon + 1)));
        }

        public String value() {
            return code + ":" + claimedAtMillis;
        }
    }

    /**
     * Claims {@code externalId} of {@code owner} for {@code claim}'s code unless a claim holds it.
     *
     * @return empty when claimed (or already held by the same code); else the claim that holds it
     */
    CompletionStage<Optional<Claim>> claim(String owner, String externalId, Claim claim);

    /**
     * Moves the claim from {@code holder} to {@code claim}, only if {@code holder} still holds it
     * exactly.
     *
     * @return whether the claim is now {@code claim}'s
     */
    CompletionStage<Boolean> replace(String owner, String externalId, Claim holder, Claim claim);

    /** Releases the claim if {@code code} holds it; nothing otherwise. */
    CompletionStage<Void> release(String owner, String externalId, String code);
}

package dev.shortcode.core.index;

import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * Which code holds each owner's external id, so one owner never has two links under one external
 * id. A claim is taken before the link is stored and released when the link is deleted; a claim
 * left behind by a create that failed (or a node that died between claim and create) points at a
 * code whose link does not carry the id, and the caller takes it over with {@link #replace}.
 *
 * <p>Implementations: Redis (shared by the nodes), RocksDB (embedded). Non-blocking.
 */
public interface ExternalIds {

    /**
     * Claims {@code externalId} of {@code owner} for {@code code} unless some code holds it.
     *
     * @return empty when claimed (or already held by {@code code}); else the code that holds it
     */
    CompletionStage<Optional<String>> claim(String owner, String externalId, String code);

    /**
     * Moves the claim from {@code holder} to {@code code}, only if {@code holder} still holds it.
     *
     * @return whether the claim is now {@code code}'s
     */
    CompletionStage<Boolean> replace(String owner, String externalId, String holder, String code);

    /** Releases the claim if {@code code} holds it; nothing otherwise. */
    CompletionStage<Void> release(String owner, String externalId, String code);
}

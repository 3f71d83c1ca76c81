package dev.shortcode.api.link;

import dev.shortcode.core.store.LinkRecord;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** Finds the live link of a code (hot store, then the archive for permanent pools). Non-blocking. */
@FunctionalInterface
public interface LinkResolver {

    CompletionStage<Optional<LinkRecord>> resolve(String code);
}

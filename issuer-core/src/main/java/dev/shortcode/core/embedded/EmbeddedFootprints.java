package dev.shortcode.core.embedded;

import dev.shortcode.core.store.SamplingOptions;
import dev.shortcode.core.store.StorageFootprint;
import java.time.Clock;

/** Where the embedded mode's {@link StorageFootprint} comes from. */
public final class EmbeddedFootprints {

    private EmbeddedFootprints() {}

    /** Hot store, counters and archive of {@code storage}, all from RocksDB (see EmbeddedFootprint). */
    public static StorageFootprint of(EmbeddedStorage storage, SamplingOptions options, Clock clock) {
        return new EmbeddedFootprint(storage, options, clock);
    }
}

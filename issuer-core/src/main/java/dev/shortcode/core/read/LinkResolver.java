package dev.shortcode.core.read;

import dev.shortcode.core.alloc.Ticker;
import dev.shortcode.core.config.IssuerOptions;
import dev.shortcode.core.lease.WatermarkStore;
import dev.shortcode.core.store.Archive;
import dev.shortcode.core.store.HotStore;
import dev.shortcode.core.store.LinkRecord;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Code to live link: the one read path of every backend, for redirects and the API alike. The hot
 * store answers what is live; the archive answers for links the hot store lost or let expire
 * while they are still alive (permanent links, and links Redis lost), which are restored into the
 * hot store. Non-blocking; store failures complete the stage with a
 * {@link dev.shortcode.core.store.StorageUnavailableException}.
 */
public interface LinkResolver {

    /** The live link of {@code code}, its life extended (an access); empty when there is none (never was, expired, deleted). */
    CompletionStage<Optional<LinkRecord>> resolve(String code);

    /**
     * The live link of {@code code} as the hot store holds it now, restored from the archive first
     * when only the archive holds it, so that an update or delete can compare-and-set it. Not an
     * access: nothing is extended, and no node-local copy is trusted.
     */
    CompletionStage<Optional<LinkRecord>> loadForEdit(String code);

    /**
     * The resolver over one backend's stores. Reads every pool's watermark before returning, waiting
     * at most {@link ColdReadOptions#watermarkWait()} for them.
     *
     * @param watermarkReader runs the watermark reads (a blocking call each); owned by the caller
     * @param ticker          monotonic time, for the age of cached watermarks and negative entries
     * @param clock           wall time, to tell whether an archived temporary link can still be alive
     */
    static LinkResolver over(HotStore hot, Archive archive, IssuerOptions config, WatermarkStore watermarks, Executor watermarkReader,
            ColdReadOptions options, Ticker ticker, Clock clock) {
        return new TieredLinkResolver(hot, archive, new WatermarkFilter(config, watermarks, watermarkReader, options, ticker), options,
                ticker, clock, config.pools());
    }
}

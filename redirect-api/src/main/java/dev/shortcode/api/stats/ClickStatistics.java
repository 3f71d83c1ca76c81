package dev.shortcode.api.stats;

import dev.shortcode.api.config.StatsOptions;
import dev.shortcode.api.agent.UserAgents;
import dev.shortcode.core.Storage;
import io.micrometer.core.instrument.MeterRegistry;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Click statistics as one piece, built from the settings: the redirect path's
 * {@link ClickRecorder}, the flusher ({@link ClickPipeline}), the stats endpoints'
 * {@link StatsReader}, and what a link's deletion does to its stats. Off
 * ({@code SHORTCODE_STATS_ENABLED=false}): nothing is counted, the endpoints still answer from
 * what was stored. {@link #close} is the orderly stop: everything held is stored first.
 */
public final class ClickStatistics implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(ClickStatistics.class.getName());

    /** How long an orderly stop waits for the store to take what is held. */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final Storage storage;
    private final ClickPipeline pipeline;
    private final CountryLookup countries;
    private final ClickRecorder recorder;
    private final StatsReader reader;
    private final VisitorFacts visitors;
    private final AtomicBoolean closed = new AtomicBoolean();

    /** @param forwardedTrusted whether Quarkus takes the client address from forwarding headers ({@link ClickRecorder}) */
    public ClickStatistics(StatsOptions settings, Storage storage, MeterRegistry registry, Clock clock, boolean forwardedTrusted) {
        this.storage = storage;
        this.countries = settings.geoDatabase().<CountryLookup>map(MaxMindCountries::open).orElse(CountryLookup.NONE);
        if (settings.enabled()) {
            this.pipeline = new ClickPipeline(storage.clicks(), new ClickClassifier(UserAgents.standard(), countries), clock,
                    settings.flushInterval(), settings.buffer(), CLOSE_TIMEOUT, registry);
            this.recorder = new ClickRecorder(pipeline, clock, forwardedTrusted);
            // Webhooks' link.clicked: per link and flush, what the flush stored (the journal drops them when nobody subscribes).
            pipeline.onSealed(deltas -> storage.events().append(ClickEvents.of(deltas, clock.millis(), storage.events())));
        } else {
            this.pipeline = null;
            this.recorder = ClickRecorder.OFF;
            LOG.log(Level.INFO, "click statistics are off (shortcode.stats.enabled=false): redirects are not counted");
        }
        this.visitors = new VisitorFacts(forwardedTrusted, countries, new DailySalts(storage.clicks()), clock);
        this.reader = new StatsReader(storage.clicks(), storage.hotStore(), storage.archive(), clock, settings.geoDatabase().isPresent());
    }

    public ClickRecorder recorder() {
        return recorder;
    }

    public StatsReader reader() {
        return reader;
    }

    public VisitorFacts visitors() {
        return visitors;
    }

    /**
     * A link was deleted: its stats go with it, now and once more when every node's last batch of
     * its clicks has arrived. A failure is logged; the stats of a code are read only since its
     * link's creation, so leftovers never show.
     */
    public void linkDeleted(String code) {
        if (pipeline != null) {
            pipeline.forget(code);
        }
        storage.clicks().delete(code).whenComplete((done, failure) -> {
            if (failure != null) {
                LOG.log(Level.WARNING, "deleting the stats of deleted link {0} failed: {1}", code, failure.toString());
            }
        });
    }

    /** Stores everything held, then stops counting. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (pipeline != null) {
            pipeline.close();
        }
        countries.close();
    }
}

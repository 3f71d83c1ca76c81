package dev.shortcode.api.moderation;

import dev.shortcode.api.url.WebLocations;
import dev.shortcode.core.store.DenyRule;
import dev.shortcode.core.store.LinkDisable;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkTargets;
import dev.shortcode.core.store.ModerationStore;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * This node's view of the deny-list and the disabled links: a snapshot that the redirect and the
 * create path read without I/O, re-read from the {@link ModerationStore} every
 * {@code refresh} (and at once after a change made on this node), so a rule or a disable made on
 * any node is in force everywhere within that time. While the store does not answer, the last
 * snapshot stays in force (one log line per failure streak). Rules from the configuration file
 * are part of every snapshot.
 */
public final class Moderation implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(Moderation.class.getName());

    /** Why a link does not redirect: a disable, or the deny-list rule its url or one of its web device targets falls under. */
    public record Block(String reason, Optional<DenyRule> rule, Optional<LinkDisable> disable) {}

    private record Snapshot(DenyList denyList, Map<String, LinkDisable> disabled) {}

    private final ModerationStore store;
    private final List<DenyRule> configured;
    private final ScheduledExecutorService refresher;
    private volatile Snapshot snapshot;
    private volatile boolean failing;

    /** Reads the store once (waiting at most a few seconds for it), then every {@code refresh}. */
    public Moderation(ModerationStore store, List<DenyRule> configured, Duration refresh) {
        this.store = store;
        this.configured = List.copyOf(configured);
        this.snapshot = new Snapshot(new DenyList(configured), Map.of());
        this.refresher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "shortcode-moderation-refresh");
            t.setDaemon(true);
            return t;
        });
        try {
            refresh().toCompletableFuture().get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            LOG.log(Level.WARNING, "moderation rules not read at start ({0}); configured rules only until they are", e.toString());
        }
        long millis = refresh.toMillis();
        refresher.scheduleWithFixedDelay(() -> refresh(), millis, millis, TimeUnit.MILLISECONDS);
    }

    /** Re-reads rules and disables now; completes when the new snapshot is in force (or the read failed). */
    public CompletionStage<Void> refresh() {
        return store.rules().thenCombine(store.disabled(), (rules, disables) -> {
            List<DenyRule> all = new ArrayList<>(configured);
            all.addAll(rules);
            Map<String, LinkDisable> byCode = new HashMap<>();
            disables.forEach(d -> byCode.put(d.code(), d));
            snapshot = new Snapshot(new DenyList(all), Map.copyOf(byCode));
            if (failing) {
                failing = false;
                LOG.log(Level.INFO, "moderation rules read again: {0} rules, {1} disabled links", all.size(), byCode.size());
            }
            return (Void) null;
        }).exceptionally(e -> {
            if (!failing) {
                failing = true;
                LOG.log(Level.WARNING, "moderation rules not refreshed, the last ones stay in force: {0}", e.toString());
            }
            return null;
        });
    }

    /**
     * The disable of a code, if an admin disabled it; no I/O. A disable outlives its link: the
     * code stays blocked after the link is deleted, until an admin enables (releases) it.
     */
    public Optional<LinkDisable> disabled(String code) {
        return Optional.ofNullable(snapshot.disabled.get(code));
    }

    /** Why {@code link} must not redirect, if it must not; no I/O. */
    public Optional<Block> blocked(LinkRecord link) {
        Snapshot s = snapshot;
        if (!s.disabled.isEmpty()) {
            LinkDisable disable = s.disabled.get(link.code());
            if (disable != null) {
                return Optional.of(new Block(disable.reason(), Optional.empty(), Optional.of(disable)));
            }
        }
        if (s.denyList.isEmpty()) {
            return Optional.empty();
        }
        Optional<DenyRule> rule = s.denyList.match(link.url());
        if (rule.isEmpty() && !link.targets().isEmpty()) {
            rule = deniedTarget(s.denyList, link.targets());
        }
        return rule.map(r -> new Block(r.reason(), Optional.of(r), Optional.empty()));
    }

    /**
     * The rule a web page a device target opens falls under, if any: an https target, or a browser
     * app link or intent that names a page ({@link WebLocations}). A link must not lead a phone
     * where its url may not lead anyone.
     */
    private static Optional<DenyRule> deniedTarget(DenyList denyList, LinkTargets targets) {
        for (String target : new String[] {targets.ios(), targets.android(), targets.desktop()}) {
            if (target == null) {
                continue;
            }
            for (String page : WebLocations.canonical(target)) {
                Optional<DenyRule> rule = denyList.match(page);
                if (rule.isPresent()) {
                    return rule;
                }
            }
        }
        return Optional.empty();
    }

    /** The rule a URL (absolute, canonical) falls under, if any: a create or change to it is refused. */
    public Optional<DenyRule> denied(String url) {
        return snapshot.denyList.match(url);
    }

    /** Every rule in force, from the configuration first. */
    public List<DenyRule> rules() {
        return snapshot.denyList.rules();
    }

    boolean configured(String ruleId) {
        return configured.stream().anyMatch(r -> r.id().equals(ruleId));
    }

    public ModerationStore store() {
        return store;
    }

    /** A change made on this node: in force here as soon as the store has it. */
    public CompletionStage<Void> changed() {
        return refresh();
    }

    /** An empty view for callers that have none (tests of other parts). */
    public static Moderation none(ModerationStore store) {
        return new Moderation(store, List.of(), Duration.ofHours(1));
    }

    @Override
    public void close() {
        refresher.shutdownNow();
    }
}

package dev.shortcode.api.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The service's configuration: every key under {@code shortcode.*}, typed, with its default. Each
 * key also reads from its environment variable ({@code shortcode.lease.prefetch-at} from
 * {@code SHORTCODE_LEASE_PREFETCH_AT}, and so on). Durations take ISO-8601 ({@code PT2S}) or the
 * short forms {@code 2s}, {@code 500ms}.
 *
 * <p>The keys of the service itself are here; each group of keys under it ({@code shortcode.redis.*},
 * {@code shortcode.lease.*}, ...) is an interface of its own, {@code <Group>Config}, with a
 * javadoc per key, as Quarkus' own extensions map theirs.
 *
 * <p>Type errors stop the start naming the key (the framework's own message). Values that parse
 * but make no sense are refused by the core's option records, which {@link ServiceOptions} builds
 * from this tree: their {@code ConfigException}s name the keys spelt exactly as here, so a key
 * renamed here must be renamed there too ({@code ConfigurationKeysUnitTests} checks each key).
 */
@ConfigMapping(prefix = "shortcode")
public interface ServiceConfig {

    /** Where embedded storage, the generated secret and the bootstrap admin key live. */
    @WithDefault(ServiceOptions.DEFAULT_DATA_DIR)
    String dataDir();

    /** Public base of short URLs, e.g. {@code https://sho.rt}; its host is refused as a long URL. */
    @WithDefault(ServiceOptions.DEFAULT_BASE_URL)
    String baseUrl();

    /**
     * The permutation secret, at least 16 bytes; the same on every node. Required with Redis; in
     * embedded mode generated once into the data directory when unset.
     */
    Optional<String> secret();

    /** The bootstrap admin API key (16 to 256 printable ASCII characters); unset: one is generated into the data directory. */
    Optional<String> adminKey();

    /** TTL of a link created without one: an ISO-8601 duration or {@code permanent}. */
    @WithDefault(ServiceOptions.DEFAULT_TTL)
    String defaultTtl();

    /** Status of a redirect: 301, 302, 307 or 308. */
    @WithDefault(ServiceOptions.DEFAULT_REDIRECT_STATUS)
    int redirectStatus();

    /** How long an Idempotency-Key is remembered per API key. */
    @WithDefault(ServiceOptions.DEFAULT_IDEMPOTENCY_TTL)
    Duration idempotencyTtl();

    /**
     * Whether long URLs whose host is a loopback, private, link-local or cloud-metadata address (in
     * any spelling), or {@code localhost}, are refused.
     */
    @WithDefault(ServiceOptions.DEFAULT_REFUSE_INTERNAL_ADDRESSES)
    @WithConverter(StrictBooleanConverter.class)
    boolean refuseInternalAddresses();

    /** The deny-list: rules from a file, and how often every node re-reads the shared ones. */
    DenylistConfig denylist();

    /** Webhooks: whether their URLs may lead to internal addresses. */
    WebhooksConfig webhooks();

    /** Redirects: the default of query forwarding. */
    RedirectConfig redirect();

    /** Capacity planning: how often and how thoroughly the stores are measured. */
    CapacityConfig capacity();

    /** Connection limits Quarkus has no setting for. */
    HttpConfig http();

    /** Click statistics. */
    StatsConfig stats();

    /** The streaming bulk endpoint's limits per stream. */
    BulkConfig bulk();

    /** Per-API-key rate limits and quotas: what every non-admin key gets unless it has its own. */
    LimitsConfig limits();

    /** App-link association files, served under {@code /.well-known/}. */
    AppLinksConfig appLinks();

    /** Pools by name; empty means the three default pools (short, medium, long). */
    Map<String, PoolConfig> pools();

    /** How nodes lease id blocks. */
    LeaseConfig lease();

    /** Redis: the hot store, id counters and outbox. Unused without {@link RedisConfig#uris()}. */
    RedisConfig redis();

    /** The read path's negative cache and watermark checks (both storage modes). */
    ColdReadConfig coldRead();

    /** Embedded storage (RocksDB under the data directory), used when no Redis is configured. */
    EmbeddedConfig embedded();

    /** The HBase archive, used together with Redis. */
    HBaseConfig hbase();

    /** What the service writes into the archive besides links. */
    ArchiveConfig archive();
}

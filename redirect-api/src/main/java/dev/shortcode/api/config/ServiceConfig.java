package dev.shortcode.api.config;

import dev.shortcode.core.redis.RedisMode;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The service's configuration: every key under {@code shortcode.*}, typed, with its default. Each
 * key also reads from its environment variable ({@code shortcode.lease.prefetch-at} from
 * {@code SHORTCODE_LEASE_PREFETCH_AT}, and so on). Durations take ISO-8601 ({@code PT2S}) or the
 * short forms {@code 2s}, {@code 500ms}.
 *
 * <p>Type errors stop the start naming the key (the framework's own message). Values that parse
 * but make no sense are refused by the core's option records, which {@link ServiceOptions} builds
 * from this tree: their {@code ConfigException}s name the keys spelt exactly as here, so a key
 * renamed here must be renamed there too ({@code ConfigurationKeysUnitTests} checks each key).
 */
@ConfigMapping(prefix = "shortcode")
public interface ServiceConfig {

    /** Where embedded storage, the generated secret and the bootstrap admin key live. */
    @WithDefault("./data")
    String dataDir();

    /** Public base of short URLs, e.g. {@code https://sho.rt}; its host is refused as a long URL. */
    @WithDefault("http://localhost:8080")
    String baseUrl();

    /**
     * The permutation secret, at least 16 bytes; the same on every node. Required with Redis; in
     * embedded mode generated once into the data directory when unset.
     */
    Optional<String> secret();

    /** The bootstrap admin API key (16 to 256 printable ASCII characters); unset: one is generated into the data directory. */
    Optional<String> adminKey();

    /** TTL of a link created without one: an ISO-8601 duration or {@code permanent}. */
    @WithDefault("P10D")
    String defaultTtl();

    /** Status of a redirect: 301, 302, 307 or 308. */
    @WithDefault("302")
    int redirectStatus();

    /** How long an Idempotency-Key is remembered per API key. */
    @WithDefault("PT24H")
    Duration idempotencyTtl();

    /**
     * Whether long URLs whose host is a loopback, private, link-local or cloud-metadata address (in
     * any spelling), or {@code localhost}, are refused.
     */
    @WithDefault("true")
    @WithConverter(StrictBooleanConverter.class)
    boolean refuseInternalAddresses();

    /** The deny-list: rules from a file, and how often every node re-reads the shared ones. */
    Denylist denylist();

    /** Capacity planning: how often and how thoroughly the stores are measured. */
    Capacity capacity();

    /** Connection limits Quarkus has no setting for. */
    Http http();

    /** Click statistics. */
    Stats stats();

    /** The streaming bulk endpoint's limits per stream. */
    Bulk bulk();

    /** Per-API-key rate limits and quotas: what every non-admin key gets unless it has its own. */
    Limits limits();
    /** App-link association files, served under {@code /.well-known/}. */
    AppLinks appLinks();

    /** Pools by name; empty means the three default pools (short, medium, long). */
    Map<String, Pool> pools();

    /** How nodes lease id blocks. */
    Lease lease();

    /** Redis: the hot store, id counters and outbox. Unused without {@link Redis#uris()}. */
    Redis redis();

    /** The read path's negative cache and watermark checks (both storage modes). */
    ColdRead coldRead();

    /** Embedded storage (RocksDB under the data directory), used when no Redis is configured. */
    Embedded embedded();

    /** The HBase archive, used together with Redis. */
    HBase hbase();

    /** What the service writes into the archive besides links. */
    Archive archive();

    /** {@code shortcode.bulk.*}: one {@code POST /api/v1/links/bulk} stream (see BulkOptions). */
    interface Bulk {

        /** Longest line of a bulk body, in bytes; a longer line fails alone. 256..1048576. */
        @WithDefault("16384")
        int maxLineBytes();

        /** Lines sent to the stores together: one code issue per pool, one store round, one sync. 1..10000. */
        @WithDefault("500")
        int chunkLines();

        /**
         * Lines read and not yet answered beyond which a stream stops reading its body; at least
         * twice chunk-lines. What these lines hold stays alive across young collections: at 8000
         * it outgrew the survivor space of the heap a JVM sizes under -Xmx1g (12.6 MB), and the
         * promoted garbage cost full collections (docs/BENCHMARKS.md, Bulk stream).
         */
        @WithDefault("2000")
        int maxInFlightLines();

        /** A stream waiting this long for its client's next bytes is closed. PT1S..PT1H. */
        @WithDefault("PT30S")
        Duration idleTimeout();
    }

    /** One pool: a code length with its own counter, idle TTL and block sizes. */
    interface Pool {

        /** Code length, 2..11; one pool per length. */
        int length();

        /** Sliding TTL of its links in the hot store (ISO-8601, at least one second). */
        Duration idleTtl();

        /** Whether its links outlive the hot TTL (then read back from the archive) or expire for good. */
        @WithDefault("false")
        @WithConverter(StrictBooleanConverter.class)
        boolean permanent();

        /** Smallest block leased; default 1,000, less for small pools. */
        @WithName("block-size.min")
        OptionalLong minBlock();

        /** First block leased; default 10,000, less for small pools. */
        @WithName("block-size.initial")
        OptionalLong initialBlock();

        /** Largest block leased; default 1,000,000, at most a sixteenth of the pool's capacity. */
        @WithName("block-size.max")
        OptionalLong maxBlock();
    }

    /** {@code shortcode.lease.*}: block leasing, shared by all pools (see the core's LeaseOptions). */
    interface Lease {

        /** Fraction of a block left when the next one is leased in the background, strictly between 0 and 1. */
        @WithDefault("0.2")
        double prefetchAt();

        /** A block used up faster than this doubles the next block size. */
        @WithDefault("PT15S")
        Duration growBelow();

        /** A block that lasted longer than this halves the next block size; longer than grow-below. */
        @WithDefault("PT60S")
        Duration shrinkAbove();

        /** Lifetime of the guard that elects the node resetting a wrapped or lost counter. */
        @WithDefault("PT2S")
        Duration resetGuardTtl();

        /** Longest pause of a node that lost that election before it leases again. */
        @WithDefault("PT0.05S")
        Duration maxBackoff();

        /** Lease attempts before a lease fails. */
        @WithDefault("200")
        int maxAttempts();

        /** Longest a create waits for a block when its node has none left. */
        @WithDefault("PT5S")
        Duration awaitTimeout();

        /** After counter loss the counter restarts this many largest blocks above the durable watermark. */
        @WithDefault("64")
        long reseedGapBlocks();
    }

    /** {@code shortcode.redis.*}: the Redis server or Cluster and how the service uses it. */
    interface Redis {

        /**
         * Redis URIs, comma-separated: the server, or any nodes of a Cluster ({@code redis://host:6379},
         * {@code rediss://} for TLS, {@code redis://:password@host:6379}). Unset: embedded storage.
         */
        Optional<List<String>> uris();

        /** What the URIs name: {@code standalone} (one URI) or {@code cluster}. */
        @WithDefault("standalone")
        RedisMode mode();

        /** How long a command may wait for its reply, reconnecting included. */
        @WithDefault("PT2S")
        Duration commandTimeout();

        /** Prefix of every key; the same on every node. */
        @WithDefault("sc")
        String namespace();

        /** The outbox streams. */
        Outbox outbox();

        /**
         * 0: a key per link. Above 0: links spread over this many small hashes, a third to half the
         * memory per link (size it for some tens of live links per group); fixed for the namespace
         * once links exist, 0..16777216.
         */
        @WithDefault("0")
        int linkGroups();

        /** The hot store's near cache, TTL extension and outbox batching. */
        HotStore hotStore();

        /** The archivers every node runs, moving the outbox into HBase. */
        Archiver archiver();

        interface Outbox {

            /** Outbox streams, 1..1024; change only once the outbox is drained. */
            @WithDefault("8")
            int shards();
        }
    }

    /** {@code shortcode.redis.hot-store.*} (see the core's HotStoreOptions). */
    interface HotStore {

        /** With link groups, how long one sweep of expired links over every group takes; at least 1 s. */
        @WithDefault("PT10M")
        Duration sweepPeriod();

        NearCache nearCache();

        Extension extension();

        Outbox outbox();

        interface NearCache {

            /** Links kept in this node's near cache (about 300 bytes each). */
            @WithDefault("100000")
            long maxSize();

            /** Age after which a near-cached link is re-read in the background. */
            @WithDefault("PT1S")
            Duration refresh();

            /** Age after which a near-cached link is no longer served (while Redis does not answer); at least refresh. */
            @WithDefault("PT30S")
            Duration maxAge();
        }

        interface Extension {

            /** A link's TTL is extended at most once per this fraction of it, per node; in (0, 0.5]. */
            @WithDefault("0.1")
            double fraction();

            /** Floor of that window for long TTLs. */
            @WithDefault("PT60S")
            Duration minWindow();

            /** Codes whose last extension this node remembers. */
            @WithDefault("200000")
            long marksMaxSize();

            /** Extensions waiting to be sent; beyond it one is dropped and retried on the next read. */
            @WithDefault("65536")
            int queueCapacity();

            /** How long extensions are gathered into one pipelined batch. */
            @WithDefault("PT0.005S")
            Duration flushInterval();
        }

        interface Outbox {

            /** Mutations per outbox stream entry (one XADD), 1..10000. */
            @WithDefault("256")
            int maxBatch();

            /** Mutations waiting for their XADD on this node; beyond it creates fail fast. At least max-batch. */
            @WithDefault("200000")
            int maxQueued();

            /**
             * On a standalone Redis, a create stores its link and appends its Put in one script (one
             * round trip), a batch in one script call per outbox shard and max-batch links; false: SET NX,
             * then the group-committed XADD. A Cluster always takes the two steps.
             */
            @WithDefault("true")
            @WithConverter(StrictBooleanConverter.class)
            boolean oneScriptCreates();
        }
    }

    /** {@code shortcode.redis.archiver.*} (see the core's ArchiverOptions). */
    interface Archiver {

        /** The consumer group all nodes' archivers join. */
        @WithDefault("archivers")
        String group();

        /**
         * This node's name in the group, up to 64 of {@code [A-Za-z0-9_.-]}: a name stable across
         * restarts (the pod's) lets a restarted node finish its own pending entries at once. Unset:
         * a name unique to the process. No two live nodes may share one.
         */
        Optional<String> consumer();

        /** Archiver threads, 0..64; 0 runs none on this node (others must). */
        @WithDefault("2")
        int threads();

        /** Stream entries per read, 1..10000. */
        @WithDefault("16")
        int batchEntries();

        /** How long a read waits on an empty shard; shorter than the command timeout. */
        @WithDefault("PT0.05S")
        Duration block();

        /** Longest wait for the archive to take one batch. */
        @WithDefault("PT10S")
        Duration archiveTimeout();

        /** First pause after a failed batch; doubles per failure. */
        @WithDefault("PT0.1S")
        Duration retryBackoffMin();

        /** Longest pause between retries. */
        @WithDefault("PT5S")
        Duration retryBackoffMax();

        /** Entries pending this long with any consumer are taken over: how long a dead node's batch waits. */
        @WithDefault("PT30S")
        Duration claimIdle();

        /** How often each thread looks for such entries. */
        @WithDefault("PT5S")
        Duration claimInterval();

        /** How often the outbox length and lag are sampled. */
        @WithDefault("PT10S")
        Duration metricsInterval();

        /** Consumers idle this long without pending entries leave the group; longer than claim-idle. */
        @WithDefault("PT1H")
        Duration deadConsumerIdle();

        /** Pause when no shard had a full batch, so entries gather into fewer archive writes; 0 = none, shorter than claim-idle. */
        @WithDefault("PT0.1S")
        Duration linger();
    }

    /** {@code shortcode.cold-read.*} (see the core's ColdReadOptions). */
    interface ColdRead {

        NegativeCache negativeCache();

        Watermark watermark();

        interface NegativeCache {

            /** Codes remembered as absent from the archive. */
            @WithDefault("100000")
            long maxSize();

            /** How long such a code is answered "not found" without asking the archive again. */
            @WithDefault("PT5S")
            Duration ttl();
        }

        interface Watermark {

            /** Age after which a pool's cached issued-watermark is re-read in the background. */
            @WithDefault("PT1S")
            Duration maxAge();

            /** Ids up to this many largest blocks above the cached watermark are looked up instead of refused. */
            @WithDefault("64")
            long slackBlocks();

            /** Longest a read waits for a fresh watermark when the cached one is too old to judge by. */
            @WithName("wait")
            @WithDefault("PT1S")
            Duration waitTimeout();
        }
    }

    /** {@code shortcode.embedded.*} (see the core's EmbeddedOptions). */
    interface Embedded {

        /** Bytes of RocksDB's block cache shared by all column families; at least 1 MiB. */
        @WithDefault("67108864")
        long blockCacheSize();

        /** Fraction of a link's TTL a read may leave unrecorded before it rewrites the expiry; strictly between 0 and 1. */
        @WithDefault("0.1")
        double extensionSlack();

        /** Upper bound of that lag for long TTLs. */
        @WithDefault("PT1H")
        Duration maxExtensionWindow();

        /** Pause between two sweeps for expired idempotency keys (expired links stay as the archive's copy). */
        @WithDefault("PT1S")
        Duration sweepInterval();

        /** Idempotency keys one sweep looks at at most. */
        @WithDefault("10000")
        int sweepBatch();

        /** Writes waiting for the writer thread at most; past it a write fails at once. At least 2. */
        @WithDefault("65536")
        int writeQueueCapacity();

        /** Operations in one synced write batch at most. */
        @WithDefault("1024")
        int writeBatchMax();

        /**
         * How long a create may wait for others to share its fsync, when creates come often enough
         * to expect company; 0 never waits, at most {@code PT0.1S}.
         */
        @WithDefault("PT0.001S")
        Duration commitDelay();
    }

    /** {@code shortcode.hbase.*} (see persistence-hbase's HBaseArchiveOptions). */
    interface HBase {

        /** {@code host:port[,host:port...]} of the cluster's ZooKeeper; required with Redis. */
        Optional<String> zookeeperQuorum();

        /** The cluster's root znode ({@code zookeeper.znode.parent}). */
        @WithDefault("/hbase")
        String zookeeperZnodeParent();

        /** Namespace of the four tables. */
        @WithDefault("shortcode")
        String namespace();

        Tables tables();

        /** Regions the links table starts with, 1..256; only when it is created. */
        @WithDefault("16")
        int preSplitRegions();

        /** Block compression of new tables: NONE, GZ, SNAPPY, LZ4 or ZSTD (the last three need codecs on the region servers). */
        @WithDefault("GZ")
        String compression();

        /** Create the namespace and missing tables at start; off where DDL is reserved to operators. */
        @WithDefault("true")
        @WithConverter(StrictBooleanConverter.class)
        boolean createTables();

        Write write();

        /** Longest one archive operation may take, retries included. */
        @WithDefault("PT10S")
        Duration operationTimeout();

        /** Longest one RPC may take before it is retried; at most operation-timeout. */
        @WithDefault("PT3S")
        Duration rpcTimeout();

        interface Tables {

            /** Code to link record. */
            @WithDefault("links")
            String links();

            /** Codes issued per pool per day. */
            @WithDefault("counts")
            String counts();

            /** Durable issued watermark per code length. */
            @WithDefault("watermarks")
            String watermarks();

            /** API keys. */
            @WithDefault("keys")
            String keys();

            /** Click counts per link and owner, by hour, day and month. */
            @WithDefault("clicks")
            String clicks();
        }

        interface Write {

            /** Mutations per write RPC batch, 1..100000. */
            @WithDefault("1000")
            int batchSize();

            /** Longest a mutation waits in the write buffer when traffic is light. */
            @WithDefault("PT0.01S")
            Duration flushInterval();
        }
    }

    /** {@code shortcode.archive.*}. */
    interface Archive {

        /** How often the codes issued per pool per day are added to the archive (for capacity planning). */
        @WithDefault("PT10S")
        Duration issuedCountInterval();
    }

    /** {@code shortcode.denylist.*}. */
    interface Denylist {

        /** A file of deny rules, one per line ({@code host <host> [reason]}, {@code prefix <url> [reason]}); read at start. */
        Optional<String> file();

        /** How often each node re-reads the rules and disabled links shared by all nodes; PT0.1S..PT1H. */
        @WithDefault("PT2S")
        Duration refresh();
    }

    /** {@code shortcode.capacity.*} (see {@link CapacityOptions}). */
    interface Capacity {

        /** How often the stores are measured, PT1S..PT1H; the API and the gauges serve the last measurement. */
        @WithDefault("PT30S")
        Duration refresh();

        /** Random keys drawn per measurement when a store is too large to count. */
        @WithDefault("1000")
        int sampleSize();

        /** Keys (per Redis master, or embedded links) below which links are counted exactly. */
        @WithDefault("20000")
        long exactBelow();

        /** Link keys weighed with MEMORY USAGE per Redis master. */
        @WithDefault("100")
        int memorySamples();

        /** Redis commands in flight at once per master while sampling. */
        @WithDefault("100")
        int pipeline();

        /** Longest one measurement may take. */
        @WithDefault("PT5S")
        Duration timeBudget();

        /** Archive size budget in bytes, with an optional decimal unit: 500G, 4T; unset = no budget. */
        Optional<String> archiveBudget();
    }

    /** {@code shortcode.http.*} (see {@link HttpOptions}). */
    interface Http {

        /**
         * How long a request's head (request line and headers) may take to arrive, counted from its
         * first byte on a new connection and from the previous response on a kept-alive one: so it is
         * also how long an idle kept-alive connection stays open. PT0.1S..PT10M.
         */
        @WithDefault("PT10S")
        Duration headerTimeout();

        /** How long a request's body may take to arrive once its head has; PT0.1S..PT10M. */
        @WithDefault("PT30S")
        Duration bodyTimeout();

        /** Most header fields in one request, 10..10000. */
        @WithDefault("100")
        int maxHeaderCount();
    }

    /** {@code shortcode.stats.*} (see {@link StatsOptions}). */
    interface Stats {

        /** Whether redirects are counted. */
        @WithDefault("true")
        @WithConverter(StrictBooleanConverter.class)
        boolean enabled();

        /** How often each node stores the clicks it counted, PT0.1S..PT1M; a killed node loses at most about this much. */
        @WithDefault("PT1S")
        Duration flushInterval();

        /**
         * Clicks a node may hold that are not stored yet (while a store is down or slow), 1000..10000000;
         * past it a click is dropped and counted in {@code shortcode_stats_clicks_dropped_total}.
         */
        @WithDefault("500000")
        int buffer();

        /** A MaxMind DB file mapping IPs to countries (GeoLite2-Country and the like); unset: no countries. */
        Optional<String> geoDatabase();
    }

    /** {@code shortcode.limits.*}: the limits every non-admin API key gets unless it has its own; admin keys only their own. */
    interface Limits {

        /** Whether API keys are limited at all. */
        @WithDefault("true")
        @WithConverter(StrictBooleanConverter.class)
        boolean enabled();

        /**
         * Requests a minute per key, all API endpoints together, refilled gradually (a burst of this
         * many at once), 0..1000000000; 0: no limit.
         */
        @WithDefault("600")
        long requestsPerMinute();

        /** Links a key may create per UTC day (a batch counts its items), 0..1000000000000; 0: no limit. */
        @WithDefault("1000000")
        long linksPerDay();
    }

    /**
     * {@code shortcode.app-links.*} (see {@link AppLinksOptions}): the two files that let iOS and
     * Android open this domain's short links in an app. Each is read and checked at start (a file
     * that is missing, not JSON or not of its format stops the start naming its key) and served as
     * it is; unset, its URL answers 404.
     */
    interface AppLinks {

        /**
         * Path of the {@code apple-app-site-association} file served at
         * {@code /.well-known/apple-app-site-association}: {@code {"applinks": {"details": [{"appIDs":
         * [...], "components": [...]}]}}}. Unset by default: 404.
         */
        @WithName("apple-app-site-association")
        Optional<String> appleAppSiteAssociation();

        /**
         * Path of the Digital Asset Links file served at {@code /.well-known/assetlinks.json}:
         * {@code [{"relation": [...], "target": {"namespace": "android_app", "package_name": ...,
         * "sha256_cert_fingerprints": [...]}}]}. Unset by default: 404.
         */
        Optional<String> assetlinks();
    }
}

package dev.shortcode.core.redis;

import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.read.ColdReadOptions;
import io.lettuce.core.RedisURI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Everything {@link RedisStorage#open} needs to know about Redis. Immutable, built with
 * {@link #builder()} (the defaults are its {@code DEFAULT_*} constants and those of the records it
 * holds, which the service's configuration mapping takes too); a bad value throws
 * {@link ConfigException} naming its key under {@code shortcode.redis.}.
 *
 * @param uris           the server (standalone) or any nodes (Cluster): {@code redis://host:port},
 *                       {@code rediss://} for TLS, a password as {@code redis://:secret@host:port};
 *                       a bare {@code host:port} means {@code redis://host:port}
 * @param mode           what the URIs name
 * @param commandTimeout how long a command may wait for its reply, including while reconnecting
 * @param keys           key namespace and outbox shards (shared by every node)
 * @param hotStore       the hot store's near cache, TTL extension and outbox batching
 * @param archiver       the outbox archivers every node runs
 * @param coldRead       the read path's negative cache and watermark checks
 * @param clickRollup    how finished days of click counts are copied into the archive
 */
public record RedisStorageOptions(List<String> uris, RedisMode mode, Duration commandTimeout, StoreKeys keys,
        HotStoreOptions hotStore, ArchiverOptions archiver, ColdReadOptions coldRead, ClickRollupOptions clickRollup) {

    /** Default of {@code mode}, as the key takes it (in any case). */
    public static final String DEFAULT_MODE = "standalone";
    /** Default of {@code commandTimeout}, as the key takes it. */
    public static final String DEFAULT_COMMAND_TIMEOUT = "PT2S";

    public RedisStorageOptions {
        uris = List.copyOf(Objects.requireNonNull(uris, "uris"));
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(keys, "keys");
        Objects.requireNonNull(hotStore, "hotStore");
        Objects.requireNonNull(archiver, "archiver");
        Objects.requireNonNull(coldRead, "coldRead");
        Objects.requireNonNull(clickRollup, "clickRollup");
        if (uris.isEmpty()) {
            throw new ConfigException(StoreKeys.PREFIX + "uris", "missing; give the Redis server, or any nodes of a Cluster");
        }
        uris.forEach(RedisStorageOptions::parse); // fails naming the key
        if (mode == RedisMode.STANDALONE && uris.size() != 1) {
            throw new ConfigException(StoreKeys.PREFIX + "uris", "standalone Redis takes one URI, got " + uris.size()
                    + "; set " + StoreKeys.PREFIX + "mode=cluster for a Cluster");
        }
        if (commandTimeout == null || commandTimeout.isNegative() || commandTimeout.isZero()) {
            throw new ConfigException(StoreKeys.PREFIX + "command-timeout", commandTimeout + " must be a positive duration");
        }
        if (archiver.block().compareTo(commandTimeout) >= 0) {
            throw new ConfigException(ArchiverOptions.PREFIX + "block", archiver.block() + " must be shorter than "
                    + StoreKeys.PREFIX + "command-timeout " + commandTimeout);
        }
    }

    /** The URIs as Lettuce takes them. */
    List<RedisURI> redisUris() {
        return uris.stream().map(RedisStorageOptions::parse).toList();
    }

    private static RedisURI parse(String raw) {
        String uri = raw.trim();
        try {
            return RedisURI.create(uri.contains("://") ? uri : "redis://" + uri);
        } catch (RuntimeException e) {
            // The message may carry the password of the URI: name the problem, not the value.
            throw new ConfigException(StoreKeys.PREFIX + "uris", "an entry is not a Redis URI such as redis://host:6379 ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these options, to change some of them. */
    public Builder toBuilder() {
        return new Builder().uris(uris).mode(mode).commandTimeout(commandTimeout).keys(keys).hotStore(hotStore).archiver(archiver)
                .coldRead(coldRead).clickRollup(clickRollup);
    }

    /** Starts from the {@code DEFAULT_*} constants and the held records' {@code DEFAULTS}; the URIs have none. */
    public static final class Builder {
        private List<String> uris = List.of();
        private RedisMode mode = RedisMode.valueOf(DEFAULT_MODE.toUpperCase(Locale.ROOT));
        private Duration commandTimeout = Duration.parse(DEFAULT_COMMAND_TIMEOUT);
        private StoreKeys keys = StoreKeys.DEFAULTS;
        private HotStoreOptions hotStore = HotStoreOptions.DEFAULTS;
        private ArchiverOptions archiver = ArchiverOptions.DEFAULTS;
        private ColdReadOptions coldRead = ColdReadOptions.DEFAULTS;
        private ClickRollupOptions clickRollup = ClickRollupOptions.DEFAULTS;

        private Builder() {}

        public Builder uris(List<String> value) {
            this.uris = value;
            return this;
        }

        public Builder mode(RedisMode value) {
            this.mode = value;
            return this;
        }

        public Builder commandTimeout(Duration value) {
            this.commandTimeout = value;
            return this;
        }

        public Builder keys(StoreKeys value) {
            this.keys = value;
            return this;
        }

        public Builder hotStore(HotStoreOptions value) {
            this.hotStore = value;
            return this;
        }

        public Builder archiver(ArchiverOptions value) {
            this.archiver = value;
            return this;
        }

        public Builder coldRead(ColdReadOptions value) {
            this.coldRead = value;
            return this;
        }

        public Builder clickRollup(ClickRollupOptions value) {
            this.clickRollup = value;
            return this;
        }

        public RedisStorageOptions build() {
            return new RedisStorageOptions(uris, mode, commandTimeout, keys, hotStore, archiver, coldRead, clickRollup);
        }
    }
}

package dev.shortcode.api.config;

import dev.shortcode.api.applinks.AppLinkFiles;
import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.config.IssuerConfig;
import dev.shortcode.core.config.PoolSpec;
import dev.shortcode.core.embedded.EmbeddedOptions;
import dev.shortcode.core.read.ColdReadOptions;
import dev.shortcode.core.redis.RedisMode;
import dev.shortcode.core.redis.RedisStorageOptions;
import dev.shortcode.hbase.HBaseArchiveConfig;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@link ServiceConfig} checked as a whole: values that parse but make no sense stop the start
 * with a {@link ConfigException} naming the key.
 */
public record ServiceSettings(Path dataDir, String baseUrl, String baseHost, Optional<RedisStorageOptions> redis,
        Optional<HBaseArchiveConfig> hbase, IssuerConfig issuer, EmbeddedOptions embeddedOptions, ColdReadOptions coldRead,
        AppLinkFiles appLinks) {

    public boolean embedded() {
        return redis.isEmpty();
    }

    public static ServiceSettings from(ServiceConfig config) {
        Path dataDir = Path.of(config.dataDir()).toAbsolutePath().normalize();
        String baseUrl = config.baseUrl().endsWith("/") ? config.baseUrl().substring(0, config.baseUrl().length() - 1) : config.baseUrl();
        String host;
        try {
            URI uri = new URI(baseUrl);
            if (uri.getHost() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))) {
                throw new ConfigException("shortcode.base-url", "'" + config.baseUrl() + "' must be an absolute http(s) URL such as https://sho.rt");
            }
            host = uri.getHost().toLowerCase(Locale.ROOT);
        } catch (URISyntaxException e) {
            throw new ConfigException("shortcode.base-url", "'" + config.baseUrl() + "' is not a URL: " + e.getReason());
        }
        String clusterText = config.redisCluster().trim().toLowerCase(Locale.ROOT);
        if (!clusterText.equals("true") && !clusterText.equals("false")) {
            throw new ConfigException("shortcode.redis-cluster", "'" + config.redisCluster() + "' must be true or false");
        }
        boolean cluster = clusterText.equals("true");
        Optional<List<String>> redis = config.redisUris().filter(l -> !l.isEmpty());
        if (redis.isPresent() && !cluster && redis.get().size() != 1) {
            throw new ConfigException("shortcode.redis-uris", "standalone Redis takes one URI, got " + redis.get().size()
                    + "; set SHORTCODE_REDIS_CLUSTER=true for a Cluster");
        }
        Optional<String> zk = config.hbaseZk().filter(s -> !s.isBlank());
        zk.ifPresent(ServiceSettings::checkHostPort);
        if (redis.isPresent() && zk.isEmpty()) {
            throw new ConfigException("shortcode.hbase-zk", "missing; with Redis every link is archived in HBase: set "
                    + "SHORTCODE_HBASE_ZK to the ZooKeeper quorum host:port");
        }
        if (redis.isEmpty() && zk.isPresent()) {
            throw new ConfigException("shortcode.redis-uris", "missing; HBase is used together with Redis, set SHORTCODE_REDIS_URIS");
        }
        if (config.redirectStatus() != 301 && config.redirectStatus() != 302 && config.redirectStatus() != 307
                && config.redirectStatus() != 308) {
            throw new ConfigException("shortcode.redirect-status", config.redirectStatus() + " is not a redirect status; use 301, 302, 307 or 308");
        }
        String secret = config.secret().filter(s -> !s.isBlank()).orElseGet(() -> {
            if (redis.isPresent()) {
                throw new ConfigException(IssuerConfig.SECRET_KEY, "missing; with Redis every node must use the same secret, "
                        + "set SHORTCODE_SECRET (at least 16 bytes) on all of them");
            }
            return embeddedSecret(dataDir);
        });
        IssuerConfig.Builder issuer = IssuerConfig.builder().secret(secret);
        for (Map.Entry<String, ServiceConfig.Pool> e : config.pools().entrySet()) {
            ServiceConfig.Pool p = e.getValue();
            PoolSpec.Builder pool = PoolSpec.builder(e.getKey()).length(p.length()).idleTtl(p.idleTtl()).permanent(p.permanent());
            p.minBlock().ifPresent(pool::minBlock);
            p.initialBlock().ifPresent(pool::initialBlock);
            p.maxBlock().ifPresent(pool::maxBlock);
            issuer.pool(pool);
        }
        EmbeddedOptions embeddedOptions = EmbeddedOptions.defaults(dataDir).withCommitDelay(config.embeddedCommitDelay());
        Optional<RedisStorageOptions> redisOptions = redis.map(uris -> RedisStorageOptions.builder().uris(uris)
                .mode(cluster ? RedisMode.CLUSTER : RedisMode.STANDALONE).build());
        Optional<HBaseArchiveConfig> hbase = zk.map(quorum -> HBaseArchiveConfig.builder().zookeeperQuorum(quorum).build());
        return new ServiceSettings(dataDir, baseUrl, host, redisOptions, hbase, issuer.build(), embeddedOptions, ColdReadOptions.DEFAULTS,
                AppLinkFiles.load(config.appLinks()));
    }

    private static void checkHostPort(String value) {
        for (String part : value.split(",")) {
            if (!part.trim().matches("[A-Za-z0-9.\\-]+:[0-9]{1,5}")) {
                throw new ConfigException("shortcode.hbase-zk", "'" + value + "' must be host:port[,host:port...]");
            }
        }
    }

    /** A single node's secret: generated once, kept in the data directory (mode 0600). */
    private static String embeddedSecret(Path dataDir) {
        Path file = dataDir.resolve("secret");
        try {
            if (Files.exists(file)) {
                return Files.readString(file, StandardCharsets.US_ASCII).trim();
            }
            Files.createDirectories(dataDir);
            byte[] bytes = new byte[32];
            new SecureRandom().nextBytes(bytes);
            String secret = HexFormat.of().formatHex(bytes);
            writePrivate(file, secret);
            return secret;
        } catch (IOException e) {
            throw new ConfigException("shortcode.data-dir", "cannot keep the generated secret in " + file + ": " + e.getMessage());
        }
    }

    /** Writes a file readable by its owner only. */
    public static void writePrivate(Path file, String content) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.deleteIfExists(temp);
        try {
            Files.createFile(temp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            Files.createFile(temp);
        }
        Files.writeString(temp, content + "\n", StandardCharsets.US_ASCII);
        Files.move(temp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

}

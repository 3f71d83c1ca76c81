package dev.shortcode.core.config;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything the issuer needs, validated once at start: the permutation secret, the pools and the
 * lease options. Immutable; a bad value throws {@link ConfigException} naming its key.
 */
public final class IssuerOptions {

    public static final String PREFIX = "shortcode.";
    public static final String SECRET_KEY = PREFIX + "secret";

    /** Shorter secrets make the permutation keys guessable by brute force. */
    static final int MIN_SECRET_BYTES = 16;

    private final byte[] secret;
    private final List<PoolOptions> pools;
    private final LeaseOptions lease;

    private IssuerOptions(byte[] secret, List<PoolOptions> pools, LeaseOptions lease) {
        this.secret = secret;
        this.pools = pools;
        this.lease = lease;
    }

    /** The secret's bytes (a copy). */
    public byte[] secret() {
        return secret.clone();
    }

    /** Pools ordered by code length, shortest first. */
    public List<PoolOptions> pools() {
        return pools;
    }

    public LeaseOptions lease() {
        return lease;
    }

    public Optional<PoolOptions> pool(String name) {
        return pools.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** The three pools of the design (after the 3.cn figures): short, medium and a permanent long pool. */
    public static List<PoolOptions.Builder> defaultPools() {
        return List.of(
                PoolOptions.builder("short").length(5).idleTtl(Duration.ofDays(10)),
                PoolOptions.builder("medium").length(6).idleTtl(Duration.ofDays(100)),
                PoolOptions.builder("long").length(7).idleTtl(Duration.ofDays(30)).permanent(true));
    }

    public static Builder builder() {
        return new Builder();
    }

    public static final class Builder {
        private String secret;
        private final List<PoolOptions.Builder> pools = new ArrayList<>();
        private LeaseOptions lease = LeaseOptions.DEFAULTS;

        public Builder secret(String secret) {
            this.secret = secret;
            return this;
        }

        public Builder pool(PoolOptions.Builder pool) {
            pools.add(pool);
            return this;
        }

        public Builder lease(LeaseOptions lease) {
            this.lease = lease;
            return this;
        }

        public IssuerOptions build() {
            if (secret == null || secret.isBlank()) {
                throw new ConfigException(SECRET_KEY, "missing; the permutation secret (at least " + MIN_SECRET_BYTES
                        + " bytes) keeps codes from being enumerable; set SHORTCODE_SECRET");
            }
            byte[] secretBytes = secret.getBytes(StandardCharsets.UTF_8);
            if (secretBytes.length < MIN_SECRET_BYTES) {
                throw new ConfigException(SECRET_KEY, "too short: " + secretBytes.length + " bytes, at least " + MIN_SECRET_BYTES + " required");
            }
            List<PoolOptions.Builder> source = pools.isEmpty() ? defaultPools() : pools;
            List<PoolOptions> built = new ArrayList<>();
            Map<Integer, String> byLength = new HashMap<>();
            Map<String, Boolean> names = new HashMap<>();
            for (PoolOptions.Builder b : source) {
                PoolOptions pool = b.build();
                if (names.put(pool.name(), Boolean.TRUE) != null) {
                    throw new ConfigException(pool.keyPrefix() + "length", "pool '" + pool.name() + "' is defined twice");
                }
                String other = byLength.putIfAbsent(pool.length(), pool.name());
                if (other != null) {
                    throw new ConfigException(pool.keyPrefix() + "length", "length " + pool.length()
                            + " is already used by pool '" + other + "'; each pool needs its own code length");
                }
                built.add(pool);
            }
            built.sort(Comparator.comparingInt(PoolOptions::length));
            if (lease == null) {
                throw new ConfigException(PREFIX + "lease", "missing");
            }
            return new IssuerOptions(secretBytes, List.copyOf(built), lease);
        }
    }
}

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
public final class IssuerConfig {

    public static final String PREFIX = "shortcode.";
    public static final String SECRET_KEY = PREFIX + "secret";

    /** Shorter secrets make the permutation keys guessable by brute force. */
    static final int MIN_SECRET_BYTES = 16;

    private final byte[] secret;
    private final List<PoolSpec> pools;
    private final LeaseOptions lease;

    private IssuerConfig(byte[] secret, List<PoolSpec> pools, LeaseOptions lease) {
        this.secret = secret;
        this.pools = pools;
        this.lease = lease;
    }

    /** The secret's bytes (a copy). */
    public byte[] secret() {
        return secret.clone();
    }

    /** Pools ordered by code length, shortest first. */
    public List<PoolSpec> pools() {
        return pools;
    }

    public LeaseOptions lease() {
        return lease;
    }

    public Optional<PoolSpec> pool(String name) {
        return pools.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** The three pools of the design (after the 3.cn figures): short, medium and a permanent long pool. */
    public static List<PoolSpec.Builder> defaultPools() {
        return List.of(
                PoolSpec.builder("short").length(5).idleTtl(Duration.ofDays(10)),
                PoolSpec.builder("medium").length(6).idleTtl(Duration.ofDays(100)),
                PoolSpec.builder("long").length(7).idleTtl(Duration.ofDays(30)).permanent(true));
    }

    public static Builder builder() {
        return new Builder();
    }

    public static final class Builder {
        private String secret;
        private final List<PoolSpec.Builder> pools = new ArrayList<>();
        private LeaseOptions lease = LeaseOptions.DEFAULTS;

        public Builder secret(String secret) {
            this.secret = secret;
            return this;
        }

        public Builder pool(PoolSpec.Builder pool) {
            pools.add(pool);
            return this;
        }

        public Builder lease(LeaseOptions lease) {
            this.lease = lease;
            return this;
        }

        public IssuerConfig build() {
            if (secret == null || secret.isBlank()) {
                throw new ConfigException(SECRET_KEY, "missing; the permutation secret (at least " + MIN_SECRET_BYTES
                        + " bytes) keeps codes from being enumerable; set SHORTCODE_SECRET");
            }
            byte[] secretBytes = secret.getBytes(StandardCharsets.UTF_8);
            if (secretBytes.length < MIN_SECRET_BYTES) {
                throw new ConfigException(SECRET_KEY, "too short: " + secretBytes.length + " bytes, at least " + MIN_SECRET_BYTES + " required");
            }
            List<PoolSpec.Builder> source = pools.isEmpty() ? defaultPools() : pools;
            List<PoolSpec> built = new ArrayList<>();
            Map<Integer, String> byLength = new HashMap<>();
            Map<String, Boolean> names = new HashMap<>();
            for (PoolSpec.Builder b : source) {
                PoolSpec pool = b.build();
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
            built.sort(Comparator.comparingInt(PoolSpec::length));
            if (lease == null) {
                throw new ConfigException(PREFIX + "lease", "missing");
            }
            return new IssuerConfig(secretBytes, List.copyOf(built), lease);
        }
    }
}

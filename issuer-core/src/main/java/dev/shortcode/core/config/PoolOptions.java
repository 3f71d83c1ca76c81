package dev.shortcode.core.config;

import dev.shortcode.core.code.CodeSpace;
import java.time.Duration;

/**
 * One pool: a code length with its own counter, idle TTL and block sizes.
 *
 * @param name      the pool's name in configuration and metrics, e.g. {@code short}
 * @param space     code length and capacity
 * @param idleTtl   how long a link lives in the hot store after its last access
 * @param permanent whether links outlive the hot TTL (cold reads come from the archive) or expire for good
 * @param blocks    block size bounds
 */
public record PoolOptions(String name, CodeSpace space, Duration idleTtl, boolean permanent, BlockSizing blocks) {

    /** Default of {@code permanent}, as the key takes it. */
    public static final String DEFAULT_PERMANENT = "false";

    public int length() {
        return space.length();
    }

    public long capacity() {
        return space.capacity();
    }

    /** The configuration key prefix of this pool, used in error messages. */
    public String keyPrefix() {
        return keyPrefix(name);
    }

    static String keyPrefix(String name) {
        return IssuerOptions.PREFIX + "pools." + name + ".";
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    /**
     * Builds a validated pool; every failure names the configuration key. Length and idle TTL have
     * no default; {@code permanent} is {@link #DEFAULT_PERMANENT}, the block sizes
     * {@link BlockSizing}'s defaults scaled to the pool.
     */
    public static final class Builder {
        private final String name;
        private Integer length;
        private Duration idleTtl;
        private boolean permanent = Boolean.parseBoolean(DEFAULT_PERMANENT);
        private Long minBlock;
        private Long initialBlock;
        private Long maxBlock;

        private Builder(String name) {
            this.name = name;
        }

        public Builder length(int length) {
            this.length = length;
            return this;
        }

        public Builder idleTtl(Duration idleTtl) {
            this.idleTtl = idleTtl;
            return this;
        }

        public Builder permanent(boolean permanent) {
            this.permanent = permanent;
            return this;
        }

        public Builder blockSizes(long min, long initial, long max) {
            this.minBlock = min;
            this.initialBlock = initial;
            this.maxBlock = max;
            return this;
        }

        public Builder minBlock(long min) {
            this.minBlock = min;
            return this;
        }

        public Builder initialBlock(long initial) {
            this.initialBlock = initial;
            return this;
        }

        public Builder maxBlock(long max) {
            this.maxBlock = max;
            return this;
        }

        public PoolOptions build() {
            String prefix = keyPrefix(name);
            if (name == null || !name.matches("[a-z][a-z0-9-]{0,31}")) {
                // The name is part of every key of the pool: the key at fault is the pool itself.
                throw new ConfigException(IssuerOptions.PREFIX + "pools." + name, "pool name '" + name + "' must match [a-z][a-z0-9-]{0,31}");
            }
            if (length == null) {
                throw new ConfigException(prefix + "length", "missing; the code length of the pool, " + CodeSpace.MIN_LENGTH + ".." + CodeSpace.MAX_LENGTH);
            }
            if (length < CodeSpace.MIN_LENGTH || length > CodeSpace.MAX_LENGTH) {
                throw new ConfigException(prefix + "length", length + " is outside " + CodeSpace.MIN_LENGTH + ".." + CodeSpace.MAX_LENGTH);
            }
            if (idleTtl == null) {
                throw new ConfigException(prefix + "idle-ttl", "missing; an ISO-8601 duration such as P10D");
            }
            if (idleTtl.compareTo(Duration.ofSeconds(1)) < 0) {
                throw new ConfigException(prefix + "idle-ttl", idleTtl + " is shorter than one second");
            }
            CodeSpace space = CodeSpace.ofLength(length);
            BlockSizing defaults = BlockSizing.defaultsFor(space.capacity());
            long max = maxBlock != null ? maxBlock : defaults.max();
            long initial = initialBlock != null ? initialBlock : Math.min(defaults.initial(), max);
            long min = minBlock != null ? minBlock : Math.min(defaults.min(), initial);
            if (min < 1) {
                throw new ConfigException(prefix + "block-size.min", min + " must be at least 1");
            }
            if (min > max) {
                throw new ConfigException(prefix + "block-size.min", min + " exceeds block-size.max " + max);
            }
            if (max >= space.capacity()) {
                throw new ConfigException(prefix + "block-size.max",
                        max + " must be below the pool's capacity " + space.capacity() + " (62^" + length + ")");
            }
            if (initial < min || initial > max) {
                throw new ConfigException(prefix + "block-size.initial", initial + " must lie within block-size.min " + min + " and block-size.max " + max);
            }
            return new PoolOptions(name, space, idleTtl, permanent, new BlockSizing(min, initial, max));
        }
    }
}

package dev.shortcode.core.redis;

/** What the configured Redis URIs name. */
public enum RedisMode {
    /** Exactly one server (with or without replicas behind it). */
    STANDALONE,
    /** Any nodes of a Redis Cluster; the rest of the topology is discovered. */
    CLUSTER
}

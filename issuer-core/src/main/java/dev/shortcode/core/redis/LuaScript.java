package dev.shortcode.core.redis;

import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A Lua script run by digest ({@code EVALSHA}), falling back to {@code EVAL} when the server does
 * not know it yet: after a restart, a flush of the script cache, or on a Cluster node that never
 * saw it. All keys of one call must share a hash slot.
 */
final class LuaScript {

    private final String source;
    private final String sha1;
    private final ScriptOutputType output;

    LuaScript(String source, ScriptOutputType output) {
        this.source = source;
        this.output = output;
        try {
            this.sha1 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(source.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is required by the JDK but unavailable", e);
        }
    }

    <T> T run(RedisClusterCommands<String, String> redis, String[] keys, String... args) {
        try {
            return redis.evalsha(sha1, output, keys, args);
        } catch (RedisNoScriptException e) {
            return redis.eval(source, output, keys, args);
        }
    }

    /** Like {@link #run}, without blocking: the fallback to {@code EVAL} is chained on the reply. */
    <T> CompletableFuture<T> runAsync(RedisClusterAsyncCommands<String, String> redis, String[] keys, String... args) {
        return runAsyncTyped(redis, keys, args);
    }

    /** {@link #runAsync} on a connection of any codec (the rate limiter's values are bytes). */
    <K, V, T> CompletableFuture<T> runAsyncTyped(RedisClusterAsyncCommands<K, V> redis, K[] keys, V[] args) {
        CompletableFuture<T> bySha = redis.<T>evalsha(sha1, output, keys, args).toCompletableFuture();
        return bySha.exceptionallyCompose(failure -> {
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
            if (cause instanceof RedisNoScriptException) {
                return redis.<T>eval(source, output, keys, args).toCompletableFuture();
            }
            return CompletableFuture.failedFuture(cause);
        });
    }
}

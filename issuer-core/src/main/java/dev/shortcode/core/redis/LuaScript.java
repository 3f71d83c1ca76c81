package dev.shortcode.core.redis;

import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

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
}

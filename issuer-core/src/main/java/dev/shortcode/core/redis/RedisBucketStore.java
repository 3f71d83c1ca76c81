package dev.shortcode.core.redis;

import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.ClientSideConfig;
import io.github.bucket4j.distributed.proxy.generic.compare_and_swap.AbstractCompareAndSwapBasedProxyManager;
import io.github.bucket4j.distributed.proxy.generic.compare_and_swap.AsyncCompareAndSwapOperation;
import io.github.bucket4j.distributed.proxy.generic.compare_and_swap.CompareAndSwapOperation;
import io.github.bucket4j.distributed.remote.RemoteBucketState;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Bucket4j's buckets in Redis: each bucket is one string key holding Bucket4j's serialised state,
 * changed by compare-and-swap. Bucket4j reads the state ({@code GET}), computes the answer on this
 * node, and writes the new state only if the key still holds what it read (one script,
 * {@link #COMPARE_AND_SWAP}); a lost race reads and tries again. Keys expire once their bucket
 * would be full again (Bucket4j's expiration strategy), so idle keys cost nothing.
 *
 * <p>Bucket4j's own Lettuce module does the same, but its artifact is not published for the
 * Bucket4j version used here; this adapter is what it would contribute, on the connection the
 * storage already has (a binary-valued one from the same client). Only the asynchronous path is
 * offered: every caller runs on an event loop, where nothing may wait for a reply.
 */
final class RedisBucketStore extends AbstractCompareAndSwapBasedProxyManager<String> {

    /**
     * KEYS[1] the bucket; ARGV[1] the state read ({@code ""} when the key was absent), ARGV[2] the
     * new state, ARGV[3] its time to live in milliseconds (0: none). 1 if written, 0 if the key
     * changed since it was read. Bucket4j's state is never empty, so {@code ""} stands for absent.
     */
    static final LuaScript COMPARE_AND_SWAP = new LuaScript("""
            local current = redis.call('GET', KEYS[1])
            if (current == false and ARGV[1] == '') or current == ARGV[1] then
              if tonumber(ARGV[3]) > 0 then
                redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
              else
                redis.call('SET', KEYS[1], ARGV[2])
              end
              return 1
            end
            return 0
            """, ScriptOutputType.INTEGER);

    private static final byte[] ABSENT = new byte[0];

    private final RedisClusterAsyncCommands<String, byte[]> redis;
    private final ExpirationAfterWriteStrategy expiration;

    RedisBucketStore(RedisClusterAsyncCommands<String, byte[]> redis, ClientSideConfig config) {
        super(config);
        this.redis = redis;
        this.expiration = config.getExpirationAfterWriteStrategy().orElse(ExpirationAfterWriteStrategy.none());
    }

    @Override
    protected AsyncCompareAndSwapOperation beginAsyncCompareAndSwapOperation(String key) {
        String[] keys = {key};
        return new AsyncCompareAndSwapOperation() {
            @Override
            public CompletableFuture<Optional<byte[]>> getStateData(Optional<Long> timeoutNanos) {
                return bounded(redis.get(key).toCompletableFuture(), timeoutNanos).thenApply(Optional::ofNullable);
            }

            @Override
            public CompletableFuture<Boolean> compareAndSwap(byte[] originalData, byte[] newData, RemoteBucketState newState,
                    Optional<Long> timeoutNanos) {
                long ttlMillis = Math.max(0, expiration.calculateTimeToLiveMillis(newState, currentTimeNanos()));
                byte[][] args = {originalData == null ? ABSENT : originalData, newData, Long.toString(ttlMillis).getBytes(StandardCharsets.US_ASCII)};
                CompletableFuture<Long> written = COMPARE_AND_SWAP.runAsyncTyped(redis, keys, args);
                return bounded(written, timeoutNanos).thenApply(result -> result != null && result == 1L);
            }
        };
    }

    @Override
    protected CompareAndSwapOperation beginCompareAndSwapOperation(String key) {
        throw new UnsupportedOperationException("only the asynchronous API is offered: callers run on event loops");
    }

    @Override
    protected CompletableFuture<Void> removeAsync(String key) {
        return redis.del(key).toCompletableFuture().thenApply(count -> null);
    }

    @Override
    public void removeProxy(String key) {
        throw new UnsupportedOperationException("only the asynchronous API is offered: callers run on event loops");
    }

    @Override
    public boolean isAsyncModeSupported() {
        return true;
    }

    @Override
    public boolean isExpireAfterWriteSupported() {
        return true;
    }

    private static <T> CompletableFuture<T> bounded(CompletableFuture<T> reply, Optional<Long> timeoutNanos) {
        return timeoutNanos.isEmpty() ? reply : reply.orTimeout(timeoutNanos.get(), TimeUnit.NANOSECONDS);
    }
}

package dev.shortcode.core.redis;

import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.util.List;

/**
 * What Redis holds for a code, read and written with plain commands, behind the stores' backs: how
 * tests look at a link in either layout ({@link KeyPerLink}, {@link LinkGroups}) and play another
 * node or time passing. Expiry is judged by Redis's own clock, as the layouts' scripts judge it.
 */
final class RawLinks {

    private final RedisClusterCommands<String, String> redis;
    private final StoreKeys keys;

    RawLinks(RedisConnection connection, StoreKeys keys) {
        this.redis = connection.sync();
        this.keys = keys;
    }

    boolean grouped() {
        return keys.linkGroups() > 0;
    }

    /** The record or removal marker the code holds, null when absent or expired. */
    String get(String code) {
        if (!grouped()) {
            return redis.get(keys.link(code));
        }
        return LinkGroups.aliveAt(redis.hget(group(code), code), now());
    }

    boolean exists(String code) {
        return get(code) != null;
    }

    /** Seconds until the code's value expires; -2 when absent, -1 when it never does. */
    long ttl(String code) {
        if (!grouped()) {
            return redis.ttl(keys.link(code));
        }
        String v = redis.hget(group(code), code);
        double left = v == null ? 0 : LinkGroups.expiresAt(v) - now();
        return left > 0 ? (long) left : -2; // whole seconds, as TTL answers for a key
    }

    /** Stores {@code value} expiring in {@code seconds}. */
    void set(String code, String value, long seconds) {
        if (!grouped()) {
            redis.set(keys.link(code), value, SetArgs.Builder.ex(seconds));
            return;
        }
        redis.hset(group(code), code, LinkGroups.fieldValue((long) Math.ceil(now() + seconds), value));
        redis.expire(group(code), Math.max(seconds + 1, Math.max(0, redis.ttl(group(code)))));
    }

    /** Replaces the value, keeping its expiry. */
    void setKeepingExpiry(String code, String value) {
        if (!grouped()) {
            redis.set(keys.link(code), value, SetArgs.Builder.keepttl());
            return;
        }
        String v = redis.hget(group(code), code);
        redis.hset(group(code), code, LinkGroups.fieldValue(LinkGroups.expiresAt(v), value));
    }

    /** Sets when the value expires, {@code seconds} from now. */
    void expire(String code, long seconds) {
        if (!grouped()) {
            redis.expire(keys.link(code), seconds);
            return;
        }
        String v = redis.hget(group(code), code);
        redis.hset(group(code), code, LinkGroups.fieldValue((long) Math.ceil(now() + seconds), LinkGroups.recordOf(v)));
    }

    void delete(String code) {
        if (!grouped()) {
            redis.del(keys.link(code));
        } else {
            redis.hdel(group(code), code);
        }
    }

    /** Fields of the code's group, expired ones included; 0 with a key per link. */
    long fieldsInGroupOf(String code) {
        return grouped() ? redis.hlen(group(code)) : 0;
    }

    private String group(String code) {
        return keys.linkGroup(keys.linkGroupOf(code));
    }

    /** Redis's clock, as the scripts read it. */
    private double now() {
        return LinkGroups.secondsOf(redis.time());
    }
}

package dev.shortcode.core.redis;

import dev.shortcode.core.store.ArchiveMutation;
import io.lettuce.core.Range;
import io.lettuce.core.StreamMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reads what the outbox streams hold, decoded, without consuming anything: for assertions. */
final class OutboxContents {

    private OutboxContents() {}

    static List<ArchiveMutation> all(RedisConnection connection, StoreKeys keys) {
        List<ArchiveMutation> mutations = new ArrayList<>();
        for (int shard = 0; shard < keys.outboxShards(); shard++) {
            for (StreamMessage<String, String> entry : connection.sync().xrange(keys.outbox(shard), Range.create("-", "+"))) {
                for (Map.Entry<String, String> field : entry.getBody().entrySet()) {
                    mutations.add(MutationCodec.decode(field.getKey(), field.getValue()));
                }
            }
        }
        return mutations;
    }

    static List<ArchiveMutation> of(RedisConnection connection, StoreKeys keys, String code) {
        return all(connection, keys).stream().filter(m -> m.code().equals(code)).toList();
    }

    /** Stream entries over all shards. */
    static long entries(RedisConnection connection, StoreKeys keys) {
        long n = 0;
        for (int shard = 0; shard < keys.outboxShards(); shard++) {
            n += connection.sync().xlen(keys.outbox(shard));
        }
        return n;
    }

    /** Entries read by some consumer of {@code group} and not yet acknowledged, over all shards. */
    static long pending(RedisConnection connection, StoreKeys keys, String group) {
        long n = 0;
        for (int shard = 0; shard < keys.outboxShards(); shard++) {
            if (connection.sync().exists(keys.outbox(shard)) == 1) {
                try {
                    n += connection.sync().xpending(keys.outbox(shard), group).getCount();
                } catch (io.lettuce.core.RedisCommandExecutionException noGroup) {
                    // no group on this shard yet: nothing pending
                }
            }
        }
        return n;
    }
}

package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.config.ConfigException;
import io.lettuce.core.cluster.SlotHash;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StoreKeysUnitTests {

    @Test
    void linkKey_isHashTaggedByTheCode() {
        StoreKeys keys = StoreKeys.DEFAULTS;
        assertThat(keys.link("aZ09xyQ")).isEqualTo("sc:l:{aZ09xyQ}");
        assertThat(SlotHash.getSlot(keys.link("aZ09xyQ"))).isEqualTo(SlotHash.getSlot("aZ09xyQ"));
    }

    @Test
    void outboxShards_spreadOverSlotsAndCodesSpreadOverShards() {
        StoreKeys keys = new StoreKeys("sc", 8);
        Set<Integer> slots = new HashSet<>();
        for (int shard = 0; shard < 8; shard++) {
            slots.add(SlotHash.getSlot(keys.outbox(shard)));
        }
        assertThat(slots).as("one slot per shard").hasSize(8);
        int[] perShard = new int[8];
        for (int i = 0; i < 80_000; i++) {
            perShard[keys.shardOf(TestLinks.randomCode(7))]++;
        }
        for (int n : perShard) {
            assertThat(n).isBetween(9_000, 11_000);
        }
    }

    @Test
    void shardOf_isStableForACode() {
        StoreKeys keys = new StoreKeys("sc", 8);
        assertThat(keys.shardOf("aZ09xyQ")).isEqualTo(keys.shardOf(new String("aZ09xyQ".toCharArray())));
    }

    @Test
    void badValues_failNamingTheirKey() {
        assertThatThrownBy(() -> new StoreKeys("has space", 8)).isInstanceOf(ConfigException.class)
                .extracting(e -> ((ConfigException) e).key()).isEqualTo("shortcode.redis.namespace");
        assertThatThrownBy(() -> new StoreKeys("sc", 0)).isInstanceOf(ConfigException.class)
                .extracting(e -> ((ConfigException) e).key()).isEqualTo("shortcode.redis.outbox.shards");
    }
}

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
        StoreKeys keys = new StoreKeys("sc", 8);
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

    @Test
    void linkGroups_spreadRandomAndSequentialCodesEvenly_overGroupsInSlotsOfTheirOwn() {
        StoreKeys keys = new StoreKeys("sc", 8, 1_024);
        assertThat(keys.linkGroup(5)).isEqualTo("sc:h:{5}");
        Set<Integer> slots = new HashSet<>();
        for (int group = 0; group < 1_024; group++) {
            slots.add(SlotHash.getSlot(keys.linkGroup(group)));
        }
        assertThat(slots).as("slots of 1,024 groups").hasSizeGreaterThan(990);
        int[] random = new int[1_024];
        int[] sequential = new int[1_024];
        for (int i = 0; i < 102_400; i++) {
            random[keys.linkGroupOf(TestLinks.randomCode(7))]++;
            sequential[keys.linkGroupOf("promo" + i)]++; // aliases a campaign numbers one by one
        }
        for (int g = 0; g < 1_024; g++) {
            assertThat(random[g]).as("random codes in group %d of 100 expected", g).isBetween(55, 150);
            assertThat(sequential[g]).as("sequential aliases in group %d of 100 expected", g).isBetween(55, 150);
        }
        assertThat(keys.linkGroupOf("aZ09xyQ")).as("the same group on every node").isEqualTo(new StoreKeys("sc", 8, 1_024).linkGroupOf("aZ09xyQ"));
    }

    @Test
    void linkGroups_outsideTheirRange_areRefusedNamingTheKey() {
        assertThatThrownBy(() -> new StoreKeys("sc", 8, -1)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("shortcode.redis.link-groups");
        assertThatThrownBy(() -> new StoreKeys("sc", 8, StoreKeys.MAX_LINK_GROUPS + 1)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("shortcode.redis.link-groups");
        assertThat(new StoreKeys("sc", 8).linkGroups()).as("a key per link unless groups are asked for").isZero();
    }
}

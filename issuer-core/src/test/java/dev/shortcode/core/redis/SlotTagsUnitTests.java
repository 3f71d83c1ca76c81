package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.cluster.SlotHash;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SlotTagsUnitTests {

    @Test
    void everySlotHasATag_whoseKeysHashToIt_andNoTwoSlotsShareOne() {
        Set<String> seen = new HashSet<>();
        for (int slot = 0; slot < SlotHash.SLOT_COUNT; slot++) {
            String tag = SlotTags.of(slot);
            assertThat(SlotHash.getSlot("sc:s:a:{" + tag + "}:node-1")).as("slot %d", slot).isEqualTo(slot);
            assertThat(seen.add(tag)).as("tag %s", tag).isTrue();
        }
    }
}

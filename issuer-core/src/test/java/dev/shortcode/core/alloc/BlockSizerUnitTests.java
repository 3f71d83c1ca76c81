package dev.shortcode.core.alloc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.config.BlockSizing;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BlockSizerUnitTests {

    private final BlockSizer sizer = new BlockSizer(new BlockSizing(1_000, 10_000, 80_000),
            TimeUnit.SECONDS.toNanos(15), TimeUnit.SECONDS.toNanos(60));

    @Test
    void next_fastBlock_doublesUpToTheMaximum() {
        assertThat(sizer.next(10_000, TimeUnit.SECONDS.toNanos(1))).isEqualTo(20_000);
        assertThat(sizer.next(60_000, TimeUnit.SECONDS.toNanos(1))).isEqualTo(80_000);
    }

    @Test
    void next_slowBlock_halvesDownToTheMinimum() {
        assertThat(sizer.next(10_000, TimeUnit.MINUTES.toNanos(5))).isEqualTo(5_000);
        assertThat(sizer.next(1_500, TimeUnit.MINUTES.toNanos(5))).isEqualTo(1_000);
    }

    @Test
    void next_blockWithinTheBand_keepsItsSize() {
        assertThat(sizer.next(10_000, TimeUnit.SECONDS.toNanos(30))).isEqualTo(10_000);
    }
}

package dev.shortcode.core.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.config.PoolOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedBlockSourceUnitTests {

    private static final PoolOptions POOL = PoolOptions.builder("p").length(3).idleTtl(Duration.ofDays(1)).blockSizes(10, 100, 1000).build();

    @TempDir
    Path dir;

    @Test
    void lease_consecutiveCalls_giveAdjacentBlocks() {
        EmbeddedBlockSource source = new EmbeddedBlockSource(new FileWatermarkStore(dir));
        assertThat(source.lease(POOL, 100)).isEqualTo(new Block(0, 0, 100));
        assertThat(source.lease(POOL, 50)).isEqualTo(new Block(0, 100, 150));
    }

    @Test
    void lease_afterRestart_continuesAboveEverythingLeased() {
        new EmbeddedBlockSource(new FileWatermarkStore(dir)).lease(POOL, 700);
        EmbeddedBlockSource restarted = new EmbeddedBlockSource(new FileWatermarkStore(dir));
        assertThat(restarted.lease(POOL, 100)).isEqualTo(new Block(0, 700, 800));
    }

    @Test
    void lease_atCapacity_cutsTheBlockThenMovesToTheNextEpoch() {
        EmbeddedBlockSource source = new EmbeddedBlockSource(new FileWatermarkStore(dir));
        long capacity = POOL.capacity(); // 238,328
        long leased = 0;
        Block last = null;
        while (leased < capacity) {
            last = source.lease(POOL, 999);
            leased += last.size();
        }
        assertThat(last.end()).isEqualTo(capacity);
        assertThat(last.epoch()).isZero();
        assertThat(source.lease(POOL, 999)).isEqualTo(new Block(1, 0, 999));
        assertThat(new FileWatermarkStore(dir).read(3)).contains(new Watermark(1, 999));
    }

    @Test
    void watermarkStore_advance_keepsTheMaximumAndSurvivesReopen() {
        FileWatermarkStore store = new FileWatermarkStore(dir);
        assertThat(store.read(5)).isEmpty();
        store.advance(5, new Watermark(0, 500));
        store.advance(5, new Watermark(0, 300)); // a slower node recording late
        assertThat(store.read(5)).contains(new Watermark(0, 500));
        store.advance(5, new Watermark(1, 10));
        assertThat(new FileWatermarkStore(dir).read(5)).contains(new Watermark(1, 10));
        assertThat(new FileWatermarkStore(dir).read(6)).isEmpty();
    }

    @Test
    void watermarkStore_corruptFile_failsLoudly() throws IOException {
        Files.writeString(dir.resolve("watermark-5"), "garbage");
        assertThatThrownBy(() -> new FileWatermarkStore(dir).read(5)).hasMessageContaining("corrupt watermark file");
    }

    @Test
    void lease_whenTheWatermarkCannotBeWritten_failsWithoutHandingOutIds() throws IOException {
        Path file = dir.resolve("blocked");
        Files.writeString(file, "a file where a directory should be");
        WatermarkStore broken = new WatermarkStore() {
            @Override
            public java.util.Optional<Watermark> read(int codeLength) {
                return java.util.Optional.empty();
            }

            @Override
            public void advance(int codeLength, Watermark mark) {
                new FileWatermarkStore(file).advance(codeLength, mark);
            }
        };
        assertThatThrownBy(() -> new EmbeddedBlockSource(broken).lease(POOL, 10)).isInstanceOf(LeaseException.class)
                .hasMessageContaining("cannot record watermark");
    }
}

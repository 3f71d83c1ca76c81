package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRecordCodec;
import org.junit.jupiter.api.Test;

class MutationCodecUnitTests {

    @Test
    void put_roundTripsThroughTheStreamValue() {
        LinkRecord link = new LinkRecord("aZ09xyQ", "https://example.com/a?b=c", "long", 2_592_000, true, 1_760_000_000_123L, "k-7", 4);
        ArchiveMutation put = new ArchiveMutation.Put(link);
        assertThat(MutationCodec.decode("aZ09xyQ", MutationCodec.encode(put))).isEqualTo(put);
    }

    @Test
    void put_decoded_keepsTheRecordAsItCame_andGivesTheLinkOnDemand() {
        LinkRecord link = new LinkRecord("aZ09xyQ", "https://example.com/a?b=c", "long", 2_592_000, true, 1_760_000_000_123L, "k-7", 4);
        String record = LinkRecordCodec.encode(link);

        ArchiveMutation.Put put = (ArchiveMutation.Put) MutationCodec.decode("aZ09xyQ", "p\t" + record);

        assertThat(put.record()).isSameAs(put.record()).isEqualTo(record);
        assertThat(put.code()).isEqualTo("aZ09xyQ");
        assertThat(put.createdAtMillis()).isEqualTo(1_760_000_000_123L);
        assertThat(put.version()).isEqualTo(4);
        assertThat(put.link()).isEqualTo(link);
        assertThat(put).isEqualTo(new ArchiveMutation.Put(link)).hasSameHashCodeAs(new ArchiveMutation.Put(link));
        assertThat(put).isNotEqualTo(new ArchiveMutation.Put(link.updated("https://example.com/b", 60, false)));
    }

    @Test
    void remove_roundTripsThroughTheStreamValue() {
        ArchiveMutation remove = new ArchiveMutation.Remove("aZ09xyQ", 1_760_000_000_123L, 5);
        assertThat(MutationCodec.encode(remove)).isEqualTo("r\t5\t" + Long.toString(1_760_000_000_123L, 36));
        assertThat(MutationCodec.decode("aZ09xyQ", MutationCodec.encode(remove))).isEqualTo(remove);
    }

    @Test
    void decode_valuesItDidNotWrite_throwIllegalArgument() {
        assertThatThrownBy(() -> MutationCodec.decode("c", "x\t1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MutationCodec.decode("c", "r\t1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MutationCodec.decode("c", "r\tzz!\t1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MutationCodec.decode("c", "p\t2\tgarbage")).isInstanceOf(IllegalArgumentException.class);
    }
}

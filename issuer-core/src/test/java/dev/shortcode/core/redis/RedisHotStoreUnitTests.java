package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRecordCodec;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The hot store's Lua scripts read version, creation time and TTL out of the stored value by
 * position. This pins the codec's layout they rely on: if it changes, the scripts must too.
 */
class RedisHotStoreUnitTests {

    /** The Lua patterns of READ_AND_EXTEND and UPDATE, in Java regex form. */
    private static final Pattern SCRIPT_VIEW = Pattern.compile("^1\t([^\t]*)\t([^\t]*)\t([0-9a-z]+)\t");

    @Test
    void encodedRecord_exposesVersionCreationAndTtlWhereTheScriptsReadThem() {
        LinkRecord link = new LinkRecord("aZ09xyQ", "https://example.com/x", "long", 2_592_000, true, 1_760_000_000_123L, "k1", 37);
        Matcher m = SCRIPT_VIEW.matcher(LinkRecordCodec.encode(link));
        assertThat(m.find()).isTrue();
        assertThat(Long.parseLong(m.group(1), 36)).isEqualTo(37);
        assertThat(m.group(1)).isEqualTo(Long.toString(37, 36));
        assertThat(Long.parseLong(m.group(2), 36)).isEqualTo(1_760_000_000_123L);
        assertThat(Long.parseLong(m.group(3), 36)).isEqualTo(2_592_000);
    }
}

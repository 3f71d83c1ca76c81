package dev.shortcode.core.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkRecordCodec;
import dev.shortcode.core.store.LinkTargets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The hot store's Lua scripts read version, creation time and TTL out of the stored value by
 * position. This pins the codec's layout they rely on: if it changes, the scripts must too.
 */
class RedisHotStoreUnitTests {

    /** The Lua patterns of READ_AND_EXTEND and UPDATE, in Java regex form. */
    private static final Pattern SCRIPT_VIEW = Pattern.compile("^[1234]\t([^\t]*)\t([^\t]*)\t([0-9a-z]+)\t");

    /** Without targets (format 1) and with them (format 2): the scripts read both. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void encodedRecord_exposesVersionCreationAndTtlWhereTheScriptsReadThem(boolean withTargets) {
        LinkTargets targets = withTargets ? new LinkTargets("app://open", "https://a.example/", "https://d.example/",
                new LinkTargets.WeChat("wx0123456789abcdef", "pages/index", "a=1", "release")) : LinkTargets.NONE;
        LinkRecord link = new LinkRecord("aZ09xyQ", "https://example.com/x", "long", 2_592_000, true, 1_760_000_000_123L, "k1", 37,
                targets);
        String encoded = LinkRecordCodec.encode(link);
        assertThat(encoded).startsWith(withTargets ? "2\t" : "1\t");
        Matcher m = SCRIPT_VIEW.matcher(encoded);
        assertThat(m.find()).isTrue();
        assertThat(Long.parseLong(m.group(1), 36)).isEqualTo(37);
        assertThat(m.group(1)).isEqualTo(Long.toString(37, 36));
        assertThat(Long.parseLong(m.group(2), 36)).isEqualTo(1_760_000_000_123L);
        assertThat(Long.parseLong(m.group(3), 36)).isEqualTo(2_592_000);
    }
}

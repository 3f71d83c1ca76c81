package dev.shortcode.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class LinkRecordCodecUnitTests {

    static List<LinkRecord> records() {
        return List.of(
                new LinkRecord("aZ3x9", "https://example.com/path?q=1&r=%20#frag", "short", 864_000, false,
                        1_767_225_600_123L, "key-42", 1),
                // permanent, large numbers in every numeric field
                new LinkRecord("0000000", "http://a.b/", "long", Long.MAX_VALUE / 1000, true, Long.MAX_VALUE, "k", Long.MAX_VALUE),
                // a punycode host as the API stores it, and unicode left in path and query
                new LinkRecord("Zz9", "https://xn--bcher-kva.example/straße/日本?q=ü&e=😀", "medium", 1, false, 0, "owner", 7),
                // the smallest values allowed, an empty owner id, a negative creation time (before 1970)
                new LinkRecord("c", "https://x", "p", 1, true, -1_000L, "", 1),
                // title, tags and external id, with targets and without; a title of any script
                new LinkRecord("mEt4a", "https://example.com/sale", "short", 864_000, false, 1_767_225_600_123L, "key-42", 2, LinkTargets.NONE,
                        new LinkMeta("Soldes d'été — 夏のセール 😀", List.of("campaign:spring", "sms"), "crm-48213")),
                new LinkRecord("mEt4b", "https://example.com/", "short", 60, false, 5L, "k", 1,
                        new LinkTargets("app://x", null, null, null), new LinkMeta(null, List.of("only-tags"), null)),
                new LinkRecord("mEt4c", "https://example.com/", "short", 60, false, 5L, "k", 1, LinkTargets.NONE,
                        new LinkMeta(null, List.of(), "ext|id,with=signs")),
                // every device target
                new LinkRecord("tG7x2", "https://shop.example/item/42", "short", 864_000, false, 1_767_225_600_123L, "key-42", 3,
                        new LinkTargets("jdmobile://virtual?params=%7B%22id%22%3A42%7D", "https://play.google.com/store/apps/details?id=x.y",
                                "https://shop.example/desktop/42",
                                new LinkTargets.WeChat("wx0123456789abcdef", "pages/item/index", "id=42&from=sms", "trial"))),
                // some targets only: each absent part stays absent
                new LinkRecord("tG7x3", "https://shop.example/", "long", 60, true, 5L, "k", 1,
                        new LinkTargets(null, "intent://scan/#Intent;scheme=zxing;package=com.example;end", null, null)),
                new LinkRecord("tG7x4", "https://shop.example/", "long", 60, true, 5L, "k", 1,
                        new LinkTargets(null, null, null, new LinkTargets.WeChat("wx0123456789abcdef", null, null, null))),
                // routing alone, and routing with every other part
                new LinkRecord("rOut1", "https://example.com/", "short", 60, false, 5L, "k", 1, LinkTargets.NONE, LinkMeta.NONE,
                        LinkRouting.NONE.withForwardQuery(false)),
                new LinkRecord("rOut2", "https://example.com/a?b=c", "short", 864_000, false, 1_767_225_600_123L, "key-42", 4,
                        new LinkTargets("app://x", null, null, null), new LinkMeta("t", List.of("a"), "e"), FULL_ROUTING),
                new LinkRecord("rOut3", "https://example.com/", "short", 60, false, 5L, "k", 1, LinkTargets.NONE, LinkMeta.NONE,
                        FULL_ROUTING.withDomain("go.xn--bcher-kva.example")));
    }

    /** Every part of a routing set, with values that come close to its separators. */
    static final LinkRouting FULL_ROUTING = new LinkRouting(true, -5L, 1_767_225_600_123L, "https://example.com/over?x=1,2", 10_000L,
            "pbkdf2-sha256$310000$c2FsdA$aGFzaA",
            List.of(new LinkRouting.Variant("https://a.example/?v=1", 3), new LinkRouting.Variant("https://b.example/#x:y", 1)),
            List.of(new LinkRouting.Rule(new LinkRouting.Condition(List.of("US", "DE"), List.of("en", "fr-ca"), List.of("ios"),
                            Map.of("utm_source", "sms:a=b", "v", ""), 1L, 2L), "https://us.example/"),
                    new LinkRouting.Rule(new LinkRouting.Condition(null, null, null, null, null, null), "https://all.example/"),
                    new LinkRouting.Rule(new LinkRouting.Condition(null, null, List.of("android", "desktop"), null, null, 99L),
                            "https://c.example/")));

    @ParameterizedTest
    @MethodSource("records")
    void decode_ofEncode_returnsEveryField(LinkRecord record) {
        String encoded = LinkRecordCodec.encode(record);

        LinkRecord decoded = LinkRecordCodec.decode(record.code(), encoded);

        assertThat(decoded).isEqualTo(record); // a record's equals compares every component
    }

    @ParameterizedTest
    @MethodSource("records")
    void head_ofEncode_isTheVersionAndCreationTime(LinkRecord record) {
        assertThat(LinkRecordCodec.head(record.code(), LinkRecordCodec.encode(record)))
                .isEqualTo(new LinkRecordCodec.Head(record.version(), record.createdAtMillis()));
    }

    @Test
    void head_rejectsWhatDecodeRejects_namingTheCode() {
        String good = LinkRecordCodec.encode(records().get(0));
        List<String> corrupt = List.of(
                "3" + good.substring(1), // unknown format
                "1\t1\t1\t1\t0\tshort\thttps://x", // a field short
                "2\t1\t1\t1\t0\tshort\tk\thttps://x", // format 2 without its targets
                "1\t!\t1\t1\t0\tshort\tk\thttps://x", // version
                "1\t1\t\t1\t0\tshort\tk\thttps://x", // creation time
                "1\t1\t1\t1?\t0\tshort\tk\thttps://x", // TTL
                "1\t1\t1\t1\tx\tshort\tk\thttps://x", // flags
                "", "1", "1\t");
        for (String value : corrupt) {
            assertThatThrownBy(() -> LinkRecordCodec.decode("c0de", value)).as(value).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> LinkRecordCodec.head("c0de", value)).as(value)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("c0de");
        }
    }

    @Test
    void head_ofAUrlWithTheSeparatorAfterTheLastField_isAcceptedAsDecodeAcceptsIt() {
        assertThat(LinkRecordCodec.head("c", "1\t5\t7\t1\t0\tshort\tk\thttps://x/\ty")).isEqualTo(new LinkRecordCodec.Head(5, 7));
    }

    @Test
    void encode_layout_isFormatThenBase36NumbersThenUrlLast() {
        LinkRecord r = new LinkRecord("abc", "https://e.x/a\u00e9", "short", 36, true, 36 * 36, "k1", 35);

        assertThat(LinkRecordCodec.encode(r)).isEqualTo("1\tz\t100\t10\t1\tshort\tk1\thttps://e.x/a\u00e9");
    }

    @Test
    void encode_urlWithTab_isRejected() {
        LinkRecord r = new LinkRecord("abc", "https://e.x/a\tb", "short", 60, false, 0, "k", 1);

        assertThatThrownBy(() -> LinkRecordCodec.encode(r)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tabs");
    }

    @Test
    void encode_ownerOrPoolWithTab_isRejected() {
        assertThatThrownBy(() -> LinkRecordCodec.encode(new LinkRecord("abc", "https://e.x", "short", 60, false, 0, "k\t1", 1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LinkRecordCodec.encode(new LinkRecord("abc", "https://e.x", "sh\tort", 60, false, 0, "k", 1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void encode_linkWithoutTargets_isFormat1AsBeforeTargets_soStoredRecordsAndOlderReadersAgree() {
        LinkRecord r = new LinkRecord("abc", "https://e.x/", "short", 36, false, 36, "k1", 1, LinkTargets.NONE);

        assertThat(LinkRecordCodec.encode(r)).isEqualTo("1\t1\t10\t10\t0\tshort\tk1\thttps://e.x/");
        assertThat(LinkRecordCodec.decode("abc", "1\t1\t10\t10\t0\tshort\tk1\thttps://e.x/").targets()).isSameAs(LinkTargets.NONE);
    }

    @Test
    void encode_linkWithTargets_isFormat2_theTargetsBetweenOwnerAndUrl_absentPartsEmpty() {
        LinkRecord r = new LinkRecord("abc", "https://e.x/", "short", 36, true, 36, "k1", 35,
                new LinkTargets("app://x", null, "https://d.x/", new LinkTargets.WeChat("wx0123456789abcdef", "p/i", null, "develop")));

        assertThat(LinkRecordCodec.encode(r))
                .isEqualTo("2\tz\t10\t10\t1\tshort\tk1\tapp://x\t\thttps://d.x/\twx0123456789abcdef\tp/i\t\tdevelop\thttps://e.x/");
    }

    @Test
    void encode_targetWithTab_isRejected() {
        LinkRecord r = new LinkRecord("abc", "https://e.x/", "short", 60, false, 0, "k", 1,
                new LinkTargets(null, null, null, new LinkTargets.WeChat("wx0123456789abcdef", null, "a=1\tb", null)));

        assertThatThrownBy(() -> LinkRecordCodec.encode(r)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tabs");
    }

    @Test
    void decode_format2WithTooFewFields_isRejected() {
        assertThatThrownBy(() -> LinkRecordCodec.decode("c", "2\t1\t1\t1\t0\tshort\tk\thttps://x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("format 1, 2, 3 or 4");
    }

    @Test
    void encode_aLinkWithoutMetadata_keepsItsFormatByteForByte() {
        LinkRecord plain = records().get(0);
        assertThat(LinkRecordCodec.encode(plain)).startsWith("1\t");
        assertThat(LinkRecordCodec.encode(new LinkRecord(plain.code(), plain.url(), plain.pool(), plain.ttlSeconds(), plain.permanent(),
                plain.createdAtMillis(), plain.ownerKeyId(), plain.version(), LinkTargets.NONE, LinkMeta.NONE)))
                .isEqualTo(LinkRecordCodec.encode(plain));
        assertThat(LinkRecordCodec.encode(records().get(4))).startsWith("3\t");
    }

    @Test
    void encode_aLinkWithRouting_isFormat4_routingBeforeTheUrl() {
        LinkRecord routed = new LinkRecord("rOut1", "https://example.com/", "short", 60, false, 5L, "k", 1, LinkTargets.NONE, LinkMeta.NONE,
                LinkRouting.NONE.withMaxClicks(100L));

        assertThat(LinkRecordCodec.encode(routed)).isEqualTo("4\t1\t5\t1o\t0\tshort\tk\t\t\t\t\t\t\t\t\t\t\tmc\u001f2s\thttps://example.com/");
    }

    @Test
    void encode_routingWithAControlCharacter_isRejected() {
        LinkRecord bad = new LinkRecord("c", "https://x", "p", 1, false, 1, "k", 1, LinkTargets.NONE, LinkMeta.NONE,
                LinkRouting.NONE.withWindow(null, 5L, "https://x/\u001eb"));
        assertThatThrownBy(() -> LinkRecordCodec.encode(bad)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void decode_unknownRoutingPart_isRejected() {
        String encoded = LinkRecordCodec.encode(records().get(records().size() - 3)).replace("fq\u001f0", "zz\u001f0");
        assertThatThrownBy(() -> LinkRecordCodec.decode("rOut1", encoded)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void encode_aTitleWithATab_isRejected() {
        LinkRecord tabbed = new LinkRecord("c", "https://x", "p", 1, false, 1, "k", 1, LinkTargets.NONE, new LinkMeta("a\tb", List.of(), null));
        assertThatThrownBy(() -> LinkRecordCodec.encode(tabbed)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void decode_unknownFormat_isRejected() {
        String future = "5" + LinkRecordCodec.encode(records().get(0)).substring(1);

        assertThatThrownBy(() -> LinkRecordCodec.decode("aZ3x9", future))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("format 1");
    }

    @Test
    void decode_tooFewFields_isRejected() {
        assertThatThrownBy(() -> LinkRecordCodec.decode("c", "1\t1\t1\t1\t0\tshort\thttps://x"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LinkRecordCodec.decode("c", "")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void decode_corruptNumber_isRejectedNamingTheCode() {
        assertThatThrownBy(() -> LinkRecordCodec.decode("c0de", "1\t!\t1\t1\t0\tshort\tk\thttps://x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("c0de");
    }

    @Test
    void decode_urlContainingTheSeparatorAfterTheLastField_keepsTheRestAsUrl() {
        // The URL is last and split at most 8 ways, so nothing after the owner can shift fields.
        LinkRecord decoded = LinkRecordCodec.decode("c", "1\t1\t1\t1\t0\tshort\tk\thttps://x/\ty");

        assertThat(decoded.url()).isEqualTo("https://x/\ty");
    }
}

package dev.shortcode.core.store;

import java.util.List;

/**
 * The compact text form of a {@link LinkRecord}, as stored in Redis values, stream entries and
 * archive cells: tab-separated fields, numbers in base 36, the URL last. Two formats, named by
 * the first field:
 *
 * <pre>
 * 1 \t version \t createdAt \t ttl \t flags \t pool \t owner \t url
 * 2 \t version \t createdAt \t ttl \t flags \t pool \t owner \t ios \t android \t desktop
 *   \t wechatAppId \t wechatPath \t wechatQuery \t wechatEnvVersion \t url
 * 3 \t (the fields of format 2 up to wechatEnvVersion) \t title \t tags \t externalId \t url
 * 4 \t (the fields of format 3 up to externalId) \t routing \t url
 * </pre>
 *
 * A link without device targets is written in format 1, byte for byte as before targets existed:
 * it costs nothing more, and every record already stored reads as it did. A link with targets is
 * written in format 2: the same first seven fields (the Redis hot store's Lua scripts read
 * version, creation time and TTL from fields 2 to 4 of either format), then the seven target
 * fields, empty for an absent part (a WeChat target is present when its AppID is), then the URL.
 * A link with a title, tags or an external id ({@link LinkMeta}) is written in format 3: format 2's
 * fields (targets empty when it has none), then the title, the tags joined by commas (tags never
 * hold one) and the external id, empty when absent, then the URL. A link with routing
 * ({@link LinkRouting}: query forwarding, validity, click limit, password, split, rules) is written
 * in format 4: format 3's fields, empty where absent, then the routing in its own text form
 * ({@link LinkRoutingCodec}), then the URL. Each format is used only by links that need it, so a
 * link pays only for what it uses. The decoder reads all four.
 *
 * <p>Tabs cannot occur in the fields: codes and pool names are alphanumeric, key ids are
 * generated, and URLs and targets with whitespace or control characters are rejected before they
 * get here (and here too). About 30 bytes beyond the URL (and the targets), readable with
 * {@code redis-cli}.
 */
public final class LinkRecordCodec {

    /** Format of a record without targets: the first field, so the layout can change without a migration. */
    static final String FORMAT = "1";
    /** Format of a record with targets. */
    static final String FORMAT_WITH_TARGETS = "2";
    /** Format of a record with metadata (and targets or not). */
    static final String FORMAT_WITH_META = "3";
    /** Format of a record with routing (and metadata and targets or not). */
    static final String FORMAT_WITH_ROUTING = "4";
    private static final char TAG_SEP = ',';
    private static final char SEP = '\t';
    private static final int PERMANENT_FLAG = 1;
    private static final int FIELDS = 8;
    private static final int FIELDS_WITH_TARGETS = 15;
    private static final int FIELDS_WITH_META = 18;
    private static final int FIELDS_WITH_ROUTING = 19;

    private LinkRecordCodec() {}

    public static String encode(LinkRecord r) {
        if (r.url().indexOf(SEP) >= 0 || r.ownerKeyId().indexOf(SEP) >= 0 || r.pool().indexOf(SEP) >= 0) {
            throw new IllegalArgumentException("fields of link " + r.code() + " must not contain tabs");
        }
        LinkTargets targets = r.targets();
        LinkMeta meta = r.meta();
        boolean withRouting = !r.routing().isEmpty();
        boolean withMeta = withRouting || !meta.isEmpty();
        boolean withTargets = withMeta || !targets.isEmpty();
        StringBuilder out = new StringBuilder(r.url().length() + 48)
                .append(withRouting ? FORMAT_WITH_ROUTING : withMeta ? FORMAT_WITH_META : withTargets ? FORMAT_WITH_TARGETS : FORMAT).append(SEP)
                .append(Long.toString(r.version(), 36)).append(SEP)
                .append(Long.toString(r.createdAtMillis(), 36)).append(SEP)
                .append(Long.toString(r.ttlSeconds(), 36)).append(SEP)
                .append(r.permanent() ? PERMANENT_FLAG : 0).append(SEP)
                .append(r.pool()).append(SEP)
                .append(r.ownerKeyId()).append(SEP);
        if (withTargets) {
            LinkTargets.WeChat wechat = targets.wechat();
            field(out, r, targets.ios());
            field(out, r, targets.android());
            field(out, r, targets.desktop());
            field(out, r, wechat == null ? null : wechat.appId());
            field(out, r, wechat == null ? null : wechat.path());
            field(out, r, wechat == null ? null : wechat.query());
            field(out, r, wechat == null ? null : wechat.envVersion());
        }
        if (withMeta) {
            field(out, r, meta.title());
            field(out, r, meta.tags().isEmpty() ? null : String.join(String.valueOf(TAG_SEP), meta.tags()));
            field(out, r, meta.externalId());
        }
        if (withRouting) {
            field(out, r, LinkRoutingCodec.encode(r.routing()));
        }
        return out.append(r.url()).toString();
    }

    private static void field(StringBuilder out, LinkRecord r, String value) {
        if (value != null) {
            if (value.indexOf(SEP) >= 0) {
                throw new IllegalArgumentException("targets and metadata of link " + r.code() + " must not contain tabs");
            }
            out.append(value);
        }
        out.append(SEP);
    }

    /** What a record's first fields say: enough to key an archive cell by, without decoding the rest. */
    public record Head(long version, long createdAtMillis) {}

    /**
     * The version and creation time of an encoded record, after checking what {@link #decode}
     * would: the format, the number of fields, and the numbers among them. Only the first fields'
     * characters are looked at beyond finding the tabs, and nothing is copied.
     *
     * @throws IllegalArgumentException when the value is not a record of a known format
     */
    public static Head head(String code, String value) {
        int fields = fieldCount(value);
        if (fields < 0) {
            throw notARecord(code);
        }
        int[] tabs = new int[5]; // the tabs after the format, version, creation time, TTL and flags
        int found = 0;
        // As decode splits: the URL is last and keeps whatever follows the last field's tab.
        for (int at = value.indexOf(SEP); at >= 0 && found < fields - 1; at = value.indexOf(SEP, at + 1)) {
            if (found < tabs.length) {
                tabs[found] = at;
            }
            found++;
        }
        if (found < fields - 1) {
            throw notARecord(code);
        }
        try {
            Long.parseLong(value, tabs[2] + 1, tabs[3], 36); // TTL
            Integer.parseInt(value, tabs[3] + 1, tabs[4], 10); // flags
            return new Head(Long.parseLong(value, tabs[0] + 1, tabs[1], 36), Long.parseLong(value, tabs[1] + 1, tabs[2], 36));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("corrupt link record for code " + code + ": " + e.getMessage(), e);
        }
    }

    /** The number of fields of the record's format, or -1 when the value names no known format. */
    private static int fieldCount(String value) {
        if (value.length() < 2 || value.charAt(1) != SEP) {
            return -1;
        }
        return switch (value.charAt(0)) {
            case '1' -> FIELDS;
            case '2' -> FIELDS_WITH_TARGETS;
            case '3' -> FIELDS_WITH_META;
            case '4' -> FIELDS_WITH_ROUTING;
            default -> -1;
        };
    }

    private static IllegalArgumentException notARecord(String code) {
        return new IllegalArgumentException("not a link record of format " + FORMAT + ", " + FORMAT_WITH_TARGETS + ", "
                + FORMAT_WITH_META + " or " + FORMAT_WITH_ROUTING + " for code " + code);
    }

    /**
     * @param code the key the value was stored under (not repeated in the value)
     * @throws IllegalArgumentException when the value is not a record of a known format
     */
    public static LinkRecord decode(String code, String value) {
        int fields = fieldCount(value);
        if (fields < 0) {
            throw notARecord(code);
        }
        String[] f = value.split("\t", fields);
        if (f.length != fields) {
            throw notARecord(code);
        }
        LinkTargets targets = fields >= FIELDS_WITH_TARGETS ? new LinkTargets(f[7], f[8], f[9],
                f[10].isEmpty() ? null : new LinkTargets.WeChat(f[10], f[11], f[12], f[13])) : LinkTargets.NONE;
        LinkMeta meta = fields >= FIELDS_WITH_META ? new LinkMeta(f[14].isEmpty() ? null : f[14],
                f[15].isEmpty() ? List.of() : List.of(f[15].split(String.valueOf(TAG_SEP))), f[16].isEmpty() ? null : f[16])
                : LinkMeta.NONE;
        try {
            LinkRouting routing = fields == FIELDS_WITH_ROUTING ? LinkRoutingCodec.decode(f[17]) : LinkRouting.NONE;
            return new LinkRecord(code, f[fields - 1], f[5], Long.parseLong(f[3], 36),
                    (Integer.parseInt(f[4]) & PERMANENT_FLAG) != 0, Long.parseLong(f[2], 36), f[6], Long.parseLong(f[1], 36),
                    targets, meta, routing);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("corrupt link record for code " + code + ": " + e.getMessage(), e);
        }
    }
}

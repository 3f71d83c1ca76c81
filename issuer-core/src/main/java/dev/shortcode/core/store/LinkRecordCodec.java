package dev.shortcode.core.store;

/**
 * The compact text form of a {@link LinkRecord}, as stored in Redis values, stream entries and
 * archive cells: tab-separated fields, numbers in base 36, the URL last.
 *
 * <pre>1 \t version \t createdAt \t ttl \t flags \t pool \t owner \t url</pre>
 *
 * Tabs cannot occur in the fields: codes and pool names are alphanumeric, key ids are generated,
 * and URLs with whitespace or control characters are rejected before they get here. About 30
 * bytes beyond the URL, readable with {@code redis-cli}.
 */
public final class LinkRecordCodec {

    /** Format version: the first field, so the layout can change without a migration. */
    static final String FORMAT = "1";
    private static final char SEP = '\t';
    private static final int PERMANENT_FLAG = 1;

    private LinkRecordCodec() {}

    public static String encode(LinkRecord r) {
        if (r.url().indexOf(SEP) >= 0 || r.ownerKeyId().indexOf(SEP) >= 0 || r.pool().indexOf(SEP) >= 0) {
            throw new IllegalArgumentException("fields of link " + r.code() + " must not contain tabs");
        }
        return new StringBuilder(r.url().length() + 48)
                .append(FORMAT).append(SEP)
                .append(Long.toString(r.version(), 36)).append(SEP)
                .append(Long.toString(r.createdAtMillis(), 36)).append(SEP)
                .append(Long.toString(r.ttlSeconds(), 36)).append(SEP)
                .append(r.permanent() ? PERMANENT_FLAG : 0).append(SEP)
                .append(r.pool()).append(SEP)
                .append(r.ownerKeyId()).append(SEP)
                .append(r.url())
                .toString();
    }

    /**
     * @param code the key the value was stored under (not repeated in the value)
     * @throws IllegalArgumentException when the value is not a record of a known format
     */
    public static LinkRecord decode(String code, String value) {
        String[] f = value.split("\t", 8);
        if (f.length != 8 || !FORMAT.equals(f[0])) {
            throw new IllegalArgumentException("not a link record of format " + FORMAT + " for code " + code);
        }
        try {
            return new LinkRecord(code, f[7], f[5], Long.parseLong(f[3], 36),
                    (Integer.parseInt(f[4]) & PERMANENT_FLAG) != 0, Long.parseLong(f[2], 36), f[6], Long.parseLong(f[1], 36));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("corrupt link record for code " + code + ": " + e.getMessage(), e);
        }
    }
}

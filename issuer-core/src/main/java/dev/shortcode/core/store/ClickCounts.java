package dev.shortcode.core.store;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Adding counts the way every store does it, so that the caps of {@link ClickRetention} hold the
 * same everywhere: a referrer host not among a bucket's first {@value ClickRetention#MAX_REFERRERS}
 * counts as {@link ClickFields#REFERRER_OTHER}, and an owner's top links are cut back to the
 * {@value ClickRetention#MAX_TOP_LINKS} with the most clicks (the cut ones' clicks stay in the
 * totals). The Redis store does the same in its Lua script.
 */
public final class ClickCounts {

    private ClickCounts() {}

    /** Adds {@code delta} into {@code target} (mutable), applying the caps. */
    public static void add(Map<String, Long> target, Map<String, Long> delta) {
        int referrers = -1;
        boolean links = false;
        for (Map.Entry<String, Long> e : delta.entrySet()) {
            String field = e.getKey();
            long amount = e.getValue();
            if (ClickFields.isReferrer(field) && !field.equals(ClickFields.REFERRER_OTHER) && !target.containsKey(field)) {
                if (referrers < 0) {
                    referrers = countReferrers(target);
                }
                if (referrers >= ClickRetention.MAX_REFERRERS) {
                    field = ClickFields.REFERRER_OTHER;
                } else {
                    referrers++;
                }
            }
            links |= ClickFields.isLink(field);
            target.merge(field, amount, Long::sum);
        }
        if (links) {
            trimLinks(target);
        }
    }

    private static int countReferrers(Map<String, Long> counts) {
        int n = 0;
        for (String field : counts.keySet()) {
            if (ClickFields.isReferrer(field) && !field.equals(ClickFields.REFERRER_OTHER)) {
                n++;
            }
        }
        return n;
    }

    /** Keeps the {@value ClickRetention#MAX_TOP_LINKS} links with the most clicks (ties: the smaller code). */
    static void trimLinks(Map<String, Long> counts) {
        List<Map.Entry<String, Long>> links = new ArrayList<>();
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            if (ClickFields.isLink(e.getKey())) {
                links.add(Map.entry(e.getKey(), e.getValue()));
            }
        }
        if (links.size() <= ClickRetention.MAX_TOP_LINKS) {
            return;
        }
        links.sort(Comparator.<Map.Entry<String, Long>>comparingLong(Map.Entry::getValue).reversed().thenComparing(Map.Entry::getKey));
        for (Map.Entry<String, Long> cut : links.subList(ClickRetention.MAX_TOP_LINKS, links.size())) {
            counts.remove(cut.getKey());
        }
    }
}

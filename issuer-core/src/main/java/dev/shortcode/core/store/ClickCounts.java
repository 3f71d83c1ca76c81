package dev.shortcode.core.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
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

    /**
     * Keeps the {@value ClickRetention#MAX_TOP_LINKS} links with the most clicks (ties: the smaller
     * code). An owner's day gains every clicked link's field with each batch, and the embedded fold
     * adds a minute of batches, one at a time: sorting all of them each time took a fifth of a
     * fold. So the cut is found on the counts alone (a sort of primitives), and only the links
     * tied at it are compared by code.
     */
    static void trimLinks(Map<String, Long> counts) {
        int n = 0;
        for (String field : counts.keySet()) {
            if (ClickFields.isLink(field)) {
                n++;
            }
        }
        if (n <= ClickRetention.MAX_TOP_LINKS) {
            return;
        }
        long[] clicks = new long[n];
        int i = 0;
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            if (ClickFields.isLink(e.getKey())) {
                clicks[i++] = e.getValue();
            }
        }
        Arrays.sort(clicks);
        long cut = clicks[n - ClickRetention.MAX_TOP_LINKS]; // the last kept link's clicks
        int tiedKept = ClickRetention.MAX_TOP_LINKS;
        for (int k = n - 1; k >= 0 && clicks[k] > cut; k--) {
            tiedKept--;
        }
        List<String> tied = new ArrayList<>();
        for (Iterator<Map.Entry<String, Long>> it = counts.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, Long> e = it.next();
            if (ClickFields.isLink(e.getKey())) {
                long c = e.getValue();
                if (c < cut) {
                    it.remove();
                } else if (c == cut) {
                    tied.add(e.getKey());
                }
            }
        }
        if (tied.size() > tiedKept) {
            tied.sort(null);
            for (String field : tied.subList(tiedKept, tied.size())) {
                counts.remove(field);
            }
        }
    }
}

package dev.shortcode.api.stats;

import dev.shortcode.api.agent.DeviceClass;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * What sealing one flush interval allocates: a {@link ClickTally} takes one second of redirects
 * (28,000 by default: Zipf over 10,000 links of one API key, every click a human with its own
 * visitor), then {@link ClickTally#deltas} seals it, and the bytes the sealing thread allocated
 * are printed, round by round. The deltas live until their batch is stored, so this is also what a
 * young collection falling within a flush has to copy. docs/BENCHMARKS.md has the command line.
 *
 * <pre>java -cp ... dev.shortcode.api.stats.ClickSealAllocationMain [clicks per interval] [rounds]</pre>
 */
public final class ClickSealAllocationMain {

    private static final int LINKS = 10_000;
    private static final long HOUR_START = 1_772_323_200_000L + 5 * 3_600_000L;

    private ClickSealAllocationMain() {}

    public static void main(String[] args) {
        int clicks = args.length > 0 ? Integer.parseInt(args[0]) : 28_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        ClickClassifier.Classified human = new ClickClassifier.Classified(false, DeviceClass.DESKTOP, "news.example", false, Optional.empty());
        ClickTally tally = new ClickTally();
        Random random = new Random(1);
        for (int round = 1; round <= rounds; round++) {
            for (int i = 0; i < clicks; i++) {
                // Zipf-like: a link's rank drawn log-uniformly, so low ranks take most clicks
                int link = (int) Math.min(LINKS - 1, Math.floor(Math.pow(LINKS, random.nextDouble())) - 1);
                tally.add(new Click("c" + link, "k1", HOUR_START + i, "ua", "192.0.2.1", null, null, false), human, random.nextLong());
            }
            long before = threads.getCurrentThreadAllocatedBytes();
            List<?> deltas = tally.deltas();
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            System.out.printf("round %d: %,d clicks sealed into %,d deltas, %.2f MB allocated%n", round, clicks, deltas.size(), allocated / 1e6);
            tally.clear();
        }
    }
}

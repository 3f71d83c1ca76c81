package dev.shortcode.api.agent;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The cost of classifying one request's User-Agent: a repeat ({@code classifyCached}, the common
 * case), a UA never seen before through the cache ({@code classifyMiss}) and without it
 * ({@code classifyUncached}), the device class alone ({@code device}, {@code deviceHot}), and, for comparison, the
 * crawler list as one joined regex ({@code botJoinedPattern}), which {@link BotMatcher} replaces.
 * The distinct UAs are real browsers' with a varying version number: people, so no pattern
 * matches early, the dearest case for the crawler list.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class UserAgentsBenchmark {

    private static final List<String> TEMPLATES = List.of(
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.%d Mobile/15E148 Safari/604.1",
            "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.%d.0 Mobile Safari/537.36",
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.%d.0 Safari/537.36",
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.%d Safari/605.1.15",
            "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.%d Chrome/121.0.0.0 Mobile Safari/537.36",
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.%d",
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.%d(0x18003137) NetType/WIFI Language/zh_CN",
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.%d.0 Safari/537.36");

    /** More distinct UAs than the cache holds, so cycling through them misses. */
    private static final int DISTINCT = 1 << 16;

    private UserAgents agents;
    private Pattern joined;
    private String[] repeated;
    private String[] distinct;
    private int next;

    @Setup
    public void setUp() {
        List<String> patterns = CrawlerList.vendored().usable();
        agents = new UserAgents(patterns);
        joined = Pattern.compile(String.join("|", patterns), Pattern.CASE_INSENSITIVE);
        repeated = TEMPLATES.stream().map(t -> String.format(t, 0)).toArray(String[]::new);
        distinct = new String[DISTINCT];
        for (int i = 0; i < DISTINCT; i++) {
            distinct[i] = String.format(TEMPLATES.get(i % TEMPLATES.size()), i);
        }
        for (String ua : repeated) {
            agents.classify(ua);
        }
    }

    @Benchmark
    public Agent classifyCached() {
        return agents.classify(repeated[next++ & 7]);
    }

    @Benchmark
    public Agent classifyMiss() {
        return agents.classify(distinct[next++ & (DISTINCT - 1)]);
    }

    @Benchmark
    public Agent classifyUncached() {
        return agents.compute(distinct[next++ & (DISTINCT - 1)]);
    }

    /** Over the distinct UAs, so most of the cost is fetching a string not in the CPU's caches. */
    @Benchmark
    public DeviceClass device() {
        return UserAgents.device(distinct[next++ & (DISTINCT - 1)]);
    }

    /** Over eight UAs that stay in the CPU's caches, as a request's own UA header is. */
    @Benchmark
    public DeviceClass deviceHot() {
        return UserAgents.device(repeated[next++ & 7]);
    }

    @Benchmark
    public boolean botJoinedPattern() {
        return joined.matcher(distinct[next++ & (DISTINCT - 1)]).find();
    }
}

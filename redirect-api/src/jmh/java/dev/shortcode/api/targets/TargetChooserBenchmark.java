package dev.shortcode.api.targets;

import dev.shortcode.api.agent.UserAgents;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.LinkTargets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What a link with device targets adds to a redirect on the event loop: the choice for a repeated
 * User-Agent (the classifier answers from its cache) over a mix of iPhone, Android, desktop,
 * WeChat and bot clients ({@code chooseCached}), the same choice with the app page built for the
 * clients that get one ({@code chooseAndRender}), and what a link without targets pays: the one
 * emptiness check ({@code noTargets}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class TargetChooserBenchmark {

    private static final String[] CLIENTS = {
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
        "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN",
        "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"};

    private TargetChooser chooser;
    private LinkRecord withTargets;
    private LinkRecord withoutTargets;
    private int next;

    @Setup
    public void setUp() {
        chooser = new TargetChooser(UserAgents.standard());
        withTargets = new LinkRecord("4kT0x9Q", "https://shop.example/item/7", "long", 2_592_000, false, 1L, "k", 1,
                new LinkTargets("jdmobile://item/7", "https://play.google.com/store/apps/details?id=com.example", "https://shop.example/d/7",
                        new LinkTargets.WeChat("wx0123456789abcdef", "pages/item/index", "id=7", "release")));
        withoutTargets = new LinkRecord("4kT0x9R", "https://shop.example/item/8", "long", 2_592_000, false, 1L, "k", 1);
        for (String ua : CLIENTS) {
            chooser.choose(withTargets, ua);
        }
    }

    @Benchmark
    public Choice chooseCached() {
        return chooser.choose(withTargets, CLIENTS[next++ & 7]);
    }

    @Benchmark
    public Object chooseAndRender() {
        Choice choice = chooser.choose(withTargets, CLIENTS[next++ & 7]);
        if (choice instanceof Choice.OpenApp app) {
            return AppLinkPage.html(app.appLink(), app.fallback());
        }
        if (choice instanceof Choice.InsideWeChat wechat) {
            return WeChatPage.html(wechat.fallback());
        }
        return choice;
    }

    @Benchmark
    public boolean noTargets() {
        return withoutTargets.targets().isEmpty();
    }
}

package dev.shortcode.core.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.AbuseReport;
import dev.shortcode.core.store.DenyRule;
import dev.shortcode.core.store.LinkDisable;
import dev.shortcode.core.store.ModerationStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The moderation store on a real RocksDB: rules, disables and merged reports, and that they survive a restart. */
class EmbeddedModerationStoreUnitTests {

    @TempDir
    Path dir;

    private EmbeddedDatabase db;
    private ModerationStore store;

    @BeforeEach
    void open() {
        db = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir));
        store = new EmbeddedModerationStore(db);
    }

    @AfterEach
    void close() {
        db.close();
    }

    private static <T> T join(java.util.concurrent.CompletionStage<T> stage) {
        return stage.toCompletableFuture().join();
    }

    @Test
    void rulesAndDisables_areAddedListedAndRemoved_andSurviveARestart() {
        DenyRule rule = new DenyRule("r_1", DenyRule.Kind.HOST, "evil.example", "phishing\tpage", "k_admin", 10);
        assertThat(join(store.addRule(rule))).isTrue();
        assertThat(join(store.addRule(rule))).as("the same id twice").isFalse();
        join(store.disable(new LinkDisable("abc1234", "spam", "k_admin", 20)));

        db.close();
        db = EmbeddedDatabase.open(EmbeddedOptions.defaults(dir));
        store = new EmbeddedModerationStore(db);
        assertThat(join(store.rules())).singleElement().satisfies(r -> {
            assertThat(r.value()).isEqualTo("evil.example");
            assertThat(r.reason()).as("a tab in free text is cleaned").isEqualTo("phishing page");
        });
        assertThat(join(store.disabled())).extracting(LinkDisable::code).containsExactly("abc1234");

        assertThat(join(store.removeRule("r_1"))).isTrue();
        assertThat(join(store.removeRule("r_1"))).isFalse();
        assertThat(join(store.enable("abc1234"))).isTrue();
        assertThat(join(store.enable("abc1234"))).isFalse();
        assertThat(join(store.rules())).isEmpty();
        assertThat(join(store.disabled())).isEmpty();
    }

    @Test
    void reports_ofOneCode_areMergedIntoOneRecord_evenWhenTheyRace_andResolvedOrForgotten() {
        List<CompletableFuture<AbuseReport>> racing = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            racing.add(store.report("abc1234", "scam " + i, 100 + i).toCompletableFuture());
        }
        racing.forEach(CompletableFuture::join);
        join(store.report("xyz9876", "malware", 500));

        List<AbuseReport> reports = join(store.reports());
        assertThat(reports).extracting(AbuseReport::code).containsExactly("xyz9876", "abc1234");
        assertThat(reports.get(1).count()).isEqualTo(50);
        assertThat(reports.get(1).open()).isTrue();

        assertThat(join(store.resolve("abc1234", "dismissed", "k_admin"))).isTrue();
        assertThat(join(store.resolve("nothing", "dismissed", "k_admin"))).isFalse();
        assertThat(join(store.reports()).get(1).resolution()).isEqualTo("dismissed");
        AbuseReport again = join(store.report("abc1234", "still a scam", 1_000));
        assertThat(again.open()).as("a new report reopens it").isTrue();
        assertThat(again.count()).isEqualTo(51);

        join(store.forget("abc1234"));
        assertThat(join(store.reports())).extracting(AbuseReport::code).containsExactly("xyz9876");
    }
}

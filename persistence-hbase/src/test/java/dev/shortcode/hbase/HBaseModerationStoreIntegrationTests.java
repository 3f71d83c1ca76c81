package dev.shortcode.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.AbuseReport;
import dev.shortcode.core.store.DenyRule;
import dev.shortcode.core.store.LinkDisable;
import dev.shortcode.hbase.testing.HBaseMiniCluster;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The moderation table on the mini cluster, seen by two nodes (two connections): rules, disables, and reports that race. */
class HBaseModerationStoreIntegrationTests {

    private static final HBaseMiniCluster CLUSTER = HBaseMiniCluster.shared();

    private static HBaseStorage nodeA;
    private static HBaseStorage nodeB;

    @BeforeAll
    static void open() {
        HBaseArchiveOptions config = CLUSTER.archiveConfig().namespace(HBaseMiniCluster.uniqueNamespace()).build();
        nodeA = HBaseStorage.open(config);
        nodeB = HBaseStorage.open(config);
    }

    @AfterAll
    static void close() {
        nodeA.close();
        nodeB.close();
    }

    private static <T> T join(CompletionStage<T> stage) {
        return stage.toCompletableFuture().join();
    }

    @Test
    void rulesAndDisables_writtenOnOneNode_areReadOnTheOther() {
        assertThat(join(nodeA.moderation().addRule(new DenyRule("r_a", DenyRule.Kind.PREFIX, "https://x.example/p/", "malware",
                "k_admin", 5)))).isTrue();
        assertThat(join(nodeB.moderation().addRule(new DenyRule("r_a", DenyRule.Kind.HOST, "other.example", "", "k", 6))))
                .as("an id taken on another node").isFalse();
        join(nodeA.moderation().disable(new LinkDisable("code123", "spam", "k_admin", 7)));

        assertThat(join(nodeB.moderation().rules())).extracting(DenyRule::value).containsExactly("https://x.example/p/");
        assertThat(join(nodeB.moderation().disabled())).extracting(LinkDisable::code).contains("code123");
        assertThat(join(nodeB.moderation().removeRule("r_a"))).isTrue();
        assertThat(join(nodeA.moderation().rules())).isEmpty();
        assertThat(join(nodeB.moderation().enable("code123"))).isTrue();
    }

    @Test
    void reports_racingFromTwoNodes_allCount() {
        List<CompletableFuture<AbuseReport>> racing = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            HBaseStorage node = i % 2 == 0 ? nodeA : nodeB;
            racing.add(node.moderation().report("raced12", "scam " + i, 100 + i).toCompletableFuture());
        }
        racing.forEach(CompletableFuture::join);
        assertThat(join(nodeA.moderation().reports())).filteredOn(r -> r.code().equals("raced12")).singleElement()
                .satisfies(r -> assertThat(r.count()).isEqualTo(20));
        assertThat(join(nodeB.moderation().resolve("raced12", "disabled", "k_admin"))).isTrue();
        join(nodeA.moderation().forget("raced12"));
        assertThat(join(nodeB.moderation().reports())).noneMatch(r -> r.code().equals("raced12"));
    }
}

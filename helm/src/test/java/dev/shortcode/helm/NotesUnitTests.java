package dev.shortcode.helm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** NOTES.txt, what `helm install` prints: the commands in it name this release's objects. */
class NotesUnitTests {

    @Test
    void notes_redisRelease_tellHowToReachTheApiTheManagementPortAndTheAdminKey() {
        String output = ChartRelease.withRequiredValues().named("shortcode").installOutput();

        assertThat(output).contains("NOTES:")
                .contains("Storage: Redis (standalone), HBase through ZooKeeper zk.data.svc:2181")
                .contains("kubectl -n shortcode rollout status deployment/shortcode")
                .contains("kubectl -n shortcode get secret shortcode -o jsonpath='{.data.admin-key}' | base64 -d")
                .contains("port-forward service/shortcode 8080:80")
                .contains("port-forward service/shortcode-management 9000:9000")
                .contains("curl -s localhost:9000/q/health/ready");
    }

    @Test
    void notes_existingSecret_readTheAdminKeyFromThatSecret() {
        String output = ChartRelease.withNoValues().values("""
                config: {baseUrl: "https://sho.rt"}
                redis: {mode: cluster}
                hbase: {zookeeperQuorum: "zk.data.svc:2181"}
                secrets: {existingSecret: shortcode-secrets}
                """).installOutput();

        assertThat(output).contains("Storage: Redis Cluster")
                .contains("get secret shortcode-secrets -o jsonpath='{.data.admin-key}'");
    }

    @Test
    void notes_embeddedWithoutAdminKey_readTheGeneratedKeyFromTheVolume() {
        String output = ChartRelease.withNoValues().values("""
                config: {baseUrl: "http://localhost:8080"}
                embedded: {enabled: true}
                """).installOutput();

        assertThat(output).contains("Embedded storage: one pod")
                .contains("exec deployment/links-shortcode -- cat /data/admin.key")
                .doesNotContain("get secret");
    }
}

package dev.shortcode.helm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * values.schema.json and the templates' own checks: a release with a bad value is refused before
 * anything reaches the cluster, and the message names the value, as `helm install` prints it.
 */
class ValuesSchemaUnitTests {

    @Test
    void template_noValues_namesEveryValueAReleaseMustSet() {
        String refusal = ChartRelease.withNoValues().refusal();

        assertThat(refusal).contains("at '/config/baseUrl'", "at '/hbase/zookeeperQuorum'", "at '/redis/uris'",
                "at '/secrets/permutationSecret'", "at '/secrets/adminKey'");
    }

    /** Each row: a values file (one line of flow YAML) and the path the refusal must name. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "replicaCount: three                                    | at '/replicaCount': got string, want integer",
            "replicaCount: 0                                        | at '/replicaCount'",
            "replicas: 3                                            | additional properties 'replicas' not allowed",
            "config: {ttl: P1D}                                     | additional properties 'ttl' not allowed",
            "config: {baseUrl: sho.rt}                              | at '/config/baseUrl'",
            "config: {defaultTtl: 10 days}                          | at '/config/defaultTtl'",
            "config: {defaultTtl: PT}                               | at '/config/defaultTtl'",
            "config: {defaultTtl: P1DT}                             | at '/config/defaultTtl'",
            "config: {redirectStatus: 303}                          | at '/config/redirectStatus'",
            "config: {redirectStatus: '302'}                        | at '/config/redirectStatus'",
            "config: {shutdownTimeoutSeconds: 0}                    | at '/config/shutdownTimeoutSeconds'",
            "config: {eventLoops: -1}                               | at '/config/eventLoops'",
            "redis: {uris: ['10.0.0.5:6379']}                       | at '/redis/uris/0'",
            "redis: {uris: 'redis://a:6379'}                        | at '/redis/uris': got string, want array",
            "redis: {uris: ['redis://a:6379,redis://b:6379']}       | at '/redis/uris/0'",
            "redis: {mode: clustr}                                  | at '/redis/mode'",
            "redis: {mode: true}                                    | at '/redis/mode'",
            "redis: {linkGroups: -1}                                | at '/redis/linkGroups'",
            "hbase: {zookeeperQuorum: zk}                           | at '/hbase/zookeeperQuorum'",
            "hbase: {zookeeperQuorum: 'zk:2181;zk2:2181'}           | at '/hbase/zookeeperQuorum'",
            "secrets: {permutationSecret: too-short}                | at '/secrets/permutationSecret'",
            "secrets: {adminKey: 'an admin key with spaces'}        | at '/secrets/adminKey'",
            "secrets: {existingSecret: Not_A_Name}                  | at '/secrets/existingSecret'",
            "secrets: {existingSecret: mine}                        | at '/secrets/permutationSecret'",
            "secrets: {existingSecret: mine, permutationSecret: '', adminKey: ''} | at '/redis/uris': maxItems: got 1, want 0",
            "embedded: {enabled: true}                              | at '/redis/uris': maxItems",
            "embedded: {enabled: 'true'}                            | at '/embedded/enabled': got string, want boolean",
            "image: {pullPolicy: Sometimes}                         | at '/image/pullPolicy'",
            "image: {repository: 'shortcode:1.0'}                   | at '/image/repository'",
            "resources: {limits: {cpu: two}}                        | at '/resources/limits/cpu'",
            "resources: {limits: {gpu: 1}}                          | additional properties 'gpu' not allowed",
            "autoscaling: {maxReplicas: 0}                          | at '/autoscaling/maxReplicas'",
            "podDisruptionBudget: {maxUnavailable: 150%}            | at '/podDisruptionBudget/maxUnavailable'",
            "podDisruptionBudget: {maxUnavailable: 0}               | at '/podDisruptionBudget/maxUnavailable'",
            "podSecurityContext: {runAsUser: 0}                     | at '/podSecurityContext/runAsUser'",
            "podSecurityContext: {runAsNonRoot: false}              | additional properties 'runAsNonRoot' not allowed",
            "serviceMonitor: {interval: 30}                         | at '/serviceMonitor/interval'",
            "ports: {http: 70000}                                   | at '/ports/http'",
            "probes: {readiness: {periodSeconds: 0}}                | at '/probes/readiness/periodSeconds'",
            "service: {type: ExternalName}                          | at '/service/type'",
            "extraEnv: [{name: 1BAD, value: x}]                     | at '/extraEnv/0/name'",
            "networkPolicy: {egress: {to: []}}                      | at '/networkPolicy/egress': got object, want array",
            "topologySpread: {whenUnsatisfiable: Never}             | at '/topologySpread/whenUnsatisfiable'"})
    void template_badValue_refusedNamingTheValue(String values, String expected) {
        String refusal = ChartRelease.withRequiredValues().values(values).refusal();

        assertThat(refusal).contains(expected);
    }

    @Test
    void template_embeddedWithRedisOrHBaseOrAutoscaling_refusedNamingEach() {
        String refusal = ChartRelease.withRequiredValues().values("""
                embedded: {enabled: true}
                autoscaling: {enabled: true}
                """).refusal();

        assertThat(refusal).contains("at '/redis/uris': maxItems", "at '/hbase/zookeeperQuorum': maxLength",
                "at '/autoscaling/enabled'");
    }

    /** Checks across values that JSON Schema cannot express: the templates fail with the value's name. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "autoscaling: {enabled: true, minReplicas: 5, maxReplicas: 3}   | autoscaling.minReplicas (5) is above autoscaling.maxReplicas (3)",
            "ports: {management: 8080}                                      | ports.management (8080) must differ from ports.http",
            "redis: {uris: ['redis://a:6379', 'redis://b:6379']}            | redis.uris: a standalone Redis takes one URI, got 2"})
    void template_inconsistentValues_refusedNamingTheValue(String values, String expected) {
        String refusal = ChartRelease.withRequiredValues().values(values).refusal();

        assertThat(refusal).contains(expected);
    }

    /** The patterns are not stricter than the service: what it accepts, the chart accepts. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "config: {defaultTtl: permanent}",
            "config: {defaultTtl: PT12H}",
            "config: {defaultTtl: P1DT2H30M}",
            "config: {defaultTtl: PT0.5S}",
            "config: {baseUrl: 'http://localhost:8080'}",
            "config: {baseUrl: 'https://sho.rt/s'}",
            "config: {redirectStatus: 308}",
            "redis: {uris: ['rediss://:p%40ss@redis.data.svc:6380/0']}",
            "redis: {mode: cluster, uris: ['redis://a:6379', 'redis://b:6379']}",
            "hbase: {zookeeperQuorum: 'zk-0.zk:2181,zk-1.zk:2181,10.0.0.7:2181'}",
            "secrets: {adminKey: 'sck_0123456789abcdef!#$%'}",
            "podDisruptionBudget: {maxUnavailable: 25%}",
            "podSecurityContext: {runAsUser: null, runAsGroup: null, fsGroup: null}",
            "resources: {limits: {cpu: 1.5, memory: 1536Mi}}",
            "image: {repository: 'registry.example.com:5000/team/shortcode', tag: 0.1.0-rc.1}"})
    void template_goodValue_accepted(String values) {
        Manifests manifests = ChartRelease.withRequiredValues().values(values).render();

        assertThat(manifests.deployment()).isNotNull();
    }
}

package dev.shortcode.helm;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.autoscaling.v2.MetricSpec;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Releases that change the defaults: each feature the chart offers, rendered and read back. */
class ChartOverridesUnitTests {

    private static final String FULLNAME = "links-shortcode";

    @Test
    void redis_clusterModeWithLinkGroups_setsBothAndKeepsEverySeedUriInTheSecret() {
        Manifests manifests = ChartRelease.withRequiredValues().values("""
                redis:
                  mode: cluster
                  linkGroups: 65536
                  uris:
                    - redis://:pw@redis-0.data.svc:6379
                    - redis://:pw@redis-1.data.svc:6379
                    - redis://:pw@redis-2.data.svc:6379
                """).render();

        assertThat(config(manifests)).containsEntry("SHORTCODE_REDIS_MODE", "cluster").containsEntry("SHORTCODE_REDIS_LINK_GROUPS", "65536")
                .doesNotContainKey("SHORTCODE_REDIS_URIS");
        assertThat(ChartDefaultsUnitTests.secretValue(manifests.get(Secret.class, FULLNAME), env(manifests).get("SHORTCODE_REDIS_URIS")))
                .isEqualTo("redis://:pw@redis-0.data.svc:6379,redis://:pw@redis-1.data.svc:6379,redis://:pw@redis-2.data.svc:6379");
    }

    @Test
    void existingSecret_given_readsEverySecretFromItAndMakesNone() {
        Manifests manifests = ChartRelease.withNoValues().values("""
                config: {baseUrl: "https://sho.rt"}
                hbase: {zookeeperQuorum: "zk.data.svc:2181"}
                secrets: {existingSecret: shortcode-secrets}
                """).render();

        assertThat(manifests.all(Secret.class)).isEmpty();
        Map<String, EnvVar> env = env(manifests);
        assertThat(env).containsOnlyKeys("SHORTCODE_SECRET", "SHORTCODE_ADMIN_KEY", "SHORTCODE_REDIS_URIS",
                "SHORTCODE_REDIS_ARCHIVER_CONSUMER");
        assertThat(env.values()).filteredOn(e -> e.getValueFrom().getSecretKeyRef() != null).hasSize(3).allSatisfy(e -> {
            assertThat(e.getValueFrom().getSecretKeyRef().getName()).isEqualTo("shortcode-secrets");
            // A missing key stops the pod with the key's name instead of starting a misconfigured node.
            assertThat(e.getValueFrom().getSecretKeyRef().getOptional()).isNotEqualTo(Boolean.TRUE);
        });
        assertThat(env.get("SHORTCODE_SECRET").getValueFrom().getSecretKeyRef().getKey()).isEqualTo("permutation-secret");
        assertThat(env.get("SHORTCODE_ADMIN_KEY").getValueFrom().getSecretKeyRef().getKey()).isEqualTo("admin-key");
        assertThat(env.get("SHORTCODE_REDIS_URIS").getValueFrom().getSecretKeyRef().getKey()).isEqualTo("redis-uris");
    }

    @Test
    void autoscaling_enabled_makesAnHpaAndLeavesReplicasToIt() {
        Manifests manifests = ChartRelease.withRequiredValues().values("""
                autoscaling:
                  enabled: true
                  minReplicas: 4
                  maxReplicas: 20
                  targetCPUUtilizationPercentage: 60
                  targetMemoryUtilizationPercentage: 80
                """).render();

        HorizontalPodAutoscaler hpa = manifests.get(HorizontalPodAutoscaler.class, FULLNAME);
        assertThat(hpa.getApiVersion()).isEqualTo("autoscaling/v2");
        assertThat(hpa.getSpec().getScaleTargetRef().getKind()).isEqualTo("Deployment");
        assertThat(hpa.getSpec().getScaleTargetRef().getName()).isEqualTo(manifests.deployment().getMetadata().getName());
        assertThat(hpa.getSpec().getMinReplicas()).isEqualTo(4);
        assertThat(hpa.getSpec().getMaxReplicas()).isEqualTo(20);
        Map<String, Integer> targets = hpa.getSpec().getMetrics().stream().collect(Collectors.toMap(
                (MetricSpec m) -> m.getResource().getName(), m -> m.getResource().getTarget().getAverageUtilization()));
        assertThat(targets).containsExactlyInAnyOrderEntriesOf(Map.of("cpu", 60, "memory", 80));
        // A replicas field would fight the autoscaler on every upgrade.
        assertThat(manifests.deployment().getSpec().getReplicas()).isNull();
    }

    @Test
    void autoscaling_withoutMemoryTarget_scalesOnCpuOnly() {
        Manifests manifests = ChartRelease.withRequiredValues().set("autoscaling.enabled", true).render();

        assertThat(manifests.get(HorizontalPodAutoscaler.class, FULLNAME).getSpec().getMetrics())
                .extracting(m -> m.getResource().getName()).containsExactly("cpu");
    }

    @Test
    void serviceMonitor_enabled_scrapesMetricsOnTheManagementServiceOnly() {
        Manifests manifests = ChartRelease.withRequiredValues().values("""
                serviceMonitor:
                  enabled: true
                  interval: 15s
                  labels: {release: prometheus}
                """).render();

        GenericKubernetesResource monitor = manifests.generic("ServiceMonitor", FULLNAME);
        assertThat(monitor.getApiVersion()).isEqualTo("monitoring.coreos.com/v1");
        assertThat(monitor.getMetadata().getLabels()).containsEntry("release", "prometheus");
        assertThat((String) monitor.get("spec", "endpoints", 0, "port")).isEqualTo("management");
        assertThat((String) monitor.get("spec", "endpoints", 0, "path")).isEqualTo("/q/metrics");
        assertThat((String) monitor.get("spec", "endpoints", 0, "interval")).isEqualTo("15s");
        List<String> namespaces = monitor.get("spec", "namespaceSelector", "matchNames");
        assertThat(namespaces).containsExactly(ChartRelease.NAMESPACE);

        Map<String, String> selector = monitor.get("spec", "selector", "matchLabels");
        Service management = manifests.get(Service.class, FULLNAME + "-management");
        Service api = manifests.get(Service.class, FULLNAME);
        assertThat(management.getMetadata().getLabels()).containsAllEntriesOf(selector);
        assertThat(api.getMetadata().getLabels()).as("the API's Service is not scraped").doesNotContainEntry(
                "app.kubernetes.io/component", selector.get("app.kubernetes.io/component"));
        assertThat(management.getSpec().getPorts()).extracting(p -> p.getName()).containsExactly("management");
    }

    @Test
    void networkPolicy_enabled_letsAnyoneReachHttpAndTheNamespaceReachManagement() {
        Manifests manifests = ChartRelease.withRequiredValues().set("networkPolicy.enabled", true).render();

        NetworkPolicy policy = manifests.get(NetworkPolicy.class, FULLNAME);
        assertThat(policy.getSpec().getPodSelector().getMatchLabels()).isEqualTo(manifests.deployment().getSpec().getSelector().getMatchLabels());
        assertThat(policy.getSpec().getPolicyTypes()).containsExactly("Ingress");
        Map<String, NetworkPolicyIngressRule> byPort = policy.getSpec().getIngress().stream()
                .collect(Collectors.toMap(r -> r.getPorts().get(0).getPort().getStrVal(), Function.identity()));
        assertThat(byPort).containsOnlyKeys("http", "management");
        assertThat(byPort.get("http").getFrom()).isNullOrEmpty();
        assertThat(byPort.get("management").getFrom()).singleElement().satisfies(peer -> {
            assertThat(peer.getPodSelector()).isNotNull();
            assertThat(peer.getPodSelector().getMatchLabels()).isNullOrEmpty();
            assertThat(peer.getNamespaceSelector()).isNull();
        });
    }

    @Test
    void networkPolicy_withPeersAndEgress_restrictsToThemPlusDns() {
        Manifests manifests = ChartRelease.withRequiredValues().values("""
                networkPolicy:
                  enabled: true
                  httpFrom:
                    - namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: ingress-nginx}}
                  managementFrom:
                    - namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: monitoring}}
                  egress:
                    - to: [{ipBlock: {cidr: 10.20.0.0/16}}]
                      ports: [{port: 6379, protocol: TCP}, {port: 2181, protocol: TCP}, {port: 16020, protocol: TCP}]
                """).render();

        NetworkPolicy policy = manifests.get(NetworkPolicy.class, FULLNAME);
        assertThat(policy.getSpec().getPolicyTypes()).containsExactly("Ingress", "Egress");
        assertThat(policy.getSpec().getIngress()).allSatisfy(rule -> assertThat(rule.getFrom()).singleElement()
                .satisfies(peer -> assertThat(peer.getNamespaceSelector()).isNotNull()));
        assertThat(policy.getSpec().getEgress()).hasSize(2);
        assertThat(policy.getSpec().getEgress().get(0).getPorts()).extracting(p -> p.getPort().getIntVal()).containsOnly(53);
        assertThat(policy.getSpec().getEgress().get(1).getTo().get(0).getIpBlock().getCidr()).isEqualTo("10.20.0.0/16");
        assertThat(UnknownFields.in(policy)).isEmpty();
    }

    @Test
    void embedded_enabled_runsOnePodOnAVolumeWithoutRedisOrHBase() {
        Manifests manifests = ChartRelease.withNoValues().values("""
                config: {baseUrl: "http://localhost:8080"}
                embedded: {enabled: true, persistence: {size: 2Gi, storageClassName: fast}}
                replicaCount: 3
                """).render();

        Deployment deployment = manifests.deployment();
        assertThat(deployment.getSpec().getReplicas()).as("one RocksDB, one pod").isEqualTo(1);
        assertThat(deployment.getSpec().getStrategy().getType()).isEqualTo("Recreate");
        PersistentVolumeClaim claim = manifests.get(PersistentVolumeClaim.class, FULLNAME + "-data");
        assertThat(claim.getSpec().getResources().getRequests().get("storage").toString()).isEqualTo("2Gi");
        assertThat(claim.getSpec().getStorageClassName()).isEqualTo("fast");
        assertThat(claim.getSpec().getAccessModes()).containsExactly("ReadWriteOnce");
        assertThat(claim.getMetadata().getAnnotations()).as("uninstall keeps the links").containsEntry("helm.sh/resource-policy", "keep");

        PodSpec pod = deployment.getSpec().getTemplate().getSpec();
        Map<String, Volume> volumes = pod.getVolumes().stream().collect(Collectors.toMap(Volume::getName, Function.identity()));
        assertThat(volumes.get("data").getPersistentVolumeClaim().getClaimName()).isEqualTo(claim.getMetadata().getName());
        assertThat(config(manifests)).containsEntry("SHORTCODE_DATA_DIR", "/data")
                .doesNotContainKeys("SHORTCODE_REDIS_MODE", "SHORTCODE_HBASE_ZOOKEEPER_QUORUM");
        // The secret and the admin key are generated into the volume on first start.
        assertThat(manifests.container().getEnv()).isNullOrEmpty();
        assertThat(manifests.all(Secret.class)).isEmpty();
        assertThat(manifests.has("PodDisruptionBudget")).as("a PDB on one pod blocks every node drain").isFalse();
        assertThat(pod.getTopologySpreadConstraints()).isNullOrEmpty();
    }

    @Test
    void embedded_withExistingSecret_readsTheSecretsIfThereAndGeneratesThemIfNot() {
        Manifests manifests = ChartRelease.withNoValues().values("""
                config: {baseUrl: "https://sho.rt"}
                embedded: {enabled: true}
                secrets: {existingSecret: mine}
                """).render();

        Map<String, EnvVar> env = env(manifests);
        assertThat(env).containsOnlyKeys("SHORTCODE_SECRET", "SHORTCODE_ADMIN_KEY");
        assertThat(env.values()).allSatisfy(e -> {
            assertThat(e.getValueFrom().getSecretKeyRef().getName()).isEqualTo("mine");
            assertThat(e.getValueFrom().getSecretKeyRef().getOptional()).isTrue();
        });
    }

    @Test
    void extraEnv_given_isAddedAfterTheChartsOwn() {
        Manifests manifests = ChartRelease.withRequiredValues().values("""
                extraEnv:
                  - name: SHORTCODE_POOLS_SHORT_LENGTH
                    value: "5"
                  - name: JDK_JAVA_OPTIONS
                    valueFrom: {configMapKeyRef: {name: jvm, key: options}}
                """).render();

        List<EnvVar> env = manifests.container().getEnv();
        assertThat(env).extracting(EnvVar::getName).endsWith("SHORTCODE_POOLS_SHORT_LENGTH", "JDK_JAVA_OPTIONS");
        assertThat(env.get(env.size() - 2).getValue()).isEqualTo("5");
        assertThat(env.get(env.size() - 1).getValueFrom().getConfigMapKeyRef().getName()).isEqualTo("jvm");
    }

    @ParameterizedTest(name = "limits {0}, requests {1}, eventLoops {2} -> {3}")
    @CsvSource(nullValues = "null", value = {
            "2, 1, 0, 2",
            "1500m, 500m, 0, 2",
            "null, 500m, 0, 1",
            "null, 3, 0, 3",
            "250m, 250m, 0, 1",
            "2, 1, 6, 6",
            "null, null, 0, null"})
    void eventLoops_fromTheCpuTheContainerMayUse_oneLoopPerCpuRoundedUp(String limit, String request, int eventLoops, String expected) {
        String resources = "resources:\n  limits:" + (limit == null ? " {}" : "\n    cpu: \"" + limit + "\"")
                + "\n  requests:" + (request == null ? " {}" : "\n    cpu: \"" + request + "\"") + "\n";
        // The defaults' cpu values are removed by null, as with --set resources.limits.cpu=null.
        Manifests manifests = ChartRelease.withRequiredValues()
                .values("resources: {limits: {cpu: null}, requests: {cpu: null}}")
                .values(resources).set("config.eventLoops", eventLoops).render();

        assertThat(config(manifests).get("QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE")).isEqualTo(expected);
    }

    @ParameterizedTest(name = "preStop {0} s, shutdown {1} s")
    @CsvSource({"0, 1", "5, 20", "8, 45", "30, 600"})
    void shutdown_anyTimeout_graceCoversTheSleepTheTimeoutAndAMargin(int preStop, int timeout) {
        Manifests manifests = ChartRelease.withRequiredValues()
                .set("config.preStopSleepSeconds", preStop).set("config.shutdownTimeoutSeconds", timeout).render();

        assertThat(config(manifests)).containsEntry("QUARKUS_SHUTDOWN_TIMEOUT", timeout + "s");
        assertThat(manifests.container().getLifecycle().getPreStop().getExec().getCommand()).containsExactly("sleep", Integer.toString(preStop));
        long grace = manifests.deployment().getSpec().getTemplate().getSpec().getTerminationGracePeriodSeconds();
        // The preStop hook runs inside the grace period; SIGKILL must not land before the service's own deadline.
        assertThat(grace).isEqualTo(preStop + timeout + 10L);
    }

    @Test
    void checksum_aChangedValue_rollsThePods() {
        Map<String, String> before = ChartRelease.withRequiredValues().render().deployment().getSpec().getTemplate().getMetadata().getAnnotations();
        Map<String, String> config = ChartRelease.withRequiredValues().set("config.defaultTtl", "P30D").render()
                .deployment().getSpec().getTemplate().getMetadata().getAnnotations();
        Map<String, String> secret = ChartRelease.withRequiredValues().set("secrets.adminKey", "sck_another-admin-key-0123")
                .render().deployment().getSpec().getTemplate().getMetadata().getAnnotations();

        assertThat(config.get("checksum/config")).isNotEqualTo(before.get("checksum/config"));
        assertThat(config.get("checksum/secret")).isEqualTo(before.get("checksum/secret"));
        assertThat(secret.get("checksum/secret")).isNotEqualTo(before.get("checksum/secret"));
    }

    @Test
    void names_fromTheReleaseName_holdTheChartsNameOnce() {
        assertThat(ChartRelease.withRequiredValues().render().deployment().getMetadata().getName()).isEqualTo("links-shortcode");
        assertThat(ChartRelease.withRequiredValues().named("shortcode").render().deployment().getMetadata().getName()).isEqualTo("shortcode");
        assertThat(ChartRelease.withRequiredValues().named("shortcode-eu").render().deployment().getMetadata().getName()).isEqualTo("shortcode-eu");

        Manifests overridden = ChartRelease.withRequiredValues().set("fullnameOverride", "sc").render();
        assertThat(overridden.kindsAndNames()).contains("Deployment/sc", "Service/sc", "Service/sc-management", "ConfigMap/sc", "Secret/sc");
        assertThat(overridden.container().getEnvFrom().get(0).getConfigMapRef().getName()).isEqualTo("sc");
        assertThat(overridden.container().getEnv()).filteredOn(e -> e.getValueFrom().getSecretKeyRef() != null).isNotEmpty()
                .allSatisfy(e -> assertThat(e.getValueFrom().getSecretKeyRef().getName()).isEqualTo("sc"));
    }

    @Test
    void render_everyOptionOn_usesOnlyFieldsKubernetesKnows() {
        Manifests manifests = ChartRelease.withRequiredValues().values("""
                autoscaling: {enabled: true, targetMemoryUtilizationPercentage: 75}
                serviceMonitor: {enabled: true}
                networkPolicy: {enabled: true, egress: [{to: [{ipBlock: {cidr: 10.0.0.0/8}}]}]}
                service: {type: LoadBalancer, annotations: {a: b}}
                serviceAccount: {annotations: {c: d}}
                extraEnv: [{name: A, value: b}]
                imagePullSecrets: [{name: registry}]
                priorityClassName: high
                podAnnotations: {e: f}
                podLabels: {team: links}
                nodeSelector: {pool: general}
                tolerations: [{key: dedicated, operator: Equal, value: links, effect: NoSchedule}]
                affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [{key: zone, operator: In, values: [a]}]}]}}}
                """).render();

        assertThat(manifests.kindsAndNames()).contains("HorizontalPodAutoscaler/" + FULLNAME, "ServiceMonitor/" + FULLNAME,
                "NetworkPolicy/" + FULLNAME);
        for (HasMetadata object : manifests.objects()) {
            assertThat(UnknownFields.in(object)).as(object.getKind()).isEmpty();
        }
        PodSpec pod = manifests.deployment().getSpec().getTemplate().getSpec();
        assertThat(pod.getPriorityClassName()).isEqualTo("high");
        assertThat(pod.getImagePullSecrets()).extracting(s -> s.getName()).containsExactly("registry");
        assertThat(manifests.deployment().getSpec().getTemplate().getMetadata().getLabels()).containsEntry("team", "links");
    }

    private static Map<String, String> config(Manifests manifests) {
        return manifests.get(ConfigMap.class, FULLNAME).getData();
    }

    private static Map<String, EnvVar> env(Manifests manifests) {
        List<EnvVar> env = manifests.container().getEnv();
        return env == null ? Map.of() : env.stream().collect(Collectors.toMap(EnvVar::getName, Function.identity()));
    }
}

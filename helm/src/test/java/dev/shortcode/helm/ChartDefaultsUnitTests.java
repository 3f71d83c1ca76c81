package dev.shortcode.helm;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** A release with the required values and the chart's defaults for everything else, rendered once. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ChartDefaultsUnitTests {

    private static final String FULLNAME = "links-shortcode";

    private final Manifests manifests = ChartRelease.withRequiredValues().render();

    @Test
    void render_defaults_makeTheObjectsOfARedisRelease() {
        assertThat(manifests.kindsAndNames()).containsExactlyInAnyOrder(
                "ServiceAccount/" + FULLNAME, "Secret/" + FULLNAME, "ConfigMap/" + FULLNAME, "Service/" + FULLNAME,
                "Service/" + FULLNAME + "-management", "Deployment/" + FULLNAME, "PodDisruptionBudget/" + FULLNAME);
    }

    @Test
    void render_defaults_useOnlyFieldsKubernetesKnows() {
        for (HasMetadata object : manifests.objects()) {
            assertThat(UnknownFields.in(object)).as(object.getKind()).isEmpty();
        }
    }

    @Test
    void deployment_defaults_runThreeReplicasAndNeverDropOneDuringAnUpdate() {
        Deployment deployment = manifests.deployment();

        assertThat(deployment.getSpec().getReplicas()).isEqualTo(3);
        assertThat(deployment.getSpec().getStrategy().getType()).isEqualTo("RollingUpdate");
        assertThat(deployment.getSpec().getStrategy().getRollingUpdate().getMaxUnavailable().getIntVal()).isZero();
        assertThat(deployment.getSpec().getStrategy().getRollingUpdate().getMaxSurge().getStrVal()).isEqualTo("25%");
    }

    @Test
    void container_defaults_exposeHttpAndManagementPorts() {
        Map<String, Integer> ports = manifests.container().getPorts().stream()
                .collect(Collectors.toMap(p -> p.getName(), p -> p.getContainerPort()));

        assertThat(ports).containsExactlyInAnyOrderEntriesOf(Map.of("http", 8080, "management", 9000));
        assertThat(configData()).containsEntry("QUARKUS_HTTP_PORT", "8080").containsEntry("QUARKUS_MANAGEMENT_PORT", "9000");
    }

    @Test
    void probes_defaults_askTheHealthEndpointsOnTheManagementPort() {
        Container container = manifests.container();

        assertProbe(container.getStartupProbe(), "/q/health/started");
        assertProbe(container.getLivenessProbe(), "/q/health/live");
        assertProbe(container.getReadinessProbe(), "/q/health/ready");
        // The first start creates the HBase tables: the startup probe allows minutes, not seconds.
        Probe startup = container.getStartupProbe();
        assertThat(startup.getPeriodSeconds() * startup.getFailureThreshold()).isGreaterThanOrEqualTo(120);
    }

    private static void assertProbe(Probe probe, String path) {
        assertThat(probe).as(path).isNotNull();
        assertThat(probe.getHttpGet().getPath()).isEqualTo(path);
        assertThat(probe.getHttpGet().getPort().getStrVal()).as(path).isEqualTo("management");
        assertThat(probe.getTimeoutSeconds()).as(path).isPositive();
    }

    @Test
    void securityContext_defaults_runAsNonRootWithNothingWritableButTwoEmptyDirs() {
        PodSpec pod = manifests.deployment().getSpec().getTemplate().getSpec();
        PodSecurityContext podContext = pod.getSecurityContext();
        assertThat(podContext.getRunAsNonRoot()).isTrue();
        assertThat(podContext.getRunAsUser()).isEqualTo(10001L);
        assertThat(podContext.getRunAsGroup()).isEqualTo(10001L);
        assertThat(podContext.getSeccompProfile().getType()).isEqualTo("RuntimeDefault");

        SecurityContext container = manifests.container().getSecurityContext();
        assertThat(container.getRunAsNonRoot()).isTrue();
        assertThat(container.getReadOnlyRootFilesystem()).isTrue();
        assertThat(container.getAllowPrivilegeEscalation()).isFalse();
        assertThat(container.getPrivileged()).isNotEqualTo(Boolean.TRUE);
        assertThat(container.getCapabilities().getDrop()).containsExactly("ALL");
        assertThat(container.getCapabilities().getAdd()).isNullOrEmpty();

        Map<String, String> mounts = manifests.container().getVolumeMounts().stream()
                .collect(Collectors.toMap(VolumeMount::getMountPath, VolumeMount::getName));
        assertThat(mounts).containsOnlyKeys("/tmp", "/data");
        Map<String, Volume> volumes = pod.getVolumes().stream().collect(Collectors.toMap(Volume::getName, Function.identity()));
        assertThat(volumes.get(mounts.get("/tmp")).getEmptyDir()).isNotNull();
        assertThat(volumes.get(mounts.get("/data")).getEmptyDir()).isNotNull();
        assertThat(configData()).containsEntry("SHORTCODE_DATA_DIR", "/data");
    }

    @Test
    void serviceAccount_defaults_mountNoToken() {
        PodSpec pod = manifests.deployment().getSpec().getTemplate().getSpec();

        assertThat(pod.getAutomountServiceAccountToken()).isFalse();
        assertThat(pod.getServiceAccountName()).isEqualTo(FULLNAME);
        assertThat(manifests.get(ServiceAccount.class, FULLNAME).getAutomountServiceAccountToken()).isFalse();
        // No SHORTCODE_*_PORT variables from the namespace's Services in the service's configuration.
        assertThat(pod.getEnableServiceLinks()).isFalse();
    }

    @Test
    void env_defaults_configureRedisAndHBaseWithSecretsFromTheSecret() {
        Container container = manifests.container();
        assertThat(container.getEnvFrom()).singleElement()
                .satisfies(from -> assertThat(from.getConfigMapRef().getName()).isEqualTo(FULLNAME));
        assertThat(configData())
                .containsEntry("SHORTCODE_BASE_URL", "https://sho.rt")
                .containsEntry("SHORTCODE_REDIS_MODE", "standalone")
                .containsEntry("SHORTCODE_REDIS_LINK_GROUPS", "0")
                .containsEntry("SHORTCODE_HBASE_ZOOKEEPER_QUORUM", "zk.data.svc:2181")
                .containsEntry("SHORTCODE_DEFAULT_TTL", "P10D")
                .containsEntry("SHORTCODE_REDIRECT_STATUS", "302")
                .doesNotContainKeys("SHORTCODE_SECRET", "SHORTCODE_ADMIN_KEY", "SHORTCODE_REDIS_URIS");

        Map<String, EnvVar> env = container.getEnv().stream().collect(Collectors.toMap(EnvVar::getName, Function.identity()));
        assertThat(env).containsOnlyKeys("SHORTCODE_SECRET", "SHORTCODE_ADMIN_KEY", "SHORTCODE_REDIS_URIS",
                "SHORTCODE_REDIS_ARCHIVER_CONSUMER");
        // Each pod's archivers under the pod's own name: a restarted container finishes its own pending entries.
        assertThat(env.get("SHORTCODE_REDIS_ARCHIVER_CONSUMER").getValueFrom().getFieldRef().getFieldPath()).isEqualTo("metadata.name");
        Secret secret = manifests.get(Secret.class, FULLNAME);
        assertThat(secretValue(secret, env.get("SHORTCODE_SECRET"))).isEqualTo("permutation-secret-of-32-bytes!");
        assertThat(secretValue(secret, env.get("SHORTCODE_ADMIN_KEY"))).isEqualTo("sck_admin-key-of-the-test-release");
        assertThat(secretValue(secret, env.get("SHORTCODE_REDIS_URIS"))).isEqualTo("redis://redis.data.svc:6379");
        assertThat(env.values()).filteredOn(e -> e.getValueFrom().getSecretKeyRef() != null).hasSize(3)
                .allSatisfy(e -> assertThat(e.getValueFrom().getSecretKeyRef().getOptional()).isNotEqualTo(Boolean.TRUE));
    }

    static String secretValue(Secret secret, EnvVar env) {
        assertThat(env.getValueFrom().getSecretKeyRef().getName()).isEqualTo(secret.getMetadata().getName());
        String encoded = secret.getData().get(env.getValueFrom().getSecretKeyRef().getKey());
        assertThat(encoded).as("key " + env.getValueFrom().getSecretKeyRef().getKey() + " of the Secret").isNotNull();
        return new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
    }

    @Test
    void eventLoops_defaults_oneLoopPerCpuOfTheLimit() {
        assertThat(configData()).containsEntry("QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE", "2");
        assertThat(manifests.container().getResources().getLimits().get("cpu").toString()).isEqualTo("2");
    }

    @Test
    void shutdown_defaults_graceCoversThePreStopSleepAndTheShutdownTimeout() {
        PodSpec pod = manifests.deployment().getSpec().getTemplate().getSpec();

        assertThat(configData()).containsEntry("QUARKUS_SHUTDOWN_TIMEOUT", "20s");
        assertThat(manifests.container().getLifecycle().getPreStop().getExec().getCommand()).containsExactly("sleep", "5");
        assertThat(pod.getTerminationGracePeriodSeconds()).isEqualTo(5 + 20 + 10L);
    }

    @Test
    void labels_everyObject_carriesTheStandardLabels() {
        for (HasMetadata object : manifests.objects()) {
            assertThat(object.getMetadata().getLabels()).as(object.getKind())
                    .containsEntry("app.kubernetes.io/name", "shortcode")
                    .containsEntry("app.kubernetes.io/instance", ChartRelease.NAME)
                    .containsEntry("app.kubernetes.io/version", "0.1.0")
                    .containsEntry("app.kubernetes.io/part-of", "shortcode")
                    .containsEntry("app.kubernetes.io/managed-by", "Helm")
                    .containsEntry("helm.sh/chart", "shortcode-0.1.0")
                    .containsKey("app.kubernetes.io/component");
        }
        Map<String, String> podLabels = manifests.deployment().getSpec().getTemplate().getMetadata().getLabels();
        assertThat(podLabels).containsAllEntriesOf(manifests.deployment().getSpec().getSelector().getMatchLabels());
        assertThat(manifests.deployment().getSpec().getSelector().getMatchLabels())
                .as("an immutable selector holds no version").doesNotContainKey("app.kubernetes.io/version");
    }

    @Test
    void services_defaults_exposeTheApiAndManagementApart() {
        Map<String, String> podLabels = manifests.deployment().getSpec().getTemplate().getMetadata().getLabels();
        Service api = manifests.get(Service.class, FULLNAME);
        Service management = manifests.get(Service.class, FULLNAME + "-management");

        assertThat(api.getSpec().getPorts()).extracting(ServicePort::getName).containsExactly("http");
        assertThat(api.getSpec().getPorts().get(0).getPort()).isEqualTo(80);
        assertThat(api.getSpec().getPorts().get(0).getTargetPort().getStrVal()).isEqualTo("http");
        assertThat(management.getSpec().getType()).isEqualTo("ClusterIP");
        assertThat(management.getSpec().getPorts()).extracting(ServicePort::getName).containsExactly("management");
        assertThat(management.getSpec().getPorts().get(0).getTargetPort().getStrVal()).isEqualTo("management");
        assertThat(podLabels).containsAllEntriesOf(api.getSpec().getSelector()).containsAllEntriesOf(management.getSpec().getSelector());
    }

    @Test
    void podDisruptionBudget_defaults_letOnePodGoAtATime() {
        PodDisruptionBudget pdb = manifests.get(PodDisruptionBudget.class, FULLNAME);

        assertThat(pdb.getApiVersion()).isEqualTo("policy/v1");
        assertThat(pdb.getSpec().getMaxUnavailable().getIntVal()).isEqualTo(1);
        assertThat(manifests.deployment().getSpec().getTemplate().getMetadata().getLabels())
                .containsAllEntriesOf(pdb.getSpec().getSelector().getMatchLabels());
    }

    @Test
    void topologySpread_defaults_preferOnePodPerNode() {
        PodSpec pod = manifests.deployment().getSpec().getTemplate().getSpec();

        assertThat(pod.getTopologySpreadConstraints()).singleElement().satisfies(c -> {
            assertThat(c.getTopologyKey()).isEqualTo("kubernetes.io/hostname");
            assertThat(c.getWhenUnsatisfiable()).isEqualTo("ScheduleAnyway");
            assertThat(c.getLabelSelector().getMatchLabels()).isEqualTo(manifests.deployment().getSpec().getSelector().getMatchLabels());
        });
    }

    @Test
    void image_defaults_isTheChartsAppVersion() {
        assertThat(manifests.container().getImage()).isEqualTo("shortcode:0.1.0");
    }

    private Map<String, String> configData() {
        return manifests.get(ConfigMap.class, FULLNAME).getData();
    }
}

package dev.shortcode.helm;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.List;
import java.util.Optional;

/**
 * The documents of one rendering, read into fabric8's Kubernetes model: a typed object per known
 * kind, a {@link GenericKubernetesResource} for the others (the ServiceMonitor).
 */
record Manifests(String text, List<HasMetadata> objects) {

    private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

    static Manifests parse(String text) {
        Object parsed = SERIALIZATION.unmarshal(text);
        List<HasMetadata> objects;
        if (parsed == null) {
            objects = List.of();
        } else if (parsed instanceof List<?> list) {
            objects = list.stream().map(HasMetadata.class::cast).toList();
        } else {
            objects = List.of((HasMetadata) parsed);
        }
        return new Manifests(text, objects);
    }

    /** The one object of this type and name; fails if there is none. */
    <T extends HasMetadata> T get(Class<T> type, String name) {
        return find(type, name).orElseThrow(() -> new AssertionError("no " + type.getSimpleName() + " '" + name
                + "' in the rendering; it has " + kindsAndNames()));
    }

    <T extends HasMetadata> Optional<T> find(Class<T> type, String name) {
        return all(type).stream().filter(o -> name.equals(o.getMetadata().getName())).findFirst();
    }

    <T extends HasMetadata> List<T> all(Class<T> type) {
        return objects.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** A resource of a kind the model does not know, by kind and name. */
    GenericKubernetesResource generic(String kind, String name) {
        return all(GenericKubernetesResource.class).stream()
                .filter(o -> kind.equals(o.getKind()) && name.equals(o.getMetadata().getName()))
                .findFirst().orElseThrow(() -> new AssertionError("no " + kind + " '" + name + "'; the rendering has " + kindsAndNames()));
    }

    boolean has(String kind) {
        return objects.stream().anyMatch(o -> kind.equals(o.getKind()));
    }

    /** The release's Deployment (every rendering has exactly one). */
    Deployment deployment() {
        List<Deployment> deployments = all(Deployment.class);
        if (deployments.size() != 1) {
            throw new AssertionError("expected one Deployment, got " + kindsAndNames());
        }
        return deployments.get(0);
    }

    /** The service's container in the Deployment. */
    Container container() {
        return deployment().getSpec().getTemplate().getSpec().getContainers().stream()
                .filter(c -> c.getName().equals("shortcode")).findFirst()
                .orElseThrow(() -> new AssertionError("no container 'shortcode' in the Deployment"));
    }

    List<String> kindsAndNames() {
        return objects.stream().map(o -> o.getKind() + "/" + o.getMetadata().getName()).toList();
    }
}

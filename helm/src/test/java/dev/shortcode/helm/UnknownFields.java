package dev.shortcode.helm;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fields of a rendered object that Kubernetes does not know. The model keeps what it cannot map
 * in {@code additionalProperties} instead of failing, so a misspelt field in a template
 * ({@code readOnlyRootFilesytem}) would be silently ignored by the tests, and by the API server.
 * This walks the typed objects and lists every such field with its path.
 */
final class UnknownFields {

    private UnknownFields() {}

    static List<String> in(HasMetadata object) {
        List<String> found = new ArrayList<>();
        if (!(object instanceof GenericKubernetesResource)) {
            walk(object, object.getKind() + "/" + object.getMetadata().getName(), found, new IdentityHashMap<>());
        }
        return found;
    }

    private static void walk(Object value, String path, List<String> found, Map<Object, Boolean> seen) {
        if (value == null || seen.put(value, Boolean.TRUE) != null) {
            return;
        }
        if (value instanceof Collection<?> items) {
            int i = 0;
            for (Object item : items) {
                walk(item, path + "[" + i++ + "]", found, seen);
            }
            return;
        }
        if (value instanceof Map<?, ?> map) {
            map.forEach((k, v) -> walk(v, path + "." + k, found, seen));
            return;
        }
        if (!value.getClass().getName().startsWith("io.fabric8.kubernetes.api.model")) {
            return;
        }
        for (Method getter : value.getClass().getMethods()) {
            if (getter.getParameterCount() != 0 || Modifier.isStatic(getter.getModifiers())
                    || !getter.getName().startsWith("get") || getter.getName().equals("getClass")) {
                continue;
            }
            Object child;
            try {
                child = getter.invoke(value);
            } catch (IllegalAccessException | InvocationTargetException e) {
                continue;
            }
            if (getter.getName().equals("getAdditionalProperties")) {
                if (child instanceof Map<?, ?> extra && !extra.isEmpty()) {
                    found.add(path + ": " + extra.keySet());
                }
            } else {
                walk(child, path + "." + decapitalize(getter.getName().substring(3)), found, seen);
            }
        }
    }

    private static String decapitalize(String name) {
        return name.isEmpty() ? name : Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }
}

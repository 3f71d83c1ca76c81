package dev.shortcode.api.http;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The capacity tests' profiles: the stores measured every second, so the tests need not wait 30. */
final class CapacityProfiles {

    static final String REFRESH = "PT1S";

    private CapacityProfiles() {}

    static Map<String, String> withFastRefresh(Map<String, String> overrides) {
        Map<String, String> all = new HashMap<>(overrides);
        all.put("shortcode.capacity.refresh", REFRESH);
        return all;
    }

    public static class Embedded extends EmbeddedProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return withFastRefresh(super.getConfigOverrides());
        }
    }

    public static class Distributed extends DistributedProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return withFastRefresh(super.getConfigOverrides());
        }
    }

    public static class DistributedCluster extends Distributed {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(RedisHBaseResource.class, Map.of(RedisHBaseResource.CLUSTER, "true")));
        }
    }
}

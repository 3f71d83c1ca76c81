package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/** The service on a 3-master Redis Cluster + HBase, all real, started by {@link RedisHBaseResource}. */
public class DistributedClusterProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("shortcode.base-url", "http://localhost:8080");
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(RedisHBaseResource.class, Map.of(RedisHBaseResource.CLUSTER, "true")));
    }
}

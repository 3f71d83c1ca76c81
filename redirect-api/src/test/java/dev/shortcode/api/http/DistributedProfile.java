package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/**
 * The service on Redis + HBase, both real, started by {@link RedisHBaseResource}; the stores
 * measured every second, as in {@link EmbeddedProfile}, for the capacity tests.
 */
public class DistributedProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("shortcode.base-url", "http://localhost:8080",
                "shortcode.capacity.refresh", EmbeddedProfile.CAPACITY_REFRESH);
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(RedisHBaseResource.class));
    }
}

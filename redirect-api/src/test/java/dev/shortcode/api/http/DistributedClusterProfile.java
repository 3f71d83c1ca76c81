package dev.shortcode.api.http;

import java.util.List;
import java.util.Map;

/** Like {@link DistributedProfile}, on a 3-master Redis Cluster. */
public class DistributedClusterProfile extends DistributedProfile {

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(RedisHBaseResource.class, Map.of(RedisHBaseResource.CLUSTER, "true")));
    }
}

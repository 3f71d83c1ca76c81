package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/**
 * Routing on a real 3-master Redis Cluster + HBase: the click limits' counters and the password
 * attempts' limits are keys of their own slots, the split's salt and the records travel as on a
 * standalone Redis.
 */
@QuarkusTest
@TestProfile(DistributedClusterProfile.class)
class DistributedClusterLinkRoutingApiIntegrationTests extends AbstractLinkRoutingApiTests {}

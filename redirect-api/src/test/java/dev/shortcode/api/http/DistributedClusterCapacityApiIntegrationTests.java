package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The capacity API on a real 3-master Redis Cluster + HBase: every master is counted. */
@QuarkusTest
@TestProfile(DistributedClusterProfile.class)
class DistributedClusterCapacityApiIntegrationTests extends AbstractCapacityApiTests {}

package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The API suite on a real 3-master Redis Cluster + HBase. */
@QuarkusTest
@TestProfile(DistributedClusterProfile.class)
class DistributedClusterLinkApiIntegrationTests extends AbstractLinkApiTests {}

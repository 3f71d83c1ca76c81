package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The link inventory on a real Redis Cluster with replicas and HBase: claims and the outbox spread over the masters. */
@QuarkusTest
@TestProfile(DistributedClusterProfile.class)
class DistributedClusterLinkInventoryApiIntegrationTests extends AbstractLinkInventoryApiTests {}

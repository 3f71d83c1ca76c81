package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The capacity API on a real Redis server + HBase. */
@QuarkusTest
@TestProfile(DistributedProfile.class)
class DistributedCapacityApiIntegrationTests extends AbstractCapacityApiTests {}

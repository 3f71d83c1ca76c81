package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** Branded domains on a real 3-master Redis Cluster + HBase: a domain's aliases spread over the masters' slots. */
@QuarkusTest
@TestProfile(DistributedClusterProfile.class)
class DistributedClusterDomainApiIntegrationTests extends AbstractDomainApiTests {}

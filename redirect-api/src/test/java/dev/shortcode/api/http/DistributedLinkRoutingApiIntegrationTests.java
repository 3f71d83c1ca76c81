package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** Query forwarding and validity windows on real Redis + HBase: the routing travels in the record through Redis and the archive. */
@QuarkusTest
@TestProfile(DistributedProfile.class)
class DistributedLinkRoutingApiIntegrationTests extends AbstractLinkRoutingApiTests {}

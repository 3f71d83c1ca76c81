package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** Branded domains on real Redis + HBase: their rows live beside the moderation records in HBase. */
@QuarkusTest
@TestProfile(DistributedProfile.class)
class DistributedDomainApiIntegrationTests extends AbstractDomainApiTests {}

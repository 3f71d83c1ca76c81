package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The API suite on real Redis + HBase. */
@QuarkusTest
@TestProfile(DistributedProfile.class)
class DistributedLinkApiIntegrationTests extends AbstractLinkApiTests {}

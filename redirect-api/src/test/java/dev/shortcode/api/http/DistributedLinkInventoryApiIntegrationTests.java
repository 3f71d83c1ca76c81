package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/**
 * The link inventory on real Redis + HBase: index rows are written by the archive from the outbox,
 * external id claims live in Redis.
 */
@QuarkusTest
@TestProfile(DistributedProfile.class)
class DistributedLinkInventoryApiIntegrationTests extends AbstractLinkInventoryApiTests {}

package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The bulk suite on real Redis + HBase: results are written once links are in Redis and the outbox. */
@QuarkusTest
@TestProfile(BulkProfiles.Distributed.class)
class DistributedBulkApiIntegrationTests extends AbstractBulkApiTests {}

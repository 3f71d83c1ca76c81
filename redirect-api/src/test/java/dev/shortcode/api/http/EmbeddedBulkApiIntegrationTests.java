package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The bulk suite on embedded storage: results are written after the group commit's fsync. */
@QuarkusTest
@TestProfile(BulkProfiles.Embedded.class)
class EmbeddedBulkApiIntegrationTests extends AbstractBulkApiTests {}

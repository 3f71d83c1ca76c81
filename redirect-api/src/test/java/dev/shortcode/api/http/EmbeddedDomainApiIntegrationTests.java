package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** Branded domains on embedded storage. */
@QuarkusTest
@TestProfile(EmbeddedProfile.class)
class EmbeddedDomainApiIntegrationTests extends AbstractDomainApiTests {}

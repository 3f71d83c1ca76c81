package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The link inventory on embedded storage: the index rows are written in the link's own write batch. */
@QuarkusTest
@TestProfile(EmbeddedProfile.class)
class EmbeddedLinkInventoryApiIntegrationTests extends AbstractLinkInventoryApiTests {}

package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** Query forwarding and validity windows on embedded storage. */
@QuarkusTest
@TestProfile(EmbeddedProfile.class)
class EmbeddedLinkRoutingApiIntegrationTests extends AbstractLinkRoutingApiTests {}

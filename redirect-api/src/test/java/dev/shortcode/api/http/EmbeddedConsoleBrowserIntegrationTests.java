package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The console in Chromium against the service on embedded storage. */
@QuarkusTest
@TestProfile(EmbeddedProfile.class)
class EmbeddedConsoleBrowserIntegrationTests extends AbstractConsoleBrowserTests {}

package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The console in Chromium against the service on real Redis + HBase: listings follow the archive, clicks the Redis roll-up. */
@QuarkusTest
@TestProfile(DistributedProfile.class)
class DistributedConsoleBrowserIntegrationTests extends AbstractConsoleBrowserTests {}

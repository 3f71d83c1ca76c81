package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The API suite on the default embedded storage (RocksDB in a fresh directory). */
@QuarkusTest
@TestProfile(EmbeddedProfile.class)
class EmbeddedLinkApiIntegrationTests extends AbstractLinkApiTests {}

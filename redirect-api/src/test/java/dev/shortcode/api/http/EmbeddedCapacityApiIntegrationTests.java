package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The capacity API on embedded storage (RocksDB in a fresh directory). */
@QuarkusTest
@TestProfile(EmbeddedProfile.class)
class EmbeddedCapacityApiIntegrationTests extends AbstractCapacityApiTests {}

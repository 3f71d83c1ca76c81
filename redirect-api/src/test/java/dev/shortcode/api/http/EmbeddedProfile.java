package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;
import java.util.UUID;

/**
 * Embedded storage in a fresh directory, a known admin key, the base URL the tests expect, and the
 * stores measured every second ({@link #CAPACITY_REFRESH}), so that the capacity tests and the
 * dashboard need not wait the default 30 s and share this profile's start of Quarkus.
 */
public class EmbeddedProfile implements QuarkusTestProfile {

    /** {@code shortcode.capacity.refresh} of every test profile: its lower bound. */
    static final String CAPACITY_REFRESH = "PT1S";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("shortcode.data-dir", "target/test-data/" + UUID.randomUUID(),
                "shortcode.admin-key", ApiClient.ADMIN_KEY,
                "shortcode.base-url", "http://localhost:8080",
                "shortcode.capacity.refresh", CAPACITY_REFRESH);
    }
}

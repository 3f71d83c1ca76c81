package dev.shortcode.api.http;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;
import java.util.UUID;

/** Embedded storage in a fresh directory, a known admin key, the base URL the tests expect. */
public class EmbeddedProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("shortcode.data-dir", "target/test-data/" + UUID.randomUUID(),
                "shortcode.admin-key", ApiClient.ADMIN_KEY,
                "shortcode.base-url", "http://localhost:8080");
    }
}

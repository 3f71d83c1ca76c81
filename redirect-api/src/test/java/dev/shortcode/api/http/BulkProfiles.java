package dev.shortcode.api.http;

import java.util.HashMap;
import java.util.Map;

/**
 * The bulk suite's profiles: the usual embedded and Redis + HBase ones, with a body timeout far
 * shorter than a stream lasts (which the bulk stream must not be cut by) and a short bulk idle
 * timeout (which it must be).
 */
final class BulkProfiles {

    private BulkProfiles() {}

    static Map<String, String> withShortTimeouts(Map<String, String> overrides) {
        Map<String, String> all = new HashMap<>(overrides);
        all.put("shortcode.http.body-timeout", AbstractBulkApiTests.BODY_TIMEOUT.toString());
        all.put("shortcode.bulk.idle-timeout", AbstractBulkApiTests.IDLE_TIMEOUT.toString());
        return all;
    }

    /** Embedded storage, short timeouts. */
    public static class Embedded extends EmbeddedProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return withShortTimeouts(super.getConfigOverrides());
        }
    }

    /** Redis + HBase, short timeouts. */
    public static class Distributed extends DistributedProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return withShortTimeouts(super.getConfigOverrides());
        }
    }
}

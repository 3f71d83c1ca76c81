package dev.shortcode.client.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** The filters of a listing, shared by {@code list} and {@code export}: the API's parameters, by name. */
final class ListingFilters {

    @Option(names = "--tag", paramLabel = "TAG", description = "Only links carrying this tag; repeat for several (all must match).")
    List<String> tags = new ArrayList<>();

    @Option(names = "--q", paramLabel = "WORDS", description = "Words that must all occur in the title or the URL.")
    String q;

    @Option(names = "--host", paramLabel = "HOST", description = "The target's host; its subdomains included.")
    String host;

    @Option(names = "--external-id", paramLabel = "ID", description = "The link with this external id.")
    String externalId;

    @Option(names = "--pool", paramLabel = "POOL", description = "Links of this pool.")
    String pool;

    @Option(names = "--status", paramLabel = "live|expired|disabled|all", description = "Default: live.")
    String status;

    @Option(names = "--created-after", paramLabel = "INSTANT", description = "ISO-8601, e.g. 2026-12-01T00:00:00Z.")
    String createdAfter;

    @Option(names = "--created-before", paramLabel = "INSTANT", description = "ISO-8601.")
    String createdBefore;

    @Option(names = "--owner", paramLabel = "KEY_ID", description = "Admin keys: one key's links (default: every key's).")
    String owner;

    Map<String, List<String>> asParameters() {
        Map<String, List<String>> parameters = new LinkedHashMap<>();
        if (!tags.isEmpty()) {
            parameters.put("tag", tags);
        }
        put(parameters, "q", q);
        put(parameters, "host", host);
        put(parameters, "externalId", externalId);
        put(parameters, "pool", pool);
        put(parameters, "status", status);
        put(parameters, "createdAfter", createdAfter);
        put(parameters, "createdBefore", createdBefore);
        put(parameters, "owner", owner);
        return parameters;
    }

    private static void put(Map<String, List<String>> parameters, String name, String value) {
        if (value != null) {
            parameters.put(name, List.of(value));
        }
    }
}

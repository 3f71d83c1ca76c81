package dev.shortcode.api.openapi;

/**
 * The OpenAPI document's tags: one per resource a client library groups its calls by. Every
 * operation carries exactly one; their descriptions are the document's top-level {@code tags} in
 * {@code META-INF/openapi.yaml}.
 */
public final class ApiTags {

    public static final String LINKS = "Links";
    public static final String BULK = "Bulk";
    public static final String KEYS = "Keys";
    public static final String STATS = "Stats";
    public static final String QR = "QR";
    public static final String CAPACITY = "Capacity";
    public static final String MODERATION = "Moderation";
    public static final String WEBHOOKS = "Webhooks";
    public static final String DOMAINS = "Domains";
    public static final String REDIRECTS = "Redirects";
    public static final String APP_LINKS = "App links";

    private ApiTags() {}
}

package dev.shortcode.loadtest;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.util.ArrayList;
import java.util.List;

/**
 * Everything this tool assumes about the service's HTTP contract, in one place, so that a renamed
 * path or field is a one-line change here:
 * <ul>
 *   <li>{@code POST /api/v1/links} {@code {"url": ...}} with {@code X-API-Key} → 201</li>
 *   <li>{@code POST /api/v1/links/batch} {@code {"links": [{"url": ...}, ...]}} (≤ 1000) → 200
 *       {@code {"results": [ {index, status, link: {code, ...}} | {index, status, problem: {type, title, status, detail}}, ... ]}}</li>
 *   <li>{@code GET /{code}} → 302</li>
 * </ul>
 */
public final class LinkApi {

    public static final String LINKS_PATH = "/api/v1/links";
    public static final String BATCH_PATH = "/api/v1/links/batch";
    /** NDJSON in, NDJSON out: one {@code {"url": ...}} per line; one {@code {"line": n, "status": s, link | problem}} per line, in order. */
    public static final String BULK_PATH = "/api/v1/links/bulk";
    public static final String NDJSON = "application/x-ndjson";
    public static final String API_KEY_HEADER = "X-API-Key";
    public static final int MAX_BATCH = 1000;

    public static final int CREATE_STATUS = 201;
    public static final int BATCH_STATUS = 200;
    public static final int REDIRECT_STATUS = 302;

    private static final String URL_FIELD = "url";
    private static final String BATCH_ITEMS_FIELD = "links";
    private static final String BATCH_RESULTS_FIELD = "results";
    private static final String CODE_FIELD = "code";
    private static final String LINK_FIELD = "link";

    private LinkApi() {
    }

    public static Buffer createBody(String url) {
        return new JsonObject().put(URL_FIELD, url).toBuffer();
    }

    public static Buffer batchBody(List<String> urls) {
        return batchBody(urls, null);
    }

    /** A batch whose every item also carries {@code fields} (null: none), e.g. a link's device targets. */
    public static Buffer batchBody(List<String> urls, JsonObject fields) {
        JsonArray items = new JsonArray();
        for (String url : urls) {
            JsonObject item = fields == null ? new JsonObject() : fields.copy();
            items.add(item.put(URL_FIELD, url));
        }
        return new JsonObject().put(BATCH_ITEMS_FIELD, items).toBuffer();
    }

    /** {@code --link-json} as the object whose fields join every working-set item. */
    public static JsonObject linkFields(String json) {
        try {
            return new JsonObject(json);
        } catch (DecodeException | ClassCastException e) {
            throw new IllegalArgumentException("--link-json must be a JSON object such as '{\"targets\": {\"ios\": \"https://...\"}}' "
                    + "(was " + (json.length() > 80 ? json.substring(0, 80) + "..." : json) + ")", e);
        }
    }

    public static String redirectPath(String code) {
        return "/" + code;
    }

    /**
     * The codes of the items that were created, in order; items that came back as a problem
     * (no {@code code} field) are skipped, since only existing codes make meaningful redirects.
     *
     * @throws IllegalArgumentException if the body is not the documented shape
     */
    public static List<String> codesFromBatchResponse(Buffer body) {
        JsonObject json;
        try {
            json = body.toJsonObject();
        } catch (DecodeException | ClassCastException e) {
            throw new IllegalArgumentException("batch response is not a JSON object: " + abbreviate(body), e);
        }
        JsonArray results = json.getJsonArray(BATCH_RESULTS_FIELD);
        if (results == null) {
            throw new IllegalArgumentException("batch response has no '" + BATCH_RESULTS_FIELD + "' array: "
                    + abbreviate(body));
        }
        List<String> codes = new ArrayList<>(results.size());
        for (Object item : results) {
            // Each item is {index, status, link: {code, ...}} or {index, status, problem: {...}}.
            JsonObject link = item instanceof JsonObject result ? result.getJsonObject(LINK_FIELD) : null;
            if (link != null && link.getValue(CODE_FIELD) instanceof String code && !code.isEmpty()) {
                codes.add(code);
            }
        }
        return codes;
    }

    static String abbreviate(Buffer body) {
        String s = body.toString();
        return s.length() <= 200 ? s : s.substring(0, 200) + "...";
    }
}

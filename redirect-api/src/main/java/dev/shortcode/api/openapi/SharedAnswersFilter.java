package dev.shortcode.api.openapi;

import dev.shortcode.api.problem.Problem;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import java.util.ArrayList;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.Schema.SchemaType;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * Adds to the OpenAPI document the answers every operation gives by the way the service is built,
 * so each resource declares only the answers of its own: the API-key filter's 401, 403 and 429
 * and a store outage's 503 on every keyed operation; the JSON reader's 400 and the 415 of a body
 * of another type on every operation that reads one; {@code security: []} on the public ones (a
 * generated client must not send a key there, and a linter reads a missing list as "unknown"); and
 * the problem body of every error answer, which {@code ErrorMapping} renders for all of them (the
 * public routes answer a small HTML page instead when the client accepts text/html). An answer an
 * operation declares itself is kept as it is. Runs once, at build time.
 */
@OpenApiFilter(stages = OpenApiFilter.RunStage.BUILD)
public final class SharedAnswersFilter implements OASFilter {

    private static final String API_PREFIX = "/api/";

    @Override
    public void filterOpenAPI(OpenAPI document) {
        if (document.getPaths() == null) {
            return;
        }
        for (Map.Entry<String, PathItem> path : document.getPaths().getPathItems().entrySet()) {
            boolean api = path.getKey().startsWith(API_PREFIX);
            for (Operation operation : path.getValue().getOperations().values()) {
                complete(operation, api);
            }
        }
    }

    private static void complete(Operation operation, boolean api) {
        APIResponses responses = operation.getResponses();
        if (operation.getSecurity() == null) {
            operation.setSecurity(new ArrayList<>());
        }
        if (!operation.getSecurity().isEmpty()) {
            addIfAbsent(responses, "401", "No API key, or an unknown, revoked or expired one");
            addIfAbsent(responses, "403", "The API key lacks the operation's scope");
            addIfAbsent(responses, "429", "The API key used up its requests a minute; nothing was done; retry after Retry-After. "
                    + "RateLimit-Policy and RateLimit say the key's limits");
            addIfAbsent(responses, "503", "A store is unreachable or overloaded; nothing was changed; retry after Retry-After");
        }
        if (operation.getRequestBody() != null) {
            Content body = operation.getRequestBody().getContent();
            if (body != null && body.hasMediaType("application/json")) {
                addIfAbsent(responses, "400", "The body is not the JSON this operation reads; detail names the field");
            }
            addIfAbsent(responses, "415", "The body is not of the media type this operation reads");
        }
        for (Map.Entry<String, APIResponse> answer : responses.getAPIResponses().entrySet()) {
            if (answer.getKey().startsWith("4") || answer.getKey().startsWith("5")) {
                describeBody(answer.getValue(), api);
            }
        }
    }

    private static void addIfAbsent(APIResponses responses, String status, String description) {
        if (!responses.hasAPIResponse(status)) {
            responses.addAPIResponse(status, OASFactory.createAPIResponse().description(description));
        }
    }

    private static void describeBody(APIResponse answer, boolean api) {
        if (answer.getContent() == null) {
            answer.setContent(OASFactory.createContent());
        }
        Content content = answer.getContent();
        if (!content.hasMediaType(Problem.MEDIA_TYPE)) {
            content.addMediaType(Problem.MEDIA_TYPE, OASFactory.createMediaType()
                    .schema(OASFactory.createSchema().ref("Problem")));
        }
        if (!api && !content.hasMediaType("text/html")) {
            content.addMediaType("text/html", OASFactory.createMediaType()
                    .schema(OASFactory.createSchema().addType(SchemaType.STRING)));
        }
    }
}

package dev.shortcode.api.link;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.auth.ApiKeyFilter;
import dev.shortcode.api.auth.RequiresScope;
import dev.shortcode.api.problem.JsonProblems;
import dev.shortcode.api.problem.ProblemException;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.ApiKey.Scope;
import io.smallrye.common.annotation.NonBlocking;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/** The JSON link API. Runs on the event loop: every store call is non-blocking. */
@Path("/api/v1/links")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@NonBlocking
public class LinkResource {

    /** Largest batch: bounds one request's memory and time. */
    public static final int MAX_BATCH = 1_000;

    @Inject
    LinkService links;

    @Inject
    ObjectMapper json;

    /** Items stay JSON until each is read on its own: one malformed item must not fail the batch. */
    public record BatchRequest(List<JsonNode> links) {}

    public record BatchResponse(List<BatchItemResult> results) {}

    @POST
    @RequiresScope(Scope.LINKS_WRITE)
    public CompletionStage<Response> create(CreateLinkRequest request, @HeaderParam("Idempotency-Key") String idempotencyKey,
            RoutingContext routing) {
        return links.create(request, owner(routing), idempotencyKey)
                .thenApply(view -> Response.created(URI.create(view.shortUrl())).entity(view).build());
    }

    @POST
    @Path("/batch")
    @RequiresScope(Scope.LINKS_WRITE)
    public CompletionStage<BatchResponse> batch(BatchRequest request, RoutingContext routing) {
        if (request == null || request.links() == null) {
            return CompletableFuture.failedFuture(ProblemException.badRequest("invalid-body", "expected {\"links\": [...]}"));
        }
        if (request.links().size() > MAX_BATCH) {
            return CompletableFuture.failedFuture(new ProblemException(413, "batch-too-large", "Batch too large",
                    "a batch holds at most " + MAX_BATCH + " links; this one has " + request.links().size()));
        }
        List<CreateLinkRequest> items = new ArrayList<>(request.links().size());
        Map<Integer, ProblemException> unreadable = new HashMap<>();
        for (int i = 0; i < request.links().size(); i++) {
            JsonNode item = request.links().get(i);
            try {
                items.add(item == null || item.isNull() ? null : json.treeToValue(item, CreateLinkRequest.class));
            } catch (JsonProcessingException e) {
                items.add(null);
                unreadable.put(i, JsonProblems.of(e, "links[" + i + "]"));
            }
        }
        Context context = Vertx.currentContext();
        Executor answerOn = context == null ? Runnable::run : command -> context.runOnContext(v -> command.run());
        return links.createBatch(items, unreadable, owner(routing), answerOn).thenApply(BatchResponse::new);
    }

    @GET
    @Path("/{code}")
    @RequiresScope(Scope.LINKS_READ)
    public CompletionStage<LinkView> get(@PathParam("code") String code) {
        return links.get(code);
    }

    @PATCH
    @Path("/{code}")
    @RequiresScope(Scope.LINKS_WRITE)
    public CompletionStage<LinkView> update(@PathParam("code") String code, UpdateLinkRequest request) {
        return links.update(code, request);
    }

    @DELETE
    @Path("/{code}")
    @RequiresScope(Scope.LINKS_WRITE)
    public CompletionStage<Response> delete(@PathParam("code") String code) {
        return links.delete(code).thenApply(v -> Response.noContent().build());
    }

    static String owner(RoutingContext routing) {
        ApiKey key = routing.get(ApiKeyFilter.KEY);
        return key == null ? "anonymous" : key.id();
    }

}

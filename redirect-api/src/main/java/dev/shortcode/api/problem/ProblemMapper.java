package dev.shortcode.api.problem;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Map;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Every error of the JSON API as {@code application/problem+json} (RFC 9457), as {@link ErrorMapping} decides. */
public final class ProblemMapper {

    @ServerExceptionMapper
    public Response failure(RuntimeException e, UriInfo uri) {
        return render(ErrorMapping.map(e, path(uri)));
    }

    @ServerExceptionMapper
    public Response json(JsonProcessingException e, UriInfo uri) {
        return render(ErrorMapping.map(e, path(uri)));
    }

    /** More specific than Quarkus' built-in mapper for this type, which answers 400 with no body. */
    @ServerExceptionMapper
    public Response mismatch(MismatchedInputException e, UriInfo uri) {
        return render(ErrorMapping.map(e, path(uri)));
    }

    /** The framework's own refusals (no such resource, wrong method or media type), or a JSON body it could not read. */
    @ServerExceptionMapper
    public Response web(WebApplicationException e, UriInfo uri) {
        if (e.getCause() instanceof JsonProcessingException json) {
            return render(ErrorMapping.map(json, path(uri)));
        }
        int status = e.getResponse().getStatus();
        String detail = switch (status) {
            case 404 -> "no such resource: " + path(uri);
            case 405 -> "method not allowed on " + path(uri);
            case 415 -> "send the body as application/json";
            case 406 -> "this endpoint answers application/json";
            case 400 -> "the request is malformed";
            default -> e.getResponse().getStatusInfo().getReasonPhrase();
        };
        return render(ProblemResponse.of(status, "http-" + status, e.getResponse().getStatusInfo().getReasonPhrase(), detail, path(uri)));
    }

    /** The JAX-RS form of a problem; also used by the request filters. */
    public static Response render(ProblemResponse problem) {
        Response.ResponseBuilder response = Response.status(problem.status()).type(Problem.MEDIA_TYPE).entity(problem.problem());
        for (Map.Entry<String, String> header : problem.headers().entrySet()) {
            response.header(header.getKey(), header.getValue());
        }
        return response.build();
    }

    private static String path(UriInfo uri) {
        return uri == null ? null : uri.getPath();
    }
}

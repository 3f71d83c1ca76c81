package dev.shortcode.api.problem;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.lang.System.Logger.Level;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Every error of the JSON API as {@code application/problem+json} (RFC 9457). */
public final class ProblemMapper {

    private static final System.Logger LOG = System.getLogger(ProblemMapper.class.getName());

    @ServerExceptionMapper
    public Response problem(ProblemException e, UriInfo uri) {
        return render(e, uri);
    }

    @ServerExceptionMapper
    public Response completion(CompletionException e, UriInfo uri) {
        Throwable cause = e.getCause();
        if (cause instanceof ProblemException p) {
            return render(p, uri);
        }
        return internal(cause != null ? cause : e, uri);
    }

    @ServerExceptionMapper
    public Response json(JsonProcessingException e, UriInfo uri) {
        return render(JsonProblems.of(e, ""), uri);
    }

    /** More specific than Quarkus' built-in mapper for this type, which answers 400 with no body. */
    @ServerExceptionMapper
    public Response mismatch(MismatchedInputException e, UriInfo uri) {
        return json(e, uri);
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e, UriInfo uri) {
        int status = e.getResponse().getStatus();
        Throwable cause = e.getCause();
        if (cause instanceof JsonProcessingException json) {
            return json(json, uri);
        }
        String detail = switch (status) {
            case 404 -> "no such resource: " + uri.getPath();
            case 405 -> "method not allowed on " + uri.getPath();
            case 415 -> "send the body as application/json";
            case 406 -> "this endpoint answers application/json";
            case 400 -> "the request is malformed: " + e.getMessage();
            default -> e.getMessage();
        };
        return render(new ProblemException(status, "http-" + status, e.getResponse().getStatusInfo().getReasonPhrase(), detail), uri);
    }

    @ServerExceptionMapper
    public Response unexpected(RuntimeException e, UriInfo uri) {
        if (e instanceof ProblemException p) {
            return render(p, uri);
        }
        return internal(e, uri);
    }

    private Response internal(Throwable e, UriInfo uri) {
        if (e instanceof ProblemException p) {
            return render(p, uri);
        }
        Optional<String> outage = StorageOutage.describe(e);
        if (outage.isPresent()) {
            LOG.log(Level.WARNING, "storage unavailable on {0}: {1}", uri.getPath(), e.toString());
            return render(ProblemException.unavailable(outage.get()), uri);
        }
        LOG.log(Level.ERROR, "unexpected failure on " + uri.getPath(), e);
        return render(new ProblemException(500, "internal", "Internal error",
                "the service failed unexpectedly (" + e.getClass().getSimpleName() + "); it is logged"), uri);
    }

    static Response render(ProblemException e, UriInfo uri) {
        Response.ResponseBuilder response = Response.status(e.status()).type(Problem.MEDIA_TYPE)
                .entity(e.toProblem(uri == null ? null : uri.getPath()));
        if (e.status() == 503) {
            response.header("Retry-After", StorageOutage.RETRY_AFTER_SECONDS);
        }
        return response.build();
    }
}

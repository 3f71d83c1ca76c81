package dev.shortcode.api.qr;

import dev.shortcode.api.auth.RequiresScope;
import dev.shortcode.api.http.CallerContext;
import dev.shortcode.api.openapi.ApiTags;
import dev.shortcode.api.problem.Problem;
import dev.shortcode.core.store.ApiKey.Scope;
import io.smallrye.common.annotation.NonBlocking;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code GET /api/v1/links/{code}/qr}: the same QR code as {@code GET /{code}/qr}, for API clients (scope links:read). */
@Path("/api/v1/links/{code}/qr")
@NonBlocking
@SecurityRequirement(name = "apiKey")
@Tag(name = ApiTags.QR)
public class QrResource {

    @Inject
    QrCodes codes;

    @GET
    @RequiresScope(Scope.LINKS_READ)
    @Produces({"image/png", "image/svg+xml"})
    @Operation(operationId = "getLinkQrCode", summary = "A link's QR code", description = "The code holds the short URL with ?qr=1 (the redirect answers it like "
            + "any visit; click statistics count it as a scan). Each bad parameter, or one this endpoint does not take, is a 400 naming it. "
            + "A read is an access like a redirect. Strong ETag: If-None-Match answers 304. The same image, without an API key, is at "
            + "GET /{code}/qr.")
    @APIResponse(responseCode = "200", description = "The image", content = {
        @Content(mediaType = "image/png", schema = @Schema(type = SchemaType.STRING, format = "binary")),
        @Content(mediaType = "image/svg+xml", schema = @Schema(type = SchemaType.STRING))})
    @APIResponse(responseCode = "304", description = "The client's copy (If-None-Match) is current")
    @APIResponse(responseCode = "400", description = "A bad parameter, named in detail; a size too small for the code; colours with too "
            + "little contrast or light modules on a dark background", content = @Content(mediaType = Problem.MEDIA_TYPE,
                    schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "Unknown, deleted or expired", content = @Content(mediaType = Problem.MEDIA_TYPE,
            schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = "The store is unreachable, or QR drawing is saturated; retry after Retry-After",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<Response> qr(@PathParam("code") String code,
            @Parameter(description = "png (default) or svg; without it, an Accept of image/svg+xml (and not image/png) gives svg",
                    schema = @Schema(enumeration = {"png", "svg"})) @QueryParam("format") String format,
            @Parameter(description = "width and height in px, 128 to 2048 (default 512); at least 2 px per module of the code and its margin")
            @QueryParam("size") String size,
            @Parameter(description = "quiet zone in modules, 0 to 16 (default 4)") @QueryParam("margin") String margin,
            @Parameter(description = "error correction: L, M (default), Q or H", schema = @Schema(enumeration = {"L", "M", "Q", "H"}))
            @QueryParam("ecc") String ecc,
            @Parameter(description = "module colour, 6 hex digits (default 000000); must be darker than bg, contrast at least 3:1")
            @QueryParam("fg") String fg,
            @Parameter(description = "background colour, 6 hex digits (default ffffff)") @QueryParam("bg") String bg,
            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch, @HeaderParam(HttpHeaders.ACCEPT) String accept,
            @Context UriInfo uri) {
        QrSpec spec;
        try {
            spec = QrSpec.parse(uri.getQueryParameters(), accept);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return CallerContext.resume(codes.image(code, spec, ifNoneMatch)).thenApply(image -> {
            Response.ResponseBuilder answer = image.notModified() ? Response.notModified()
                    : Response.ok(image.bytes(), image.mediaType()).header("X-Content-Type-Options", "nosniff");
            // private: the answer needs an API key, so no shared cache may keep it
            return answer.header(HttpHeaders.ETAG, image.etag()).header(HttpHeaders.CACHE_CONTROL, "private, max-age=3600")
                    .header(HttpHeaders.VARY, HttpHeaders.ACCEPT).build();
        });
    }
}

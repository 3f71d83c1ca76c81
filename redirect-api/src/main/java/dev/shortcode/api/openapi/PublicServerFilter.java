package dev.shortcode.api.openapi;

import dev.shortcode.api.config.ServiceOptions;
import io.quarkus.arc.Arc;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import java.util.List;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;

/**
 * Names the public base URL ({@code shortcode.base-url}, as {@link ServiceOptions} validated and
 * normalised it) as the document's one server. The document and its UI are served on the
 * management port; without a server a client generator, and the UI's "Try it out", would send API
 * calls there. Runs at start, because the base URL is runtime configuration.
 */
@OpenApiFilter(stages = OpenApiFilter.RunStage.RUNTIME_STARTUP)
public final class PublicServerFilter implements OASFilter {

    @Override
    public void filterOpenAPI(OpenAPI document) {
        String baseUrl = Arc.container().instance(ServiceOptions.class).get().baseUrl();
        document.setServers(List.of(OASFactory.createServer().url(baseUrl).description("This service's public base URL")));
    }
}

package dev.shortcode.api.openapi;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import java.util.List;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;

/**
 * Names the public base URL ({@code shortcode.base-url}) as the document's one server. The
 * document and its UI are served on the management port; without a server a client generator,
 * and the UI's "Try it out", would send API calls there. Runs at start, because the base URL is
 * runtime configuration (validated at start by {@code ServiceOptions}).
 */
@OpenApiFilter(stages = OpenApiFilter.RunStage.RUNTIME_STARTUP)
public final class PublicServerFilter implements OASFilter {

    static final String BASE_URL_KEY = "shortcode.base-url";

    @Override
    public void filterOpenAPI(OpenAPI document) {
        String baseUrl = ConfigProvider.getConfig().getValue(BASE_URL_KEY, String.class);
        String withoutSlash = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        document.setServers(List.of(OASFactory.createServer().url(withoutSlash).description("This service's public base URL")));
    }
}

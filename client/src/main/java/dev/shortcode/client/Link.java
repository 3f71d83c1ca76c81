package dev.shortcode.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

/** A link as the service shows it; {@code targets} is null for a link without device targets. */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Link(String code, String shortUrl, String url, String ttl, String pool,
                   String createdAt, String expiresAt, JsonNode targets) {
}

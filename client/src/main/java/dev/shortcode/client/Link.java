package dev.shortcode.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

/** A link as the service shows it; {@code targets} is null for a link without device targets. */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Link(String code, String shortUrl, String url, String ttl, String pool,
                   String createdAt, String expiresAt, JsonNode targets, String title, java.util.List<String> tags,
                   String externalId, String status, String domain) {

    /** A link as views showed it before titles, tags and external ids. */
    public Link(String code, String shortUrl, String url, String ttl, String pool, String createdAt, String expiresAt, JsonNode targets) {
        this(code, shortUrl, url, ttl, pool, createdAt, expiresAt, targets, null, null, null, null, null);
    }
}

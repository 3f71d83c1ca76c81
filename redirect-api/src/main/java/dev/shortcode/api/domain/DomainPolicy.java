package dev.shortcode.api.domain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.shortcode.api.error.DomainTakenException;
import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.api.url.InvalidUrlException;
import dev.shortcode.api.url.WebUrl;
import dev.shortcode.core.store.DenyRule;
import dev.shortcode.core.store.Domain;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Turns a domain registration into a {@link Domain}, or refuses it naming the field: the host is a
 * domain name (no address, port or path), written as browsers send it (lower case, punycode); the
 * redirects pass the URL policy and the deny-list like a link's url and do not lead back to the
 * domain itself; the association files are JSON of the shape iOS and Android read, at most
 * {@value #MAX_FILE_BYTES} bytes (Apple's limit).
 */
public final class DomainPolicy {

    static final int MAX_FILE_BYTES = 128 * 1024;
    /** The longest domain name DNS carries. */
    static final int MAX_HOST_LENGTH = 253;

    private final String defaultHost;
    /** The URL policy of links: a URL as stored, or an {@link InvalidRequestException} saying why not. */
    private final UnaryOperator<String> urls;
    private final Function<String, Optional<DenyRule>> denied;
    private final ObjectMapper json;

    public DomainPolicy(String defaultHost, UnaryOperator<String> urls, Function<String, Optional<DenyRule>> denied, ObjectMapper json) {
        this.defaultHost = defaultHost;
        this.urls = urls;
        this.denied = denied;
        this.json = json;
    }

    /** A registration as the store keeps it. */
    public record Registration(String host, String rootRedirect, String notFoundRedirect, JsonNode appleAppSiteAssociation,
            JsonNode assetlinks) {}

    public Domain validate(Registration request, long now, String by) {
        if (request == null) {
            throw new InvalidRequestException("invalid-body", "a JSON object with at least \"host\" is required");
        }
        String host = host(request.host());
        return new Domain(host, redirect("rootRedirect", request.rootRedirect(), host), redirect("notFoundRedirect", request.notFoundRedirect(), host),
                file("appleAppSiteAssociation", request.appleAppSiteAssociation(), true),
                file("assetlinks", request.assetlinks(), false), now, by);
    }

    /** The host as browsers send it. @throws InvalidRequestException naming what is wrong */
    public String host(String given) {
        if (given == null || given.isBlank()) {
            throw invalid("host is required: a domain name such as go.example.com");
        }
        if (given.codePoints().anyMatch(cp -> Character.isISOControl(cp) || Character.isWhitespace(cp) || Character.isSpaceChar(cp)
                || Character.getType(cp) == Character.FORMAT)) {
            // Zero-width and other invisible characters vanish in IDNA mapping: the host shown would not be the host given.
            throw invalid("host '" + Echo.of(given) + "' contains whitespace, a control or an invisible formatting character");
        }
        if (given.chars().anyMatch(c -> ":/@?#[]\\%".indexOf(c) >= 0)) {
            throw invalid("host '" + Echo.of(given) + "' must be a domain name and nothing else: no scheme, port, path or user");
        }
        WebUrl url;
        try {
            url = WebUrl.parse("https://" + given + "/");
        } catch (InvalidUrlException e) {
            throw invalid("host '" + Echo.of(given) + "' is not a domain name: " + e.getMessage());
        }
        String host = url.host().bare();
        if (host.equals(defaultHost)) {
            throw new DomainTakenException(host, true);
        }
        if (url.host().ip() != null) {
            throw invalid("host '" + Echo.of(given) + "' is an address; a branded domain is a name");
        }
        if (host.length() > MAX_HOST_LENGTH) {
            throw invalid("host is " + host.length() + " characters long; a domain name has at most " + MAX_HOST_LENGTH);
        }
        if (!url.text().equals("https://" + host + "/") || host.indexOf('.') < 0) {
            throw invalid("host '" + Echo.of(given) + "' must be a domain name with a dot in it and nothing else: no scheme, port, path or user");
        }
        return host;
    }

    private String redirect(String field, String given, String host) {
        if (given == null || given.isEmpty()) {
            return "";
        }
        String url;
        try {
            url = urls.apply(given);
        } catch (InvalidRequestException e) {
            throw invalid(field + ": " + e.getMessage());
        }
        if (WebUrl.parse(url).host().bare().equals(host)) {
            throw invalid(field + " leads back to " + host + " itself; that would redirect in a loop");
        }
        Optional<DenyRule> rule = denied.apply(url);
        if (rule.isPresent()) {
            throw new InvalidRequestException("denied-url", field + " falls under deny-list rule " + rule.get().id());
        }
        return url;
    }

    private String file(String field, JsonNode given, boolean object) {
        if (given == null || given.isNull()) {
            return "";
        }
        if (object ? !given.isObject() : !given.isArray()) {
            throw invalid(field + " must be a JSON " + (object ? "object" : "array") + ", as " + (object ? "iOS" : "Android") + " reads it");
        }
        String compact;
        try {
            compact = json.writeValueAsString(given);
        } catch (JsonProcessingException e) {
            throw invalid(field + " cannot be written as JSON: " + e.getOriginalMessage());
        }
        int bytes = compact.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_FILE_BYTES) {
            throw invalid(field + " is " + bytes + " bytes; at most " + MAX_FILE_BYTES + " are allowed");
        }
        return compact;
    }

    private static InvalidRequestException invalid(String detail) {
        return new InvalidRequestException("invalid-domain", detail);
    }
}

package dev.shortcode.api.url;

/**
 * A URL, or a host, that has no canonical form here, with the reason as a phrase about it
 * ({@code "has no host"}, {@code "host 'x' is not a valid domain name"}): each caller puts its own
 * subject in front (the field of a request, the value of a rule).
 */
public final class InvalidUrlException extends IllegalArgumentException {

    public InvalidUrlException(String reason) {
        super(reason);
    }
}

package dev.shortcode.client;

/**
 * Every failure of a {@link ShortcodeClient} call: either the service refused the request
 * ({@link ProblemException} and its kinds) or it could not be reached or answered nonsense.
 */
public class ShortcodeException extends RuntimeException {

    public ShortcodeException(String message) {
        super(message);
    }

    public ShortcodeException(String message, Throwable cause) {
        super(message, cause);
    }
}

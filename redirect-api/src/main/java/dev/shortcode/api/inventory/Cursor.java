package dev.shortcode.api.inventory;

import dev.shortcode.api.error.InvalidRequestException;
import dev.shortcode.core.index.Position;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The opaque {@code cursor} of a listing: the position of the last link a page showed (creation
 * time and code), base64url. A page continues strictly after it, so links created or deleted
 * between pages never make one repeat or skip another.
 */
final class Cursor {

    private static final String VERSION = "1";

    private Cursor() {}

    static String of(Position position) {
        String text = VERSION + ":" + position.createdAtMillis() + ":" + position.code();
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    /** @throws InvalidRequestException naming {@code cursor} when it is not one this service made */
    static Position parse(String cursor) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            String[] parts = text.split(":", 3);
            if (parts.length == 3 && VERSION.equals(parts[0]) && !parts[2].isEmpty()) {
                return new Position(Long.parseLong(parts[1]), parts[2]);
            }
        } catch (IllegalArgumentException e) {
            // refused below
        }
        throw new InvalidRequestException("invalid-parameter", "cursor is not a cursor of this listing; pass the \"next\" of the previous page");
    }
}

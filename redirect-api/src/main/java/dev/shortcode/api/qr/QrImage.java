package dev.shortcode.api.qr;

/**
 * A QR code as answered: its strong ETag and, unless the client's copy is current, its bytes.
 *
 * @param bytes null when the client's {@code If-None-Match} named this ETag (answer 304)
 */
public record QrImage(String etag, String mediaType, byte[] bytes) {

    public boolean notModified() {
        return bytes == null;
    }
}

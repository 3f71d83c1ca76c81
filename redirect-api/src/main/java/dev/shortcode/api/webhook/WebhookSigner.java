package dev.shortcode.api.webhook;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signatures as the Standard Webhooks specification defines them, so that a receiver's existing
 * library (Svix's, standardwebhooks') verifies them: {@code v1,} + base64 of HMAC-SHA256 over
 * {@code id + "." + timestamp + "." + body}, keyed by the base64-decoded part of the secret after
 * {@code whsec_}.
 */
public final class WebhookSigner {

    public static final String SECRET_PREFIX = "whsec_";
    /** 32 random bytes: the specification asks for 24 to 64. */
    private static final int SECRET_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private WebhookSigner() {}

    /** A fresh secret, {@code whsec_} + base64. */
    public static String newSecret() {
        byte[] key = new byte[SECRET_BYTES];
        RANDOM.nextBytes(key);
        return SECRET_PREFIX + Base64.getEncoder().encodeToString(key);
    }

    /** The {@code webhook-signature} header's value for one message. */
    public static String sign(String secret, String messageId, long timestampSeconds, byte[] body) {
        String encodedKey = secret.startsWith(SECRET_PREFIX) ? secret.substring(SECRET_PREFIX.length()) : secret;
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(encodedKey), "HmacSHA256"));
            mac.update((messageId + "." + timestampSeconds + ".").getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }
}

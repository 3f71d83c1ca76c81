package dev.shortcode.api.password;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * A link's password as stored: PBKDF2 with HMAC-SHA-256 (RFC 8018) from the JDK, a random 16-byte
 * salt per password and {@value #ITERATIONS} iterations (OWASP's figure for this function in 2021;
 * about 60 ms of one core of the test machine once warm, 100 to 200 ms for the first few), in the text form
 * {@code pbkdf2-sha256$<iterations>$<salt>$<hash>} (base64 without padding). The iterations travel
 * in the text, so raising them later leaves old hashes readable. Slow on purpose: callers run it
 * off the event loops ({@link PasswordWork}).
 */
public final class PasswordHashes {

    static final int ITERATIONS = 310_000;
    private static final String SCHEME = "pbkdf2-sha256";
    private static final int SALT_BYTES = 16;
    private static final int HASH_BITS = 256;
    private static final SecureRandom RANDOM = new SecureRandom();

    private PasswordHashes() {}

    /** A new hash of {@code password}, under a new salt. */
    static String hash(String password) {
        return hash(password, ITERATIONS);
    }

    static String hash(String password, int iterations) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        Base64.Encoder b64 = Base64.getEncoder().withoutPadding();
        return SCHEME + "$" + iterations + "$" + b64.encodeToString(salt) + "$" + b64.encodeToString(derive(password, salt, iterations));
    }

    /** Whether {@code password} is the one {@code stored} was made from; false for a stored text of another form. */
    static boolean matches(String password, String stored) {
        String[] parts = stored.split("\\$");
        if (parts.length != 4 || !parts[0].equals(SCHEME)) {
            return false;
        }
        try {
            int iterations = Integer.parseInt(parts[1]);
            byte[] salt = Base64.getDecoder().decode(parts[2]);
            byte[] expected = Base64.getDecoder().decode(parts[3]);
            // Constant time: how far a guess matched must not show in how long the answer took.
            return iterations > 0 && MessageDigest.isEqual(derive(password, salt, iterations), expected);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static byte[] derive(String password, byte[] salt, int iterations) {
        PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, iterations, HASH_BITS);
        try {
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("PBKDF2WithHmacSHA256 is part of every JDK", e);
        } finally {
            spec.clearPassword();
        }
    }
}

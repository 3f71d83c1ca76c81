package dev.shortcode.client.source;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The {@code ref} of each line of a file: a prefix naming the file (and what reads it) plus the
 * line's number. The same command on the same file gives the same refs, so a run interrupted and
 * started again gets the links the first run made for its lines instead of new ones (the service
 * remembers refs per API key for 24 h).
 */
public final class Refs {

    /** The service takes refs of 1 to 128 characters; a line number takes at most 20 of them. */
    public static final int MAX_PREFIX_LENGTH = 100;

    private Refs() {
    }

    /**
     * A prefix from the file's absolute, normalized path and the reading ({@code bulk},
     * {@code import-bitly}, …): 16 hex digits of their SHA-256.
     */
    public static String prefixFor(Path file, String reading) {
        String identity = reading + "\n" + file.toAbsolutePath().normalize();
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @throws IllegalArgumentException when a given prefix is empty or too long for the service's refs */
    public static String checkPrefix(String prefix) {
        if (prefix.isEmpty() || prefix.length() > MAX_PREFIX_LENGTH) {
            throw new IllegalArgumentException("--ref-prefix must be 1 to " + MAX_PREFIX_LENGTH + " characters");
        }
        return prefix;
    }

    public static String ref(String prefix, long line) {
        return prefix + ":" + line;
    }
}

package dev.shortcode.api.config;

import dev.shortcode.core.config.ConfigException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The service's own files in {@code shortcode.data-dir}, besides embedded storage: the permutation
 * secret generated for a single node, and the generated bootstrap admin key. Both are written
 * readable by their owner only (mode 0600) and atomically (a synced temporary file moved into
 * place), so a crash never leaves half a secret that the next start would read.
 */
public final class DataDirectory {

    static final String SECRET_FILE = "secret";
    static final String ADMIN_KEY_FILE = "admin.key";

    private final Path path;

    public DataDirectory(Path path) {
        this.path = path.toAbsolutePath().normalize();
    }

    public Path path() {
        return path;
    }

    /**
     * A single node's permutation secret: read from the directory, or generated (32 random bytes,
     * hex) and kept there on the first start.
     */
    public String embeddedSecret() {
        Path file = path.resolve(SECRET_FILE);
        try {
            if (Files.exists(file)) {
                return Files.readString(file, StandardCharsets.US_ASCII).trim();
            }
            byte[] bytes = new byte[32];
            new SecureRandom().nextBytes(bytes);
            String secret = HexFormat.of().formatHex(bytes);
            writePrivate(file, secret);
            return secret;
        } catch (IOException e) {
            throw new ConfigException("shortcode.data-dir", "cannot keep the generated secret in " + file + ": " + e.getMessage());
        }
    }

    /** Writes a generated admin key for the operator to pick up; returns the file. */
    public Path writeAdminKey(String key) throws IOException {
        Path file = path.resolve(ADMIN_KEY_FILE);
        writePrivate(file, key);
        return file;
    }

    private void writePrivate(Path file, String content) throws IOException {
        Files.createDirectories(path);
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.deleteIfExists(temp);
        try {
            Files.createFile(temp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            Files.createFile(temp); // not a POSIX file system: its own access rules apply
        }
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.wrap((content + "\n").getBytes(StandardCharsets.US_ASCII)));
            channel.force(true); // on disk before the move makes it the file the next start reads
        }
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    @Override
    public String toString() {
        return path.toString();
    }
}

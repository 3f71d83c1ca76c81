package dev.shortcode.api.page;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A page's own scripts and styles, read from the jar once and served under a path that carries
 * their content's hash: {@code <base>/v/<version>/<file>}. Such a name never changes content, so
 * it may be stored for a year; an upgrade changes the version, the page (never stored as is)
 * names the new one, and no browser runs yesterday's script with today's page. JS modules import
 * each other by relative names, which stay under the same version.
 * <p>
 * One version covers all the files: a module's imports do not carry hashes of their own, so a
 * change to any file must move every name.
 */
public final class VersionedAssets {

    /** For names that carry the content's version: a year, never revalidated. */
    public static final String IMMUTABLE = "public, max-age=31536000, immutable";

    private final String base;
    private final String version;
    private final Map<String, Buffer> files = new LinkedHashMap<>();

    /**
     * @param directory the classpath directory holding {@code files} ({@code META-INF/resources/console/})
     * @param base      the URL path they are served under ({@code /console})
     * @param files     every file the page loads, relative to {@code directory}; a missing one fails at start
     */
    public VersionedAssets(String directory, String base, List<String> files) {
        this.base = base;
        MessageDigest digest = sha256();
        for (String file : files) {
            byte[] content = read(directory + file);
            digest.update(file.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
            digest.update(content);
            this.files.put(file, Buffer.buffer(content));
        }
        this.version = HexFormat.of().formatHex(digest.digest(), 0, 8);
    }

    /** The hash of every file's name and content: 16 hex digits. */
    public String version() {
        return version;
    }

    /** {@code <base>/v/<version>/}: where the files are, with the slash a relative import needs. */
    public String prefix() {
        return base + "/v/" + version + "/";
    }

    /** The current content of {@code file}, or null when it is not one of the page's files. */
    public Buffer content(String file) {
        return files.get(file);
    }

    /**
     * Answers {@code file} of {@code requestedVersion}: the file with a year's caching when the
     * version is the current one; false (nothing written) when it is not, or the file is unknown,
     * so that an old or made-up name is never stored under content it does not have.
     */
    public boolean serve(HttpServerResponse response, String requestedVersion, String file, String policy) {
        Buffer content = files.get(file);
        if (content == null || !version.equals(requestedVersion)) {
            return false;
        }
        write(response, file, content, policy, IMMUTABLE);
        return true;
    }

    /** Writes a file with its type, the page's policy and the given caching. */
    public static void write(HttpServerResponse response, String file, Buffer content, String policy, String cacheControl) {
        response.setStatusCode(200)
                .putHeader(HttpHeaders.CONTENT_TYPE, contentType(file))
                .putHeader("Content-Security-Policy", policy)
                .putHeader("X-Content-Type-Options", "nosniff")
                .putHeader("Referrer-Policy", "no-referrer")
                .putHeader(HttpHeaders.CACHE_CONTROL, cacheControl)
                .end(content);
    }

    static String contentType(String file) {
        if (file.endsWith(".js")) {
            return "text/javascript; charset=utf-8";
        }
        if (file.endsWith(".css")) {
            return "text/css; charset=utf-8";
        }
        if (file.endsWith(".svg")) {
            return "image/svg+xml";
        }
        throw new IllegalArgumentException("no content type known for " + file);
    }

    private static byte[] read(String resource) {
        try (InputStream in = VersionedAssets.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the build");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}

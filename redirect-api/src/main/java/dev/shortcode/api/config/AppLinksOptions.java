package dev.shortcode.api.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.core.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * {@code shortcode.app-links.*} checked: the app-link association files as they are served, read
 * once at start, checked, kept as bytes.
 * A configured file that is missing, larger than {@value #MAX_BYTES} bytes (Apple's limit), not
 * JSON or not of its format stops the start with a {@link ConfigException} naming its key; a
 * file the platforms would reject is better found at deploy time than by users whose links
 * silently stop opening the app.
 *
 * @param appleAppSiteAssociation the file's bytes, empty when not configured
 * @param assetLinks              the file's bytes, empty when not configured
 */
public record AppLinksOptions(Optional<byte[]> appleAppSiteAssociation, Optional<byte[]> assetLinks) {

    static final String PREFIX = "shortcode.app-links.";
    public static final String AASA_KEY = PREFIX + "apple-app-site-association";
    public static final String ASSET_LINKS_KEY = PREFIX + "assetlinks";
    static final int MAX_BYTES = 128 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

    /** Neither file configured. */
    public static final AppLinksOptions NONE = new AppLinksOptions(Optional.empty(), Optional.empty());

    static AppLinksOptions from(AppLinksConfig config) {
        return new AppLinksOptions(read(AASA_KEY, config.appleAppSiteAssociation(), AssociationShapes::appleAppSiteAssociation),
                read(ASSET_LINKS_KEY, config.assetlinks(), AssociationShapes::assetLinks));
    }

    private static Optional<byte[]> read(String key, Optional<String> path, Consumer<JsonNode> shape) {
        Optional<String> configured = path.filter(p -> !p.isBlank());
        if (configured.isEmpty()) {
            return Optional.empty();
        }
        Path file;
        try {
            file = Path.of(configured.get().trim());
        } catch (InvalidPathException e) {
            throw new ConfigException(key, "'" + configured.get() + "' is not a path: " + e.getReason());
        }
        byte[] bytes;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new ConfigException(key, file + " is " + Files.size(file) + " bytes; at most " + MAX_BYTES + " are served");
            }
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new ConfigException(key, "cannot read " + file + ": " + e);
        }
        JsonNode root;
        try {
            root = JSON.readTree(bytes);
        } catch (JsonProcessingException e) {
            throw new ConfigException(key, file + " is not JSON: " + e.getOriginalMessage() + " at line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr());
        } catch (IOException e) {
            throw new ConfigException(key, "cannot read " + file + ": " + e);
        }
        if (root == null) {
            throw new ConfigException(key, file + " is empty");
        }
        try {
            shape.accept(root);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(key, file + " " + e.getMessage());
        }
        return Optional.of(bytes);
    }
}

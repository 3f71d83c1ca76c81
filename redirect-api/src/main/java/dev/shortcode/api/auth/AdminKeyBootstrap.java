package dev.shortcode.api.auth;

import dev.shortcode.api.config.DataDirectory;
import dev.shortcode.core.store.ApiKey;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Optional;
import java.util.concurrent.CompletionException;

/**
 * Makes sure someone can administer a fresh service. With {@code SHORTCODE_ADMIN_KEY} that key
 * becomes the admin key (stored by hash under id {@code admin-env}). Otherwise, when no key
 * exists at all, one admin key is generated, written to {@code <data dir>/admin.key} (mode 0600)
 * and the log says where. Runs once at start; blocking is fine there.
 */
public final class AdminKeyBootstrap {

    private static final System.Logger LOG = System.getLogger(AdminKeyBootstrap.class.getName());
    static final String ENV_KEY_ID = "admin-env";

    private AdminKeyBootstrap() {}

    public static void run(ApiKeys keys, DataDirectory dataDirectory, Optional<String> configuredAdminKey) {
        try {
            if (configuredAdminKey.isPresent() && !configuredAdminKey.get().isBlank()) {
                String secret = configuredAdminKey.get().trim();
                if (keys.authenticate(secret).toCompletableFuture().join().isEmpty()) {
                    try {
                        keys.create("admin (SHORTCODE_ADMIN_KEY)", EnumSet.of(ApiKey.Scope.ADMIN), secret, ENV_KEY_ID + "-"
                                + ApiKeys.sha256(secret).substring(0, 8)).toCompletableFuture().join();
                    } catch (CompletionException e) {
                        // Several nodes starting at once with the same key race to store it: one wins,
                        // and for the others it exists now, which is all they wanted.
                        if (keys.authenticate(secret).toCompletableFuture().join().isEmpty()) {
                            throw e;
                        }
                    }
                }
                LOG.log(Level.INFO, "admin API key taken from SHORTCODE_ADMIN_KEY");
                return;
            }
            if (!keys.store().list().toCompletableFuture().join().isEmpty()) {
                return;
            }
            ApiKeys.Created created = keys.create("admin (generated)", EnumSet.of(ApiKey.Scope.ADMIN)).toCompletableFuture().join();
            Path file = dataDirectory.writeAdminKey(created.secret());
            LOG.log(Level.INFO, "no API key existed: generated an admin key ({0}) and wrote it to {1} (mode 0600); "
                    + "send it as X-API-Key to POST /api/v1/keys to create keys for clients", created.key().id(), file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the admin key to " + dataDirectory, e);
        } catch (CompletionException e) {
            throw new IllegalStateException("cannot bootstrap the admin key: " + e.getCause(), e.getCause());
        }
    }
}

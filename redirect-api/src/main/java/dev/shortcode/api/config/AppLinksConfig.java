package dev.shortcode.api.config;

import io.smallrye.config.WithName;
import java.util.Optional;

/**
 * {@code shortcode.app-links.*} (see {@link AppLinksOptions}): the two files that let iOS and
 * Android open this domain's short links in an app. Each is read and checked at start (a file
 * that is missing, not JSON or not of its format stops the start naming its key) and served as
 * it is; unset, its URL answers 404.
 */
public interface AppLinksConfig {

    /**
     * Path of the {@code apple-app-site-association} file served at
     * {@code /.well-known/apple-app-site-association}: {@code {"applinks": {"details": [{"appIDs":
     * [...], "components": [...]}]}}}. Unset by default: 404.
     */
    @WithName("apple-app-site-association")
    Optional<String> appleAppSiteAssociation();

    /**
     * Path of the Digital Asset Links file served at {@code /.well-known/assetlinks.json}:
     * {@code [{"relation": [...], "target": {"namespace": "android_app", "package_name": ...,
     * "sha256_cert_fingerprints": [...]}}]}. Unset by default: 404.
     */
    Optional<String> assetlinks();
}

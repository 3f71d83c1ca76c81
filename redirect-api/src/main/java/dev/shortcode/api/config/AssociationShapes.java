package dev.shortcode.api.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.regex.Pattern;

/**
 * The parts of the two association formats the platforms need, checked with a message that
 * points at the JSON path. Anything else in a file (other Apple sections such as
 * {@code webcredentials}, comments in components) is left to the platform.
 * <ul>
 *   <li>Apple ({@code apple-app-site-association}): {@code applinks.details} a non-empty array,
 *       each detail with {@code appIDs} (non-empty, each {@code TEAMID.bundle.id}: ten upper-case
 *       letters or digits, a dot, a bundle id) and {@code components} (non-empty, each an object).
 *       The older {@code appID}/{@code paths} form is refused: iOS 13 and later read
 *       {@code components}.
 *   <li>Android ({@code assetlinks.json}): a non-empty array of statements, each with
 *       {@code relation} (non-empty array of strings) and {@code target}: for
 *       {@code namespace} {@code android_app}, a {@code package_name} and
 *       {@code sha256_cert_fingerprints} (non-empty, each 32 colon-separated upper-case hex
 *       pairs); for {@code web}, a {@code site}.
 * </ul>
 */
final class AssociationShapes {

    private static final Pattern APP_ID = Pattern.compile("[A-Z0-9]{10}\\.[A-Za-z0-9][A-Za-z0-9.-]*");
    private static final Pattern PACKAGE = Pattern.compile("[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+");
    private static final Pattern FINGERPRINT = Pattern.compile("[0-9A-F]{2}(:[0-9A-F]{2}){31}");

    private AssociationShapes() {}

    /** @throws IllegalArgumentException saying what is wrong where */
    static void appleAppSiteAssociation(JsonNode root) {
        JsonNode details = object(root, "the file").path("applinks").path("details");
        array(details, "applinks.details");
        for (int i = 0; i < details.size(); i++) {
            String at = "applinks.details[" + i + "]";
            JsonNode detail = object(details.get(i), at);
            JsonNode appIds = array(detail.path("appIDs"), at + ".appIDs");
            for (int j = 0; j < appIds.size(); j++) {
                String appId = text(appIds.get(j), at + ".appIDs[" + j + "]");
                if (!APP_ID.matcher(appId).matches()) {
                    throw new IllegalArgumentException("has " + at + ".appIDs[" + j + "] '" + appId
                            + "'; an app ID is the team ID (10 upper-case letters or digits), a dot and the bundle ID");
                }
            }
            JsonNode components = array(detail.path("components"), at + ".components");
            for (int j = 0; j < components.size(); j++) {
                if (object(components.get(j), at + ".components[" + j + "]").isEmpty()) {
                    throw new IllegalArgumentException("has an empty " + at + ".components[" + j + "]; give at least \"/\"");
                }
            }
        }
    }

    /** @throws IllegalArgumentException saying what is wrong where */
    static void assetLinks(JsonNode root) {
        array(root, "the file (an array of statements)");
        for (int i = 0; i < root.size(); i++) {
            String at = "[" + i + "]";
            JsonNode statement = object(root.get(i), at);
            JsonNode relations = array(statement.path("relation"), at + ".relation");
            for (int j = 0; j < relations.size(); j++) {
                text(relations.get(j), at + ".relation[" + j + "]");
            }
            JsonNode target = object(statement.path("target"), at + ".target");
            String namespace = text(target.path("namespace"), at + ".target.namespace");
            if (namespace.equals("android_app")) {
                String name = text(target.path("package_name"), at + ".target.package_name");
                if (!PACKAGE.matcher(name).matches()) {
                    throw new IllegalArgumentException("has " + at + ".target.package_name '" + name + "', which is no Android package name");
                }
                JsonNode prints = array(target.path("sha256_cert_fingerprints"), at + ".target.sha256_cert_fingerprints");
                for (int j = 0; j < prints.size(); j++) {
                    String print = text(prints.get(j), at + ".target.sha256_cert_fingerprints[" + j + "]");
                    if (!FINGERPRINT.matcher(print).matches()) {
                        throw new IllegalArgumentException("has " + at + ".target.sha256_cert_fingerprints[" + j + "] '" + print
                                + "'; a fingerprint is 32 upper-case hex pairs separated by colons (keytool -list -v prints it)");
                    }
                }
            } else if (namespace.equals("web")) {
                text(target.path("site"), at + ".target.site");
            } else {
                throw new IllegalArgumentException("has " + at + ".target.namespace '" + namespace + "'; it is android_app or web");
            }
        }
    }

    private static JsonNode object(JsonNode node, String at) {
        if (!node.isObject()) {
            throw new IllegalArgumentException("needs " + at + " to be an object");
        }
        return node;
    }

    private static JsonNode array(JsonNode node, String at) {
        if (!node.isArray() || node.isEmpty()) {
            throw new IllegalArgumentException("needs " + at + " to be a non-empty array");
        }
        return node;
    }

    private static String text(JsonNode node, String at) {
        if (!node.isTextual() || node.asText().isEmpty()) {
            throw new IllegalArgumentException("needs " + at + " to be a non-empty string");
        }
        return node.asText();
    }
}

package dev.shortcode.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.api.applinks.SampleAssociationFiles;
import dev.shortcode.core.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AppLinksOptionsUnitTests {

    @TempDir
    Path dir;

    static AppLinksConfig config(String aasa, String assetLinks) {
        return new AppLinksConfig() {
            @Override
            public Optional<String> appleAppSiteAssociation() {
                return Optional.ofNullable(aasa);
            }

            @Override
            public Optional<String> assetlinks() {
                return Optional.ofNullable(assetLinks);
            }
        };
    }

    private String file(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content).toString();
    }

    @Test
    void from_validFiles_keepsTheirBytesAsTheyAre() throws IOException {
        AppLinksOptions files = AppLinksOptions.from(config(file("aasa", SampleAssociationFiles.AASA), file("assetlinks.json", SampleAssociationFiles.ASSET_LINKS)));

        assertThat(files.appleAppSiteAssociation()).hasValueSatisfying(b -> assertThat(new String(b)).isEqualTo(SampleAssociationFiles.AASA));
        assertThat(files.assetLinks()).hasValueSatisfying(b -> assertThat(new String(b)).isEqualTo(SampleAssociationFiles.ASSET_LINKS));
    }

    @Test
    void from_nothingConfigured_servesNothing() {
        assertThat(AppLinksOptions.from(config(null, " "))).isEqualTo(AppLinksOptions.NONE);
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
        "{\"applinks\": {\"details\": [}}| is not JSON",
        "{\"applinks\": {}} {}| is not JSON",
        "[]| needs the file to be an object",
        "{\"applinks\": {\"details\": []}}| needs applinks.details to be a non-empty array",
        "{\"applinks\": {\"apps\": [], \"details\": [{\"appID\": \"ABCDE12345.com.x\", \"paths\": [\"*\"]}]}}| needs applinks.details[0].appIDs",
        "{\"applinks\": {\"details\": [{\"appIDs\": [\"com.example.shop\"], \"components\": [{\"/\": \"/*\"}]}]}}| an app ID is the team ID",
        "{\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE12345.com.x\"]}]}}| needs applinks.details[0].components to be a non-empty array",
        "{\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE12345.com.x\"], \"components\": [{}]}]}}| empty applinks.details[0].components[0]",
    })
    void from_malformedAppleFile_stopsTheStartNamingItsKey(String content, String why) throws IOException {
        String path = file("aasa", content);
        assertThatThrownBy(() -> AppLinksOptions.from(config(path, null))).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("shortcode.app-links.apple-app-site-association: ").hasMessageContaining(why.trim());
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
        "{}| needs the file (an array of statements) to be a non-empty array",
        "[{\"target\": {\"namespace\": \"android_app\"}}]| needs [0].relation to be a non-empty array",
        "[{\"relation\": [\"x\"], \"target\": {\"namespace\": \"android_app\", \"sha256_cert_fingerprints\": [\"AA\"]}}]| needs [0].target.package_name",
        "[{\"relation\": [\"x\"], \"target\": {\"namespace\": \"android_app\", \"package_name\": \"shop\", \"sha256_cert_fingerprints\": [\"AA\"]}}]| no Android package name",
        "[{\"relation\": [\"x\"], \"target\": {\"namespace\": \"android_app\", \"package_name\": \"com.x\", \"sha256_cert_fingerprints\": [\"14:6d\"]}}]| 32 upper-case hex pairs",
        "[{\"relation\": [\"x\"], \"target\": {\"namespace\": \"android_app\", \"package_name\": \"com.x\"}}]| needs [0].target.sha256_cert_fingerprints",
        "[{\"relation\": [\"x\"], \"target\": {\"namespace\": \"ios_app\"}}]| it is android_app or web",
    })
    void from_malformedAndroidFile_stopsTheStartNamingItsKey(String content, String why) throws IOException {
        String path = file("assetlinks.json", content);
        assertThatThrownBy(() -> AppLinksOptions.from(config(null, path))).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("shortcode.app-links.assetlinks: ").hasMessageContaining(why.trim());
    }

    @Test
    void from_missingOrOversizedFile_stopsTheStart() throws IOException {
        assertThatThrownBy(() -> AppLinksOptions.from(config(dir.resolve("nope").toString(), null)))
                .hasMessageStartingWith("shortcode.app-links.apple-app-site-association: cannot read");
        String big = file("big", "[" + " ".repeat(AppLinksOptions.MAX_BYTES) + "]");
        assertThatThrownBy(() -> AppLinksOptions.from(config(null, big))).hasMessageStartingWith("shortcode.app-links.assetlinks: ")
                .hasMessageContaining("at most 131072");
    }
}

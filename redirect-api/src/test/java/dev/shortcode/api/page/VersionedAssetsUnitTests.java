package dev.shortcode.api.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One version for all of a page's files: any file's change moves every name, and only the current names are answered. */
class VersionedAssetsUnitTests {

    private static final String ONE = "dev/shortcode/api/page/assets-one/";
    private static final String TWO = "dev/shortcode/api/page/assets-two/";
    private static final List<String> FILES = List.of("app.js", "views/page.js");

    @Test
    void version_isTheSameForTheSameFiles_andMovesWhenAnyFileChanges() {
        VersionedAssets one = new VersionedAssets(ONE, "/console", FILES);
        VersionedAssets again = new VersionedAssets(ONE, "/console", FILES);
        // app.js is the same in both directories; only the module it would import differs.
        VersionedAssets two = new VersionedAssets(TWO, "/console", FILES);

        assertThat(one.version()).matches("[0-9a-f]{16}").isEqualTo(again.version()).isNotEqualTo(two.version());
        assertThat(one.prefix()).isEqualTo("/console/v/" + one.version() + "/");
    }

    @Test
    void content_isKnownForThePagesFilesOnly() {
        VersionedAssets assets = new VersionedAssets(ONE, "/console", FILES);

        assertThat(assets.content("views/page.js").toString(StandardCharsets.UTF_8)).isEqualTo("export const v = 1;\n");
        assertThat(assets.content("other.js")).isNull();
        assertThat(assets.content("../assets-two/app.js")).isNull();
    }

    @Test
    void aMissingFile_failsAtStart() {
        assertThatThrownBy(() -> new VersionedAssets(ONE, "/console", List.of("app.js", "missing.js")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("missing.js");
    }

    @Test
    void contentTypes_areThoseBrowsersRunAndStyleBy() {
        assertThat(VersionedAssets.contentType("app.js")).isEqualTo("text/javascript; charset=utf-8");
        assertThat(VersionedAssets.contentType("console.css")).isEqualTo("text/css; charset=utf-8");
        assertThatThrownBy(() -> VersionedAssets.contentType("index.html")).isInstanceOf(IllegalArgumentException.class);
    }
}

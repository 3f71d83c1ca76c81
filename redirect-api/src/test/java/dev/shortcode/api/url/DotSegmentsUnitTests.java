package dev.shortcode.api.url;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DotSegmentsUnitTests {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        // the WHATWG URL standard's path parser, for http(s)
        "/a/../evil/, /evil/", "/a/./b, /a/b", "/a/b/.., /a/", "/a/b/., /a/b/", "/../a, /a", "/.., /", "/., /",
        "/a/%2e%2e/b, /b", "/a/%2E%2e/b, /b", "/a/.%2e/b, /b", "/a/%2e./b, /b", "/a/%2e/b, /a/b", "/a//../b, /a/b",
        "/a/...b/c, /a/...b/c", "/a/.../c, /a/.../c", "/a.b/c, /a.b/c", "'', ''", "/, /", "/a/b, /a/b",
    })
    void remove_resolvesDotSegmentsOfEverySpelling(String path, String resolved) {
        assertThat(DotSegments.remove(path)).isEqualTo(resolved);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"/a/b", "/a.b/c.d", "/%41", "/a%2fb", "''"})
    void mayHave_pathWithoutDotSegments_isLeftAsItIs(String path) {
        assertThat(DotSegments.remove(path)).isSameAs(path);
    }
}

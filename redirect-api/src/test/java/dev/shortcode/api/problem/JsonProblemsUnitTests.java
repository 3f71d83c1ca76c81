package dev.shortcode.api.problem;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JsonProblemsUnitTests {

    @Test
    void withoutJavaNames_theParsersTypeAndMethodNames_becomeWordsAClientReads() {
        assertThat(JsonProblems.withoutJavaNames("Cannot deserialize value of type `java.lang.String` from Array value (token `JsonToken.START_ARRAY`)"))
                .doesNotContain("java.").contains("value of type text from Array value");
        assertThat(JsonProblems.withoutJavaNames("Name length (60000) exceeds the maximum allowed (50000) as determined by "
                + "`StreamReadConstraints.getMaxNameLength()`")).doesNotContain("StreamReadConstraints").doesNotContain("()");
        assertThat(JsonProblems.withoutJavaNames("Cannot deserialize value of type `dev.shortcode.api.link.CreateLinkRequest` from"))
                .doesNotContain("dev.shortcode").contains("value of type object from");
        assertThat(JsonProblems.withoutJavaNames("Unexpected end-of-input")).isEqualTo("Unexpected end-of-input");
    }
}

package dev.shortcode.api.redirect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QueryForwardingUnitTests {

    @Test
    void theVisitorsParameters_followTheTargetsOwn_inTheirOrder() {
        assertThat(QueryForwarding.merge("https://e.com/p?a=1", "utm_source=sms&b=2")).isEqualTo("https://e.com/p?a=1&utm_source=sms&b=2");
        assertThat(QueryForwarding.merge("https://e.com/p", "x=1")).isEqualTo("https://e.com/p?x=1");
        assertThat(QueryForwarding.merge("https://e.com/p?a=1", "a=2")).as("a repeated key: both kept, the target's first")
                .isEqualTo("https://e.com/p?a=1&a=2");
    }

    @Test
    void aFragment_staysLast() {
        assertThat(QueryForwarding.merge("https://e.com/p?a=1#top", "x=1")).isEqualTo("https://e.com/p?a=1&x=1#top");
        assertThat(QueryForwarding.merge("https://e.com/p#/route?q", "x=1")).isEqualTo("https://e.com/p?x=1#/route?q");
    }

    @Test
    void theQrMarker_emptyParts_andAnEmptyQuery_areNotPassedOn() {
        assertThat(QueryForwarding.merge("https://e.com/p", "qr=1")).isEqualTo("https://e.com/p");
        assertThat(QueryForwarding.merge("https://e.com/p", "qr=1&x=%20y&&")).isEqualTo("https://e.com/p?x=%20y");
        assertThat(QueryForwarding.merge("https://e.com/p", "")).isEqualTo("https://e.com/p");
        assertThat(QueryForwarding.merge("https://e.com/p", null)).isEqualTo("https://e.com/p");
        assertThat(QueryForwarding.merge("https://e.com/p", "flag&empty=")).isEqualTo("https://e.com/p?flag&empty=");
    }

    @Test
    void aTargetEndingInItsSeparator_getsNoSecondOne() {
        assertThat(QueryForwarding.merge("https://e.com/p?", "x=1")).isEqualTo("https://e.com/p?x=1");
        assertThat(QueryForwarding.merge("https://e.com/p?a=1&", "x=1")).isEqualTo("https://e.com/p?a=1&x=1");
    }
}

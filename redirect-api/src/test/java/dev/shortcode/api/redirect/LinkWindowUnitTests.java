package dev.shortcode.api.redirect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shortcode.core.store.LinkRouting;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The validity window at the instants around its ends, as the redirect judges them with the clock's time. */
class LinkWindowUnitTests {

    private static final long FROM = Instant.parse("2027-03-01T09:00:00Z").toEpochMilli();
    private static final long UNTIL = Instant.parse("2027-03-31T18:00:00Z").toEpochMilli();

    @Test
    void aWindow_isNotYetBeforeItsStart_openFromItsStart_andOverFromItsEnd() {
        LinkRouting window = LinkRouting.NONE.withWindow(FROM, UNTIL, null);
        assertThat(LinkWindow.of(window, FROM - 1)).isEqualTo(LinkWindow.NOT_YET);
        assertThat(LinkWindow.of(window, FROM)).isEqualTo(LinkWindow.OPEN);
        assertThat(LinkWindow.of(window, UNTIL - 1)).isEqualTo(LinkWindow.OPEN);
        assertThat(LinkWindow.of(window, UNTIL)).isEqualTo(LinkWindow.OVER);
        assertThat(LinkWindow.of(window, Long.MAX_VALUE)).isEqualTo(LinkWindow.OVER);
    }

    @Test
    void anOpenEnd_neverCloses_andAnOpenStart_isAlwaysBegun() {
        assertThat(LinkWindow.of(LinkRouting.NONE.withWindow(FROM, null, null), Long.MAX_VALUE)).isEqualTo(LinkWindow.OPEN);
        assertThat(LinkWindow.of(LinkRouting.NONE.withWindow(null, UNTIL, "https://example.com/over"), Long.MIN_VALUE))
                .isEqualTo(LinkWindow.OPEN);
        assertThat(LinkWindow.of(LinkRouting.NONE, 0)).isEqualTo(LinkWindow.OPEN);
    }
}

package dev.shortcode.api.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.api.error.InvalidRequestException;
import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class WebhookUrlsUnitTests {

    private final WebhookUrls refusing = new WebhookUrls(false);

    @Test
    void registration_refusesInternalAddressesInAnySpelling_unlessAllowed() {
        for (String url : new String[] {"http://169.254.169.254/latest/meta-data", "http://10.0.0.1/", "http://[::1]:8080/",
                "http://0x7f000001/", "http://localhost:9000/hook", "http://[::ffff:192.168.0.1]/"}) {
            assertThatThrownBy(() -> refusing.normalise(url)).as(url).isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("url");
        }
        assertThat(new WebhookUrls(true).normalise("http://127.0.0.1:9000/hook")).isEqualTo("http://127.0.0.1:9000/hook");
        assertThat(refusing.normalise("https://Hooks.Example/in")).isEqualTo("https://hooks.example/in");
    }

    /** A name that passed registration but resolves inside at delivery (DNS rebinding) is refused then. */
    @Test
    void delivery_resolvesTheHostAndRefusesAnInternalAnswer() throws Exception {
        assertThatThrownBy(() -> refusing.resolve("localhost")).isInstanceOf(WebhookUrls.RefusedAddressException.class)
                .hasMessageContaining("internal");
        assertThatThrownBy(() -> refusing.resolve("169.254.169.254")).isInstanceOf(WebhookUrls.RefusedAddressException.class)
                .hasMessageContaining("169.254.169.254");
        assertThatThrownBy(() -> refusing.resolve("no-such-host.invalid")).isInstanceOf(WebhookUrls.RefusedAddressException.class);
        assertThat(refusing.resolve("93.184.215.14")).isEqualTo(InetAddress.getByName("93.184.215.14"));
        assertThat(new WebhookUrls(true).resolve("localhost").isLoopbackAddress()).isTrue();
    }
}

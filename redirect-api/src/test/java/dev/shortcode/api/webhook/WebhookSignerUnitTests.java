package dev.shortcode.api.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class WebhookSignerUnitTests {

    /** The test vector the Standard Webhooks reference libraries share: a receiver's library accepts what matches it. */
    @Test
    void sign_reproducesTheSpecificationsTestVector() {
        String signature = WebhookSigner.sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330,
                "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8));

        assertThat(signature).isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    @Test
    void sign_dependsOnIdTimestampAndBody() {
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
        String secret = WebhookSigner.newSecret();
        String base = WebhookSigner.sign(secret, "msg_1", 1, body);

        assertThat(WebhookSigner.sign(secret, "msg_2", 1, body)).isNotEqualTo(base);
        assertThat(WebhookSigner.sign(secret, "msg_1", 2, body)).isNotEqualTo(base);
        assertThat(WebhookSigner.sign(secret, "msg_1", 1, "{ }".getBytes(StandardCharsets.UTF_8))).isNotEqualTo(base);
    }

    @Test
    void newSecret_isPrefixedBase64OfThirtyTwoRandomBytes() {
        String a = WebhookSigner.newSecret();

        assertThat(a).startsWith("whsec_").isNotEqualTo(WebhookSigner.newSecret());
        assertThat(Base64.getDecoder().decode(a.substring("whsec_".length()))).hasSize(32);
    }
}

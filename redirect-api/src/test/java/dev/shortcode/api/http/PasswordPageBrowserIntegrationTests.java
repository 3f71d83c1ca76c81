package dev.shortcode.api.http;

import static dev.shortcode.api.http.ApiClient.create;
import static dev.shortcode.api.http.ApiClient.key;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.net.URL;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * A link's password form in a real headless Chromium: it is accessible (axe-core finds no serious
 * or critical violation, before and after a wrong password), the page's own policy lets it post,
 * a wrong password shows the form again with an alert, and the right one leads on to the target.
 */
@QuarkusTest
@TestProfile(EmbeddedProfile.class)
class PasswordPageBrowserIntegrationTests {

    @TestHTTPResource("/")
    URL root;

    private TestBrowser chromium;

    @BeforeEach
    void openBrowser() throws IOException {
        chromium = TestBrowser.open("password", 1024, 768);
    }

    @AfterEach
    void closeBrowser() throws IOException {
        if (chromium != null) {
            chromium.close();
        }
    }

    @Test
    void theForm_isAccessible_refusesAWrongPassword_andTheRightOneLeadsToTheTarget() throws IOException {
        String code = create(key("links:write"), Map.of("url", "https://example.com/behind-the-password?from=form",
                "password", "correct horse")).then().statusCode(201).extract().path("code");
        chromium.driver().get(root + code);
        WebElement input = chromium.waiting().until(d -> d.findElement(By.id("password")));
        assertThat(chromium.driver().getTitle()).isEqualTo("Password required");
        assertThat(chromium.driver().getPageSource()).doesNotContain("behind-the-password");
        assertThat(chromium.accessibilityViolations()).as("serious and critical accessibility violations").isEmpty();
        chromium.resize(390, 844);
        assertThat(chromium.scrollsSideways()).as("the form scrolls sideways on a phone").isFalse();
        chromium.screenshot("target/password-form-phone.png");
        chromium.resize(1024, 768);

        input.sendKeys("wrong horse");
        chromium.driver().findElement(By.cssSelector("button[type=submit]")).click();
        WebElement alert = chromium.waiting().until(d -> d.findElement(By.cssSelector("[role=alert]")));
        assertThat(alert.getText()).contains("not this link's");
        assertThat(chromium.accessibilityViolations()).as("violations on the refusal").isEmpty();

        chromium.driver().findElement(By.id("password")).sendKeys("correct horse");
        chromium.driver().findElement(By.cssSelector("button[type=submit]")).click();
        // No network here: the browser fails to load the target, but it went there.
        chromium.waiting().until(d -> d.getCurrentUrl().startsWith("https://example.com/behind-the-password")
                || String.valueOf(chromium.script("return document.URL")).startsWith("https://example.com/"));
        assertThat(chromium.warningsAndErrors(m -> m.contains("example.com") || m.contains("401"))).as("browser console errors").isEmpty();
    }
}

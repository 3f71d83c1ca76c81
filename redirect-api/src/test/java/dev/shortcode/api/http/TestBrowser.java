package dev.shortcode.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.logging.Level;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real headless Chromium (Debian's chromium and chromedriver) driven by Selenium, for the tests
 * of the service's pages: a fresh profile, the browser log kept, screenshots, sideways scrolling,
 * and axe-core's accessibility checks injected from the test side (axe is never served by the
 * service). A missing browser fails the test: it is never skipped.
 */
final class TestBrowser implements AutoCloseable {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path profile;
    private final ChromeDriver driver;
    /** Browser log entries read so far: the log is drained by each read. */
    private final List<LogEntry> log = new ArrayList<>();
    private boolean axeRan;

    private TestBrowser(Path profile, ChromeDriver driver) {
        this.profile = profile;
        this.driver = driver;
    }

    /** Opens a browser window of {@code width} x {@code height}; {@code what} names the page under test in the messages. */
    static TestBrowser open(String what, int width, int height) throws IOException {
        String ci = "true".equals(System.getenv("CI")) ? " (CI=true: .ci/run installs chromium and chromium-driver)" : "";
        assertThat(Files.isExecutable(CHROMIUM)).as("%s is needed for the %s test%s: apt-get install -y chromium chromium-driver",
                CHROMIUM, what, ci).isTrue();
        assertThat(Files.isExecutable(CHROMEDRIVER)).as("%s is needed for the %s test%s", CHROMEDRIVER, what, ci).isTrue();
        Path profile = Files.createTempDirectory(what + "-chromium");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort()
                .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().window().setSize(new Dimension(width, height));
        return new TestBrowser(profile, driver);
    }

    ChromeDriver driver() {
        return driver;
    }

    /** A wait of up to a minute that looks again at a re-drawn element, and says what the browser logged when it fails. */
    WebDriverWait waiting() {
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(60));
        wait.ignoring(StaleElementReferenceException.class);
        wait.withMessage(() -> "the browser logged " + drained().stream().map(e -> e.getLevel() + " " + e.getMessage()).toList());
        return wait;
    }

    private List<LogEntry> drained() {
        log.addAll(driver.manage().logs().get(LogType.BROWSER).getAll());
        return List.copyOf(log);
    }

    Object script(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    void resize(int width, int height) {
        driver.manage().window().setSize(new Dimension(width, height));
    }

    /** Whether the page is wider than the window: a phone would have to scroll sideways. */
    boolean scrollsSideways() {
        return !(Boolean) script("return document.documentElement.scrollWidth <= window.innerWidth + 1");
    }

    void screenshot(String path) throws IOException {
        File shot = driver.getScreenshotAs(OutputType.FILE);
        Files.copy(shot.toPath(), Path.of(path), StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Every browser log entry so far, after a probe written into it shows that the log is read at
     * all (a log that is never read would pass any check).
     */
    List<LogEntry> log() {
        String probe = "browser test: log probe " + System.nanoTime();
        script("console.info(arguments[0])", probe);
        drained();
        assertThat(log).as("the browser log is read at all").anyMatch(e -> e.getMessage().contains(probe));
        return List.copyOf(log);
    }

    /**
     * The log's warnings and errors, but those {@code expected} accepts (a refusal the test asked
     * for, say) and the one axe-core's contrast checks cause themselves (reading canvas pixels
     * back), which is the test's, not the page's.
     */
    List<String> warningsAndErrors(Predicate<String> expected) {
        return log().stream().filter(e -> e.getLevel().intValue() >= Level.WARNING.intValue()).map(LogEntry::getMessage)
                .filter(m -> !(axeRan && m.contains("Canvas2D: Multiple readback operations using getImageData")))
                .filter(expected.negate()).toList();
    }

    /**
     * The page's serious and critical accessibility violations by axe-core (WCAG 2 A and AA and
     * best practices), each as "rule: help (elements)". axe.min.js comes from its webjar on the
     * test classpath and is run by the driver, outside the page's Content-Security-Policy.
     */
    List<String> accessibilityViolations() {
        if (!(Boolean) script("return typeof window.axe !== 'undefined'")) {
            script(axeSource());
        }
        axeRan = true;
        Object answer = driver.executeAsyncScript("const done = arguments[arguments.length - 1];"
                + "axe.run(document, {resultTypes: ['violations']}).then(r => done(JSON.stringify(r.violations)), e => done('error: ' + e));");
        assertThat(String.valueOf(answer)).as("axe ran").doesNotStartWith("error");
        List<String> serious = new ArrayList<>();
        try {
            for (JsonNode v : JSON.readTree(String.valueOf(answer))) {
                String impact = v.path("impact").asText();
                if (impact.equals("serious") || impact.equals("critical")) {
                    List<String> targets = new ArrayList<>();
                    v.path("nodes").forEach(n -> targets.add(n.path("target").toString()));
                    serious.add(v.path("id").asText() + " (" + impact + "): " + v.path("help").asText() + " " + targets);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return serious;
    }

    private static String axeSource() {
        String version = System.getProperty("axe-core.version");
        assertThat(version).as("the axe-core.version system property (set by the build)").isNotBlank();
        String resource = "META-INF/resources/webjars/axe-core/" + version + "/axe.min.js";
        try (InputStream in = TestBrowser.class.getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as("%s on the test classpath", resource).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        driver.quit();
        try (var files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        }
    }
}

package dev.shortcode.api.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real headless Chromium loading one URL and printing the document it ends on: after the page's
 * scripts and timers ran (in virtual time, up to the given budget) and any navigation they made.
 */
final class HeadlessChromium {

    private HeadlessChromium() {}

    /** The DOM Chromium ends on for {@code url}, asking as {@code userAgent}; a fresh profile under {@code profileDir}. */
    static String finalDom(String url, String userAgent, Path profileDir, int virtualMillis) throws IOException, InterruptedException {
        Path out = Files.createTempFile(profileDir.getParent(), "dom-", ".html");
        Process chromium = new ProcessBuilder(List.of("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profileDir, "--user-agent=" + userAgent, "--virtual-time-budget=" + virtualMillis, "--dump-dom", url))
                .redirectErrorStream(false).redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        if (!chromium.waitFor(90, TimeUnit.SECONDS)) {
            chromium.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("chromium did not finish loading " + url + " within 90 s");
        }
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}

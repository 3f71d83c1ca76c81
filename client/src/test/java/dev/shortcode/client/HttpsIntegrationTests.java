package dev.shortcode.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI against the service on https: a certificate the JVM does not trust is refused, one it
 * trusts (-Djavax.net.ssl.trustStore) carries single requests and a full-duplex bulk stream.
 */
class HttpsIntegrationTests {

    private static final String PASSWORD = "changeit";

    @TempDir
    Path dir;

    @Test
    void createAndBulkOverHttpsWithATrustedCertificateOnly(@TempDir Path data) throws Exception {
        Path keyStore = dir.resolve("server.p12");
        Path certificate = dir.resolve("server.crt");
        Path trustStore = dir.resolve("trust.p12");
        keytool("-genkeypair", "-alias", "service", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=localhost",
                "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-validity", "2", "-storetype", "PKCS12",
                "-keystore", keyStore.toString(), "-storepass", PASSWORD);
        keytool("-exportcert", "-alias", "service", "-keystore", keyStore.toString(), "-storepass", PASSWORD,
                "-rfc", "-file", certificate.toString());
        keytool("-importcert", "-noprompt", "-alias", "service", "-file", certificate.toString(),
                "-keystore", trustStore.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD);
        int httpsPort = ServiceUnderTest.freePort();
        StringBuilder lines = new StringBuilder("url\n");
        for (int i = 1; i <= 10_000; i++) {
            lines.append("https://example.com/tls/").append(i).append('\n');
        }
        Path file = Files.writeString(dir.resolve("links.csv"), lines);

        try (ServiceUnderTest service = ServiceUnderTest.start(data, Map.of(
                "QUARKUS_HTTP_SSL_PORT", Integer.toString(httpsPort),
                "QUARKUS_HTTP_SSL_CERTIFICATE_KEY_STORE_FILE", keyStore.toString(),
                "QUARKUS_HTTP_SSL_CERTIFICATE_KEY_STORE_PASSWORD", PASSWORD))) {
            String url = "https://localhost:" + httpsPort;

            CliProcess untrusted = cli(List.of(), url, "create", "https://example.com/tls/untrusted");
            assertThat(untrusted.exitCode).as(untrusted.output).isEqualTo(1);
            assertThat(untrusted.output).contains("could not reach https://localhost:" + httpsPort).containsIgnoringCase("certification path");

            List<String> trusting = List.of("-Djavax.net.ssl.trustStore=" + trustStore, "-Djavax.net.ssl.trustStorePassword=" + PASSWORD);
            CliProcess created = cli(trusting, url, "create", "https://example.com/tls/trusted");
            assertThat(created.exitCode).as(created.output).isZero();
            assertThat(created.output.trim()).matches("http://\\S+/[A-Za-z0-9]{5}");

            Path output = dir.resolve("out.csv");
            CliProcess bulk = cli(trusting, url, "bulk", file.toString(), "-o", output.toString());
            assertThat(bulk.exitCode).as(bulk.output).isZero();
            assertThat(bulk.output).contains("10,000 lines: 10,000 links, 0 problems");
            assertThat(Files.readAllLines(output)).hasSize(10_001).allSatisfy(row -> assertThat(row).doesNotContain(",400,"));
            assertThat(service.codesIssued()).as("one code for the create, one per line").isEqualTo(10_001);
        }
    }

    private record CliProcess(int exitCode, String output) {
    }

    /** The shaded CLI in a JVM of its own with {@code jvmOptions}; standard output and error together. */
    private CliProcess cli(List<String> jvmOptions, String url, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ServiceUnderTest.java()));
        command.addAll(ServiceUnderTest.CHILD_JVM_OPTIONS);
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", System.getProperty("cli.jar", "target/shortcode-cli.jar"),
                "--url", url, "--api-key", ServiceUnderTest.ADMIN_KEY));
        command.addAll(List.of(args));
        Path log = Files.createTempFile(dir, "cli-", ".log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("the CLI did not end within 2 minutes:\n" + Files.readString(log));
        }
        return new CliProcess(process.exitValue(), Files.readString(log));
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(1, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
    }
}

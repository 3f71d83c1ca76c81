package dev.shortcode.loadtest;

import io.vertx.core.Vertx;
import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** Versions of the tool and the stack it measures with, for {@code --version} and the benchmark write-up. */
public final class VersionInfo implements CommandLine.IVersionProvider {

    static String toolVersion() {
        String v = VersionInfo.class.getPackage().getImplementationVersion();
        return "loadtest " + (v == null ? "dev" : v);
    }

    static String vertxVersion() {
        try (InputStream in = Vertx.class.getClassLoader().getResourceAsStream("META-INF/vertx/vertx-version.txt")) {
            return in == null ? "unknown" : new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    static String nettyVersion() {
        return io.netty.util.Version.identify().values().stream()
                .filter(v -> v.artifactId().equals("netty-common"))
                .map(io.netty.util.Version::artifactVersion).findFirst().orElse("unknown");
    }

    @Override
    public String[] getVersion() {
        return new String[] {
                toolVersion(),
                "Vert.x " + vertxVersion() + ", Netty " + nettyVersion(),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
        };
    }
}

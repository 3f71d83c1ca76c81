package dev.shortcode.client.cli;

import dev.shortcode.client.ShortcodeClient;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "qr", description = "Writes a link's QR code (it holds the short URL with ?qr=1, counted as a QR scan).")
final class QrCommand extends LinkCommand {

    enum Format { png, svg }

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE", description = "Where to write the image.")
    Path output;

    @Option(names = "--format", paramLabel = "png|svg",
            description = "Image format; default: svg for a FILE ending in .svg, png otherwise.")
    Format format;

    @Option(names = "--size", paramLabel = "PIXELS", description = "128 to 2048; default: the service's.")
    int size;

    @Override
    int run(ShortcodeClient client, PrintWriter out) throws IOException {
        Format chosen = format != null ? format
                : output.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".svg") ? Format.svg : Format.png;
        byte[] image = client.qrCode(code, chosen.name(), size);
        Files.write(output, image);
        out.printf(Locale.ROOT, "wrote %s (%s, %,d bytes)%n", output, chosen, image.length);
        return 0;
    }
}

package dev.shortcode.loadtest;

import java.nio.file.Path;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where results go: {@code <outputDir>/<name>.json}, {@code .html}, {@code .png}.
 *
 * @param progress whether to print the once-a-second progress line (to stderr, so stdout is the table)
 */
public record OutputOptions(Path outputDir, String name, PlotFormat plot, boolean progress) {

    private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

    public OutputOptions {
        Objects.requireNonNull(outputDir, "--output-dir is required");
        Objects.requireNonNull(plot, "--plot is required");
        // The name becomes a file name: keep it to characters that are safe on every file system.
        LoadOptions.require(name != null && SAFE_NAME.matcher(name).matches(),
                "--name must be 1-100 characters of letters, digits, '.', '_' or '-' (was '" + name + "')");
    }

    /** The same place and formats under another name. */
    public OutputOptions withName(String other) {
        return new OutputOptions(outputDir, other, plot, progress);
    }

    public Path file(String extension) {
        return outputDir.resolve(name + "." + extension);
    }
}

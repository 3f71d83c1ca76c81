package dev.shortcode.loadtest;

import io.vertx.core.json.JsonObject;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code loadtest report FILE...}: Markdown tables of result JSON files, in the order given, so
 * bench/run.sh writes docs/BENCHMARKS.md from the same numbers the runs printed.
 */
@Command(name = "report",
        mixinStandardHelpOptions = true,
        versionProvider = VersionInfo.class,
        description = {"Prints Markdown tables of loadtest result JSON files (runs, then max-rate searches).", ""})
public final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "Result JSON files written by loadtest.")
    List<Path> files;

    @Override
    public Integer call() {
        List<RunSummary> runs = new ArrayList<>();
        List<MarkdownReport.NamedSearch> searches = new ArrayList<>();
        for (Path file : files) {
            JsonObject json = read(file);
            if (ResultJson.KIND_FIND_MAX.equals(json.getString("kind"))) {
                searches.add(new MarkdownReport.NamedSearch(file.getFileName().toString().replaceFirst("\\.json$", ""),
                        json.getString("scenario"), ResultJson.readFindMax(json)));
            } else {
                runs.add(ResultJson.readRun(json));
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (!runs.isEmpty()) {
            out.print(MarkdownReport.runs(runs));
        }
        if (!searches.isEmpty()) {
            if (!runs.isEmpty()) {
                out.println();
            }
            out.print(MarkdownReport.searches(searches));
        }
        out.flush();
        return 0;
    }

    private JsonObject read(Path file) {
        try {
            return new JsonObject(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            throw new ParameterException(spec.commandLine(), "cannot read result " + file + ": " + e.getMessage(), e);
        }
    }
}

package dev.shortcode.loadtest;

import io.vertx.core.json.JsonObject;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Writes a result's files into the output directory: {@code <name>.json}, {@code .html}, {@code .png}. */
final class ResultFiles {

    private final OutputOptions output;
    private final PrintWriter log;

    ResultFiles(OutputOptions output, PrintWriter log) {
        this.output = output;
        this.log = log;
    }

    List<Path> writeRun(RunSummary summary) {
        List<Path> written = new ArrayList<>();
        written.add(writeJson(ResultJson.run(summary)));
        written.addAll(writePlots(PlotFiles.plotOf(summary, null), ResultTable.render(summary)));
        return written;
    }

    List<Path> writeSearch(SearchResult result, String scenario, String target) {
        List<Path> written = new ArrayList<>();
        written.add(writeJson(ResultJson.findMax(result, scenario, target)));
        if (result.best() != null) {
            StringBuilder details = new StringBuilder(ResultTable.searchVerdict(result)).append("\n\n")
                    .append(ResultTable.stepHeader()).append('\n');
            result.steps().forEach(step -> details.append(ResultTable.stepLine(step)).append('\n'));
            details.append("\nbest passing step:\n").append(ResultTable.render(result.best()));
            written.addAll(writePlots(
                    PlotFiles.plotOf(result.best(), LatencyPercentiles.millis(result.p99BoundMicros())),
                    details.toString()));
        }
        return written;
    }

    private Path writeJson(JsonObject json) {
        Path file = output.file("json");
        try {
            Files.createDirectories(output.outputDir());
            Files.writeString(file, json.encodePrettily() + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return file;
    }

    private List<Path> writePlots(PercentilePlot plot, String details) {
        List<Path> written = new ArrayList<>();
        if (output.plot().html()) {
            Path html = output.file("html");
            PlotFiles.writeHtml(html, plot, details);
            written.add(html);
        }
        if (output.plot().png()) {
            Path png = output.file("png");
            try {
                PlotFiles.writePng(png, plot);
                written.add(png);
            } catch (RuntimeException | LinkageError | java.awt.AWTError e) {
                // Java2D can fail on a JDK without fonts; the HTML plot and the JSON still stand.
                log.println("warning: PNG plot not written (" + e + "); use --plot html");
            }
        }
        return written;
    }
}

package dev.shortcode.loadtest;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON result file: every figure of the result table (rates to 0.1/s, latencies in ms to the
 * microsecond, errors by kind, responses by status), the run's settings, and both histograms
 * encoded so the full distribution can be re-analysed. {@link #readRun} is the exact inverse of
 * {@link #run}; the {@code report} command and the tests rely on that.
 */
public final class ResultJson {

    public static final String KIND_RUN = "run";
    public static final String KIND_FIND_MAX = "find-max";

    private ResultJson() {
    }

    public static JsonObject run(RunSummary s) {
        return new JsonObject()
                .put("kind", KIND_RUN)
                .put("tool", VersionInfo.toolVersion())
                .put("name", s.name())
                .put("scenario", s.scenario())
                .put("target", s.target())
                .put("startedAt", s.startedAt().toString())
                .put("connections", s.connections())
                .put("requestedRate", s.requestedRate())
                .put("warmupSeconds", s.warmupSeconds())
                .put("durationSeconds", s.durationSeconds())
                .put("scheduled", s.scheduled())
                .put("sent", s.sent())
                .put("answered", s.answered())
                .put("achievedRate", s.achievedRate())
                .put("errors", new JsonObject().put("total", s.errorTotal()).put("byKind", counts(s.errors())))
                .put("statuses", counts(s.statuses()))
                .put("latencyMs", new JsonObject()
                        .put("note", "corrected = completion - intended send time (coordinated omission corrected);"
                                + " uncorrected = completion - actual send time")
                        .put("corrected", latency(s.corrected()))
                        .put("uncorrected", latency(s.uncorrected())))
                .put("schedulerLagMs", latency(s.schedulerLag()))
                .put("serverCpu", serverCpu(s.serverCpu()))
                .put("histograms", new JsonObject()
                        .put("unit", "microseconds")
                        .put("encoding", "HdrHistogram compressed, base64")
                        .put("corrected", HistogramCodec.encode(s.correctedHistogram()))
                        .put("uncorrected", HistogramCodec.encode(s.uncorrectedHistogram())));
    }

    public static JsonObject findMax(SearchResult r, String scenario, String target) {
        JsonArray steps = new JsonArray();
        for (SearchStep step : r.steps()) {
            steps.add(new JsonObject()
                    .put("step", step.step())
                    .put("rate", step.rate())
                    .put("passed", step.passed())
                    .put("reason", step.reason())
                    .put("achievedRate", step.achievedRate())
                    .put("p99Ms", LatencyPercentiles.millis(step.p99Micros()))
                    .put("uncorrectedP99Ms", LatencyPercentiles.millis(step.uncorrectedP99Micros()))
                    .put("errors", step.errors())
                    .put("schedulerLagP99Ms", LatencyPercentiles.millis(step.schedulerLagP99Micros()))
                    .put("serverCpuMicrosPerRequest", Double.isNaN(step.serverCpuMicros()) ? null : step.serverCpuMicros()));
        }
        return new JsonObject()
                .put("kind", KIND_FIND_MAX)
                .put("tool", VersionInfo.toolVersion())
                .put("scenario", scenario)
                .put("target", target)
                .put("p99BoundMs", LatencyPercentiles.millis(r.p99BoundMicros()))
                .put("maxErrorRatio", r.maxErrorRatio())
                .put("maxRate", r.maxRate())
                .put("steps", steps)
                .put("best", r.best() == null ? null : run(r.best()));
    }

    public static RunSummary readRun(JsonObject j) {
        requireKind(j, KIND_RUN);
        JsonObject latency = j.getJsonObject("latencyMs");
        JsonObject histograms = j.getJsonObject("histograms");
        return new RunSummary(
                j.getString("name"), j.getString("scenario"), j.getString("target"),
                Instant.parse(j.getString("startedAt")), j.getInteger("connections"),
                j.getDouble("requestedRate"), j.getDouble("warmupSeconds"), j.getDouble("durationSeconds"),
                j.getLong("scheduled"), j.getLong("sent"), j.getLong("answered"), j.getDouble("achievedRate"),
                readCounts(j.getJsonObject("statuses")), readCounts(j.getJsonObject("errors").getJsonObject("byKind")),
                readLatency(latency.getJsonObject("corrected")), readLatency(latency.getJsonObject("uncorrected")),
                readLatency(j.getJsonObject("schedulerLagMs")),
                HistogramCodec.decode(histograms.getString("corrected")),
                HistogramCodec.decode(histograms.getString("uncorrected")),
                readServerCpu(j.getJsonObject("serverCpu")));
    }

    public static SearchResult readFindMax(JsonObject j) {
        requireKind(j, KIND_FIND_MAX);
        List<SearchStep> steps = new ArrayList<>();
        for (Object o : j.getJsonArray("steps")) {
            JsonObject s = (JsonObject) o;
            steps.add(new SearchStep(s.getInteger("step"), s.getDouble("rate"), s.getBoolean("passed"),
                    s.getString("reason"), s.getDouble("achievedRate"), micros(s.getDouble("p99Ms")),
                    micros(s.getDouble("uncorrectedP99Ms")), s.getLong("errors"), micros(s.getDouble("schedulerLagP99Ms", 0.0)),
                    orNaN(s.getDouble("serverCpuMicrosPerRequest"))));
        }
        JsonObject best = j.getJsonObject("best");
        return new SearchResult(micros(j.getDouble("p99BoundMs")), j.getDouble("maxErrorRatio"),
                j.getDouble("maxRate"), steps, best == null ? null : readRun(best));
    }

    /** Null (not measured, or a file from before the field) as NaN. */
    private static double orNaN(Double value) {
        return value == null ? Double.NaN : value;
    }

    private static JsonObject serverCpu(ServerCpu cpu) {
        if (cpu == null) {
            return null;
        }
        return new JsonObject()
                .put("pid", cpu.pid())
                .put("cpuSeconds", cpu.cpuSeconds())
                .put("wallSeconds", cpu.wallSeconds())
                .put("answered", cpu.answered())
                .put("microsPerRequest", cpu.microsPerRequest())
                .put("cores", cpu.cores());
    }

    private static ServerCpu readServerCpu(JsonObject j) {
        return j == null ? null
                : new ServerCpu(j.getLong("pid"), j.getDouble("cpuSeconds"), j.getDouble("wallSeconds"), j.getLong("answered"));
    }

    private static void requireKind(JsonObject j, String kind) {
        if (!kind.equals(j.getString("kind"))) {
            throw new IllegalArgumentException("expected a '" + kind + "' result, got kind '" + j.getString("kind") + "'");
        }
    }

    private static JsonObject latency(LatencyPercentiles p) {
        return new JsonObject()
                .put("count", p.count())
                .put("p50", LatencyPercentiles.millis(p.p50Micros()))
                .put("p90", LatencyPercentiles.millis(p.p90Micros()))
                .put("p99", LatencyPercentiles.millis(p.p99Micros()))
                .put("p99.9", LatencyPercentiles.millis(p.p999Micros()))
                .put("max", LatencyPercentiles.millis(p.maxMicros()))
                .put("mean", LatencyPercentiles.millis(p.meanMicros()));
    }

    private static LatencyPercentiles readLatency(JsonObject j) {
        return new LatencyPercentiles(j.getLong("count"), micros(j.getDouble("p50")), micros(j.getDouble("p90")),
                micros(j.getDouble("p99")), micros(j.getDouble("p99.9")), micros(j.getDouble("max")),
                micros(j.getDouble("mean")));
    }

    private static long micros(double millis) {
        return Math.round(millis * 1000);
    }

    private static JsonObject counts(Map<String, Long> counts) {
        JsonObject o = new JsonObject();
        counts.forEach(o::put);
        return o;
    }

    private static Map<String, Long> readCounts(JsonObject o) {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String key : o.fieldNames()) {
            counts.put(key, o.getLong(key));
        }
        return counts;
    }
}

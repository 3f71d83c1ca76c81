package dev.shortcode.testing.redis;

import java.util.HashMap;
import java.util.Map;

/** Figures read from the text of Redis' {@code INFO} sections, for tests and measurements. */
public final class RedisInfo {

    private RedisInfo() {}

    /** Redis' own CPU time in seconds, user and system, from {@code INFO cpu}. */
    public static double cpuSeconds(String infoCpu) {
        double seconds = 0;
        for (String line : infoCpu.split("\r?\n")) {
            if (line.startsWith("used_cpu_sys:") || line.startsWith("used_cpu_user:")) {
                seconds += Double.parseDouble(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        return seconds;
    }

    /** Calls per command from {@code INFO commandstats} (commands run inside scripts included). */
    public static Map<String, Long> commandCalls(String infoCommandstats) {
        Map<String, Long> calls = new HashMap<>();
        for (String line : infoCommandstats.split("\r?\n")) {
            if (line.startsWith("cmdstat_")) {
                String name = line.substring("cmdstat_".length(), line.indexOf(':'));
                int at = line.indexOf("calls=") + "calls=".length();
                calls.merge(name, Long.parseLong(line.substring(at, line.indexOf(',', at))), Long::sum);
            }
        }
        return calls;
    }
}

package dev.shortcode.loadtest;

/**
 * CPU the server under test used while a run was measured (from the first measured request's
 * send to the end of the drain).
 *
 * @param pid         the process measured
 * @param cpuSeconds  user + system CPU seconds it used in that window
 * @param wallSeconds the window's length
 * @param answered    responses the window's requests got
 */
public record ServerCpu(long pid, double cpuSeconds, double wallSeconds, long answered) {

    /** CPU microseconds per answered request; NaN when nothing was answered. */
    public double microsPerRequest() {
        return answered == 0 ? Double.NaN : cpuSeconds * 1e6 / answered;
    }

    /** Average cores busy in the window. */
    public double cores() {
        return wallSeconds <= 0 ? Double.NaN : cpuSeconds / wallSeconds;
    }
}

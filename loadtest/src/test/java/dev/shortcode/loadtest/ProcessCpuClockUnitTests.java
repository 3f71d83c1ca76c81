package dev.shortcode.loadtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ProcessCpuClockUnitTests {

    @Test
    void parseCpuSeconds_commandWithSpacesAndParentheses_readsUtimePlusStime() {
        String line = "4242 (vert.x (loop) 1) S 1 4242 4242 0 -1 4194560 1000 0 0 0 250 125 0 0 20 0 40 0 100 0 0";
        assertEquals(3.75, ProcessCpuClock.parseCpuSeconds(line), 1e-9);
    }

    @Test
    void cpuSeconds_busyOwnProcess_grows() {
        ProcessCpuClock clock = ProcessCpuClock.of(ProcessHandle.current().pid());
        double before = clock.cpuSeconds();
        long sink = 0;
        long until = System.nanoTime() + 300_000_000L;
        while (System.nanoTime() < until) {
            sink += Long.numberOfTrailingZeros(sink + System.nanoTime());
        }
        assertTrue(sink >= 0);
        assertTrue(clock.cpuSeconds() - before >= 0.1, "300 ms of spinning shows as at least 0.1 s of CPU");
    }

    @Test
    void of_noSuchProcess_namesTheOption() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProcessCpuClock.of(Integer.MAX_VALUE));
        assertTrue(e.getMessage().startsWith("--server-pid " + Integer.MAX_VALUE), e.getMessage());
    }

    @Test
    void microsPerRequest_cpuAndAnswers_divides() {
        ServerCpu cpu = new ServerCpu(1, 2.0, 10.0, 40_000);
        assertEquals(50.0, cpu.microsPerRequest(), 1e-9);
        assertEquals(0.2, cpu.cores(), 1e-9);
        assertTrue(Double.isNaN(new ServerCpu(1, 1, 1, 0).microsPerRequest()));
    }
}

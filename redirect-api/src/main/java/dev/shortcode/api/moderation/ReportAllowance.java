package dev.shortcode.api.moderation;

import java.time.Clock;
import java.time.Duration;

/** Reports per client address: {@link #PER_HOUR} an hour on each node. */
public final class ReportAllowance {

    /** A person reports a link or two; a script reporting thousands is refused. */
    public static final int PER_HOUR = 10;

    private final ClientAllowance allowance = new ClientAllowance("reports", PER_HOUR, Duration.ofHours(1), Clock.systemUTC());

    void take(String address) {
        allowance.take(address);
    }
}

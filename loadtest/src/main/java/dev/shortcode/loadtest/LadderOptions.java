package dev.shortcode.loadtest;

/**
 * How {@code --find-max --versus} climbs: from {@code --rate} up by {@code stepRate} requests/s,
 * each rate run up to {@code tries} times per target.
 *
 * @param stepRate how much each rung of the ladder adds to the rate
 * @param tries    runs per target and rung; a rung passes for a target when most of them pass,
 *                 so it is odd, and a target stops being run at a rung once its verdict is decided
 */
public record LadderOptions(double stepRate, int tries) {

    public LadderOptions {
        LoadOptions.require(stepRate >= 1 && stepRate <= LoadOptions.MAX_RATE,
                "--ladder-step must be 1.." + (long) LoadOptions.MAX_RATE + " (was " + stepRate + ")");
        LoadOptions.require(tries >= 1 && tries <= 9 && tries % 2 == 1, "--tries must be odd, 1..9 (was " + tries + ")");
    }

    /** Passing runs that decide a rung for a target: more than half its tries. */
    int majority() {
        return tries / 2 + 1;
    }
}

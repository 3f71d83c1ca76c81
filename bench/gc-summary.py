#!/usr/bin/env python3
"""bench/gc-summary.py — young collections, summarised per -Xlog file: pauses for any collector,
survivors and promotions for the serial one (the collector a JVM with one CPU picks).

Usage: bench/gc-summary.py FILE.gc.log [...]  (logs written with -Xlog:gc*, as
AB_GC_LOG='gc*,gc+age=trace' bench/ab.sh writes them). Per file: how many young
collections, their pause (median, 90th percentile, max), what survived each in the survivor space
(median, max) and what each promoted to the old generation (median, total). A young pause of the
serial collector grows with what it copies: survivors are copied again at every collection until
they are old enough to be promoted (the age table shows how long they live)."""
import re
import statistics
import sys

PAUSE = re.compile(r"GC\((\d+)\) Pause Young .* (\d+\.\d+)ms")
SURVIVORS = re.compile(r"GC\((\d+)\) DefNew: .*From: \d+K\(\d+K\)->(\d+)K")
TENURED = re.compile(r"GC\((\d+)\) Tenured: (\d+)K\(\d+K\)->(\d+)K")


def summarise(path):
    pauses, survivors, promoted = {}, {}, {}
    with open(path, encoding="utf-8", errors="replace") as log:
        for line in log:
            if m := PAUSE.search(line):
                pauses[m.group(1)] = float(m.group(2))
            elif m := SURVIVORS.search(line):
                survivors[m.group(1)] = int(m.group(2))
            elif m := TENURED.search(line):
                promoted[m.group(1)] = max(0, int(m.group(3)) - int(m.group(2)))
    if not pauses:
        return f"{path}: no young collections"
    p = sorted(pauses.values())
    line = (f"{path}: {len(p)} young collections; pause median {statistics.median(p):.1f} ms, "
            f"p90 {p[int(0.9 * (len(p) - 1))]:.1f}, max {p[-1]:.1f}")
    young = [gc for gc in pauses if gc in survivors]
    if not young:
        return line + " (no survivors: the serial collector logs them with -Xlog:gc*)"
    s = [survivors[gc] for gc in young]
    t = [promoted.get(gc, 0) for gc in young]
    return (line + f"; survivors median {statistics.median(s):,.0f} kB, max {max(s):,} kB; "
            f"promoted median {statistics.median(t):,.0f} kB, total {sum(t):,} kB")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for name in sys.argv[1:]:
        print(summarise(name))

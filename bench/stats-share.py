#!/usr/bin/env python3
"""bench/stats-share.py PROFILE.collapsed [REDIRECTS] — what click statistics take of the service's
CPU, from one async-profiler profile of a run with stats on (event=cpu, threads, collapsed, as
bench/ab.sh writes with AB_PROFILER set).

A share measured within one run does not move with the shared box the way two runs minutes apart
do. Counted as the stats': the click flusher's, the roll-up's and the embedded retention's threads,
and on any other thread the frames of the stats code (recording the click on the event loop; the
embedded store's journal writes and folds on the storage writer) and of byte-array values in
Lettuce (the flush's script arguments: the redirect path sends text). The JIT's threads are left
out of both sides. The embedded fold runs once a minute: a profile of under a minute holds one fold
or none. With REDIRECTS (answered during the profile), per-redirect figures too, taking each
sample as the profile's interval (1 ms) of CPU.
"""
import collections
import sys

STATS_THREADS = ("shortcode-click-flusher", "shortcode-click-rollup", "shortcode-embedded-click-retention")
STATS_FRAMES = ("dev/shortcode/api/stats/", "dev/shortcode/core/redis/RedisClickStore", "dev/shortcode/core/embedded/EmbeddedClickStore",
                "ByteArrayCodec")


def main(path, redirects):
    threads, stats_by_thread = collections.Counter(), collections.Counter()
    for line in open(path):
        stack, _, count = line.rstrip("\n").rpartition(" ")
        frames = stack.split(";")
        thread = frames[0].strip("[]").split(" tid=")[0]
        if "CompilerThre" in thread:
            continue
        n = int(count)
        threads[thread] += n
        if thread.startswith(STATS_THREADS) or any(marker in f for f in frames[1:] for marker in STATS_FRAMES):
            stats_by_thread[thread] += n
    total, stats = sum(threads.values()), sum(stats_by_thread.values())
    scale = 1000.0 / redirects if redirects else None  # µs per redirect per 1 ms sample
    print(f"samples (all but the JIT): {total}, the stats': {stats} = {100.0 * stats / total:.1f} % of the service's CPU,"
          f" +{100.0 * stats / max(1, total - stats):.1f} % over the rest")
    for thread, n in stats_by_thread.most_common():
        per = f"  {n * scale:6.2f} µs/redirect" if scale else ""
        print(f"  stats on {thread}: {n}{per}")
    if scale:
        print(f"  all but the JIT: {total * scale:.2f} µs/redirect, of which the stats' {stats * scale:.2f}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0)

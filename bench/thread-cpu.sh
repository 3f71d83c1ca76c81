#!/usr/bin/env bash
# bench/thread-cpu.sh PID — CPU seconds a running JVM has spent so far, per thread name (threads of
# one pool summed, names cut to the kernel's 15 characters), largest first, from /proc. Take it
# before and after a load run and subtract to see where a feature's CPU goes: the flusher, the
# storage writer, GC (the VM Thread runs the serial collector a one-CPU JVM picks), the JIT.
set -euo pipefail
pid=${1:?usage: bench/thread-cpu.sh PID}
ticks=$(getconf CLK_TCK)
for task in /proc/"$pid"/task/*; do
  # comm may hold spaces; utime and stime are fields 14 and 15 of stat, counted after the ")"
  name=$(cat "$task/comm" 2>/dev/null) || continue
  cpu=$(sed 's/^.*) //' "$task/stat" 2>/dev/null | awk '{print $12 + $13}') || continue
  printf '%s\t%s\n' "$name" "$cpu"
done | sed -E 's/[-#]?[0-9]+\t/\t/' | awk -F'\t' -v t="$ticks" '{s[$1] += $2} END {for (n in s) if (s[n] > 0) printf "%8.2f s  %s\n", s[n] / t, n}' | sort -rn

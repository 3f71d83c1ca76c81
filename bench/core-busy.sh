#!/usr/bin/env bash
# bench/core-busy.sh — how busy each CPU is, once a second, from /proc/stat: lines of
# "<epoch seconds> <busy % of cpu0> <busy % of cpu1> ...", until killed (busy counts steal too:
# time a virtual machine's host gave to others is not ours either). Run it in the background
# around a measurement to see which CPU ran out first: on a box this small the service under test
# has one CPU and the generator, Redis and HBase share the rest, so a maximum rate can be the
# others' limit rather than the service's.
#
# bench/core-busy.sh mean FILE FROM TO — each CPU's mean busy % over the lines of FILE from epoch
# second FROM to TO, as "cpu0 87 %, cpu1 52 %".
set -euo pipefail
if [[ ${1:-} == mean ]]; then
  awk -v from="$3" -v to="$4" '$1 >= from && $1 <= to { n++; for (i = 2; i <= NF; i++) s[i] += $i; w = NF }
    END { if (!n) { print "no samples"; exit } for (i = 2; i <= w; i++) printf "%scpu%d %d %%", (i > 2 ? ", " : ""), i - 2, s[i] / n; print "" }' "$2"
  exit
fi
declare -a busy0 total0
first=1
while true; do
  i=0
  line=$(date +%s)
  while read -r name user nice system idle iowait irq softirq steal _; do
    [[ $name =~ ^cpu[0-9]+$ ]] || continue
    busy=$((user + nice + system + irq + softirq + steal))
    total=$((busy + idle + iowait))
    if [[ -z $first ]]; then
      dt=$((total - total0[i]))
      line+=" $(( dt > 0 ? 100 * (busy - busy0[i]) / dt : 0 ))"
    fi
    busy0[i]=$busy total0[i]=$total
    i=$((i + 1))
  done </proc/stat
  [[ -z $first ]] && echo "$line"
  first=
  sleep 1
done

#!/usr/bin/env bash
# bench/stats-ab.sh — click statistics on against off: the redirect's maximum rate and server CPU
# per redirect, in embedded and Redis mode, each pair measured back to back in one run on this box;
# and, in Redis mode, the Redis commands per 1,000 redirects (INFO commandstats) and the bytes of
# Redis per link-day of stats (MEMORY USAGE).
#
# Like bench/run.sh: loopback only, the service alone on the last CPU (taskset) with one event loop,
# generator, Redis and HBase on the others; everything it starts is stopped when it ends.
# Build first: mvn -B -q package -DskipTests. Settings (environment):
#   AB_RATE=8000 (steady-state run, redirects/s: below both maxima, so that the CPU per redirect
#   of stats on and off is compared at the same rate) AB_DURATION=10s AB_LINKS=10000 AB_ZIPF=1.0
#   AB_P99=10ms AB_STEP=5s AB_STEPS=10 AB_START=2000 AB_MODES="embedded redis" AB_OUT=bench/out/stats-ab
#   AB_ROUNDS=1 (rounds of off-then-on per mode; with more, each side's best maximum is compared,
#   so that a round disturbed by the shared box does not decide the ratio) AB_PRIME=20s (redirects
#   before the steady run) AB_FIND_MAX=1 (0 skips the maximum-rate search) AB_PROFILER (the path of
#   async-profiler's libasyncProfiler.so: each steady run is profiled, $OUT/<side>.collapsed, and
#   bench/stats-share.py prints the stats' share of the service's CPU within that one run)
# Each steady run also writes the service's CPU per redirect by thread ($OUT/<side>-threads.txt,
# from bench/thread-cpu.sh before and after it), printed at the end: the steadiest figure, since
# the stats' own threads show apart from the event loop's noise.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
RATE=${AB_RATE:-8000}
DURATION=${AB_DURATION:-10s}
LINKS=${AB_LINKS:-10000}
ZIPF=${AB_ZIPF:-1.0}
P99=${AB_P99:-10ms}
STEP=${AB_STEP:-5s}
STEPS=${AB_STEPS:-10}
START=${AB_START:-2000}
OUT=${AB_OUT:-bench/out/stats-ab}
MODES=${AB_MODES:-embedded redis}
ROUNDS=${AB_ROUNDS:-1}
PRIME=${AB_PRIME:-20s}
FIND_MAX=${AB_FIND_MAX:-1}
PROFILER=${AB_PROFILER:-}
JAR=loadtest/target/loadtest.jar
SERVICE_JAR=redirect-api/target/quarkus-app/quarkus-run.jar
KEY=sck_bench_admin_key_of_enough_length_42
LOG_NAME=stats-ab
LOG_DIR=$OUT
# shellcheck source=bench/lib.sh
source bench/lib.sh
if [[ " $MODES " == *" redis "* ]]; then
  start_redis
  start_hbase
fi
redirects() { curl -s "http://127.0.0.1:$1/q/metrics" | awk '/^shortcode_redirects_total\{outcome="found"/ {print $2}' | cut -d. -f1; }

echo "| round | mode | stats | max redirect rate (p99 ≤ $P99) | server CPU µs/redirect at max | CPU µs/redirect at $RATE/s | Redis commands per 1,000 redirects at $RATE/s |"
echo "|---|---|---|---:|---:|---:|---:|"
declare -A BEST
THREAD_FILES=()
for mode in $MODES; do
  for round in $(seq 1 "$ROUNDS"); do
  for stats in false true; do
    name="$mode-stats-$stats-r$round"
    [[ $mode == redis ]] && rcli flushall >/dev/null
    start_service "$name" "$mode" SHORTCODE_STATS_ENABLED="$stats"
    p=$SERVICE_PORT mp=$SERVICE_MGMT_PORT spid=$SERVICE_PID
    common=(--target "http://127.0.0.1:$p" --connections 64 --links "$LINKS" --zipf "$ZIPF" --api-key "$KEY" --server-pid "$spid" --output-dir "$OUT")
    "${REST_PIN[@]}" java -Xmx1g -jar "$JAR" "${common[@]}" --name "$name-prime" --scenario redirect --rate "$RATE" --duration "$PRIME" --warmup 5s >/dev/null 2>&1
    [[ -n $PROFILER ]] && jcmd "$spid" JVMTI.agent_load "$PROFILER" "\"start,event=cpu,interval=1ms,threads\"" >/dev/null
    bench/thread-cpu.sh "$spid" >"$TMP_DIR/threads-before"
    before=0; [[ $mode == redis ]] && before=$(redis_calls)
    served_before=$(redirects "$mp")
    "${REST_PIN[@]}" java -Xmx1g -jar "$JAR" "${common[@]}" --name "$name-steady" --scenario redirect --rate "$RATE" --duration "$DURATION" --warmup 3s \
      >"$OUT/$name-steady.out" 2>"$OUT/$name-steady.err"
    sleep 3 # the last flush
    after=0; [[ $mode == redis ]] && after=$(redis_calls)
    answered=$(( $(redirects "$mp") - served_before ))
    bench/thread-cpu.sh "$spid" >"$TMP_DIR/threads-after"
    bench/thread-diff.py "$TMP_DIR/threads-before" "$TMP_DIR/threads-after" "$answered" >"$OUT/$name-threads.txt"
    if [[ -n $PROFILER ]]; then
      jcmd "$spid" JVMTI.agent_load "$PROFILER" "\"stop,file=$(realpath "$OUT")/$name.collapsed,collapsed\"" >/dev/null
      bench/stats-share.py "$OUT/$name.collapsed" "$answered" >>"$OUT/$name-threads.txt"
    fi
    THREAD_FILES+=("$OUT/$name-threads.txt")
    max=- cpumax=-
    if [[ $FIND_MAX == 1 ]]; then
      "${REST_PIN[@]}" java -Xmx1g -jar "$JAR" "${common[@]}" --name "$name-max" --scenario redirect --find-max --p99 "$P99" --rate "$START" \
        --duration "$STEP" --warmup 1s --max-steps "$STEPS" --retries 1 >"$OUT/$name-max.out" 2>"$OUT/$name-max.err"
      max=$(jq -r '.maxRate // 0' "$OUT/$name-max.json")
      cpumax=$(jq -r '.best.serverCpu.microsPerRequest // 0 | . * 10 | round / 10' "$OUT/$name-max.json")
    fi
    cpusteady=$(jq -r '.serverCpu.microsPerRequest // 0 | . * 10 | round / 10' "$OUT/$name-steady.json")
    if [[ $mode == redis ]]; then
      per=$(python3 -c "print(round(($after - $before) * 1000 / max(1, $answered), 1))")
      if [[ $stats == true ]]; then
        # bytes per link-day: every link's day hash and its visitors' HyperLogLog, summed
        rcli --scan --pattern 'sc:s:{*}:*' >"$TMP_DIR/keys"
        grep -v '{~' "$TMP_DIR/keys" | grep -v ':l$' >"$TMP_DIR/link-keys" || true
        days=$(grep -cv ':u$' "$TMP_DIR/link-keys" || true)
        bytes=$(while read -r k; do rcli memory usage "$k" samples 0; done <"$TMP_DIR/link-keys" | awk '{n += $1} END {print n + 0}')
        BYTES_NOTE="Redis bytes per link-day (day hash + visitors' HyperLogLog, MEMORY USAGE, after the runs above: $days link-days): $((bytes / (days > 0 ? days : 1)))"
      fi
    else
      per="-"
    fi
    echo "| $round | $mode | $stats | $max | $cpumax | $cpusteady | $per |"
    [[ $max != - ]] && (( max > ${BEST[$mode-$stats]:-0} )) && BEST[$mode-$stats]=$max
    stop_pid "$spid"
  done
  done
done
echo
[[ $FIND_MAX == 1 ]] && for mode in $MODES; do
  off=${BEST[$mode-false]:-0}
  on=${BEST[$mode-true]:-0}
  echo "$mode: best maximum with stats $on / without $off = $(python3 -c "print(round(100 * $on / max(1, $off)))") %"
done
echo
echo "${BYTES_NOTE:-}"
echo
echo "Server CPU per redirect by thread in the steady runs ($RATE/s for $DURATION after $PRIME):"
for f in "${THREAD_FILES[@]}"; do
  echo "$(basename "$f" -threads.txt):"
  cat "$f"
done

#!/usr/bin/env bash
# bench/stats-ladder.sh — click statistics on against off, the redirect's maximum rate compared
# side by side: both services run at once (one with stats off, one with them on, each alone on
# the last CPU while the generator loads it), and one generator climbs one ladder of rates with
# both (loadtest --find-max --versus): at each rate, up to AB_TRIES runs per service, alternating
# which goes first, so that the shared box's drift falls on both alike. A service's maximum is its
# last rate before the first that most of its runs fail. bench/stats-ab.sh gives the CPU per
# redirect; this one gives the rate ratio, which two separate searches cannot on this box.
#
# Each service's collections go to $OUT/<mode>-stats-<false|true>.gc.log (-Xlog:$AB_GC_LOG, gc by
# default; AB_GC_LOG='gc*,gc+age=trace' adds what survives each young collection, by age).
# Like bench/run.sh: loopback only, the services pinned to the last CPU with one event loop each,
# generator, Redis and HBase on the others; everything it starts is stopped when it ends.
# Build first: mvn -B -q package -DskipTests. Settings (environment):
#   AB_MODES="embedded redis" AB_START=10000 (first rung, redirects/s) AB_LADDER_STEP=1000
#   AB_TRIES=3 AB_STEP=5s (measured time per run, after 1 s of warm-up) AB_MAX_STEPS=20 (rungs)
#   AB_P99=10ms AB_LINKS=10000 AB_ZIPF=1.0 AB_PRIME=20s (redirects at AB_PRIME_RATE=8000/s on each
#   service before the ladder) AB_OUT=bench/out/stats-ladder AB_NICE (a pattern of thread names,
#   e.g. shortcode-click: those threads of the stats-on service run at nice 10, to see whether
#   their bursts on the service's CPU are what the stats cost the rate) AB_REDIS_NICE=0 (1: Redis
#   runs at nice 10, so that its work, the stats' flush above all, waits while the generator on the
#   same CPU has work, as it would with Redis on a machine of its own)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
MODES=${AB_MODES:-embedded redis}
START=${AB_START:-10000}
LADDER_STEP=${AB_LADDER_STEP:-1000}
TRIES=${AB_TRIES:-3}
STEP=${AB_STEP:-5s}
MAX_STEPS=${AB_MAX_STEPS:-20}
P99=${AB_P99:-10ms}
LINKS=${AB_LINKS:-10000}
ZIPF=${AB_ZIPF:-1.0}
PRIME=${AB_PRIME:-20s}
PRIME_RATE=${AB_PRIME_RATE:-8000}
OUT=${AB_OUT:-bench/out/stats-ladder}
JAR=loadtest/target/loadtest.jar
SERVICE_JAR=redirect-api/target/quarkus-app/quarkus-run.jar
KEY=sck_bench_admin_key_of_enough_length_42
LOG_NAME=stats-ladder
LOG_DIR=$OUT
# shellcheck source=bench/lib.sh
source bench/lib.sh
if [[ " $MODES " == *" redis "* ]]; then
  start_redis
  [[ ${AB_REDIS_NICE:-0} == 1 ]] && renice -n 10 -p "$REDIS_PID" >/dev/null
  start_hbase
fi

SUMMARY=()
for mode in $MODES; do
  [[ $mode == redis ]] && rcli flushall >/dev/null
  for stats in false true; do
    start_service "$mode-stats-$stats" "$mode" SHORTCODE_STATS_ENABLED="$stats" JDK_JAVA_OPTIONS="-Xlog:${AB_GC_LOG:-gc}:file=$OUT/$mode-stats-$stats.gc.log"
    if [[ $stats == false ]]; then
      off_port=$SERVICE_PORT off_pid=$SERVICE_PID
    else
      on_port=$SERVICE_PORT on_pid=$SERVICE_PID
    fi
  done
  if [[ -n ${AB_NICE:-} ]]; then
    for t in /proc/"$on_pid"/task/*; do grep -qE "$AB_NICE" "$t/comm" && renice -n 10 -p "${t##*/}" >/dev/null; done
  fi
  redirect_prime "$off_port" "$off_pid" "$mode-off"
  redirect_prime "$on_port" "$on_pid" "$mode-on"
  log "$mode: ladder from $START/s by $LADDER_STEP, $TRIES tries, stats off (target) against on (versus)"
  redirect_ladder "$mode-ladder" "$off_port" "$off_pid" "$on_port" "$on_pid"
  cat "$OUT/$mode-ladder.out"
  SUMMARY+=("$mode: $(grep '^versus / target' "$OUT/$mode-ladder.out" | sed 's/versus \/ target/stats on \/ off/')")
  stop_pid "$on_pid"
  stop_pid "$off_pid"
done
echo
printf '%s\n' "${SUMMARY[@]}"

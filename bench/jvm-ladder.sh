#!/usr/bin/env bash
# bench/jvm-ladder.sh — the service under one set of JVM options against another: the redirect's
# maximum rate under the p99 bound, both services on one ladder of rates climbed by one generator
# (loadtest --find-max --versus), so that the shared box's drift falls on both alike. Each side's
# young collections go to $OUT/<a|b>.gc.log and are summarised at the end (bench/gc-summary.py).
# Like bench/stats-ladder.sh: loopback only, each service pinned to the last CPU with one event
# loop, generator, Redis and HBase on the others; everything it starts is stopped when it ends.
# Build first: mvn -B -q package -DskipTests. Settings (environment):
#   JL_A="-Xmx1g" (target side: a JVM's defaults with the heap's maximum) JL_B (versus side: the
#   default of bench/lib.sh) JL_MODE=redis (or embedded) JL_START=4000 JL_LADDER_STEP=2000
#   JL_TRIES=3 JL_STEP=5s JL_MAX_STEPS=14 JL_P99=10ms JL_LINKS=10000 JL_ZIPF=1.0 JL_PRIME=20s
#   (redirects at 8,000/s on each side first) JL_OUT=bench/out/jvm-ladder
#   JL_A_ENV, JL_B_ENV (settings of each side's service, space-separated NAME=value: the same build
#   configured two ways, e.g. JL_A_ENV="SHORTCODE_REDIS_NAMESPACE=g SHORTCODE_REDIS_LINK_GROUPS=16384"
#   and JL_A=$JL_B for links in groups against a key per link; two layouts need two namespaces)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
MODE=${JL_MODE:-redis}
START=${JL_START:-4000}
LADDER_STEP=${JL_LADDER_STEP:-2000}
TRIES=${JL_TRIES:-3}
STEP=${JL_STEP:-5s}
MAX_STEPS=${JL_MAX_STEPS:-14}
P99=${JL_P99:-10ms}
LINKS=${JL_LINKS:-10000}
ZIPF=${JL_ZIPF:-1.0}
PRIME=${JL_PRIME:-20s}
PRIME_RATE=8000
OUT=${JL_OUT:-bench/out/jvm-ladder}
JAR=loadtest/target/loadtest.jar
SERVICE_JAR=redirect-api/target/quarkus-app/quarkus-run.jar
KEY=sck_bench_admin_key_of_enough_length_42
[[ -f "$JAR" && -f "$SERVICE_JAR" ]] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }
LOG_NAME=jvm-ladder
LOG_DIR=$OUT
# shellcheck source=bench/lib.sh
source bench/lib.sh
A_OPTS=${JL_A:--Xmx1g}
B_OPTS=${JL_B:-${SERVICE_OPTS[*]}}
if [[ $MODE == redis ]]; then
  start_redis
  start_hbase
fi
read -r -a A_ENV <<< "${JL_A_ENV:-}"
read -r -a B_ENV <<< "${JL_B_ENV:-}"
read -r -a SERVICE_OPTS <<< "$A_OPTS"
start_service a "$MODE" JDK_JAVA_OPTIONS="-Xlog:gc*:file=$OUT/a.gc.log" "${A_ENV[@]}"
a_port=$SERVICE_PORT a_pid=$SERVICE_PID
read -r -a SERVICE_OPTS <<< "$B_OPTS"
start_service b "$MODE" JDK_JAVA_OPTIONS="-Xlog:gc*:file=$OUT/b.gc.log" "${B_ENV[@]}"
b_port=$SERVICE_PORT b_pid=$SERVICE_PID
redirect_prime "$a_port" "$a_pid" a
redirect_prime "$b_port" "$b_pid" b
log "$MODE: ladder from $START/s by $LADDER_STEP, $TRIES tries; target: $A_OPTS ${JL_A_ENV:-}; versus: $B_OPTS ${JL_B_ENV:-}"
redirect_ladder "$MODE-ladder" "$a_port" "$a_pid" "$b_port" "$b_pid"
grep -E 'max rate|^versus / target' "$OUT/$MODE-ladder.out"
stop_pid "$a_pid"
stop_pid "$b_pid"
python3 bench/gc-summary.py "$OUT/a.gc.log" "$OUT/b.gc.log"

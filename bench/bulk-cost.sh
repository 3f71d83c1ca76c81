#!/usr/bin/env bash
# The bulk stream's cost per link, one service build against another on the same box and the same
# minute: for each round and each build, a fresh service (pinned as bench/run.sh pins it), two
# unreported streams that warm it (BULK_WARM_LINES lines each), then one measured stream; it prints the server CPU
# per link, links/s, and the service's garbage collections during the measured stream; then the CPU
# per link the service spends after the stream until it goes quiet (in Redis mode, the archiver
# catching up on the outbox: work the stream caused that its own window does not hold), and both
# by thread in $BULK_OUT/<mode>-<label>-r<round>-threads.txt.
#
#   mvn -B -q package -DskipTests && bench/bulk-cost.sh
#   BULK_MODES="redis embedded" BULK_ROUNDS=2 bench/bulk-cost.sh before=/tmp/before/quarkus-app after=redirect-api/target/quarkus-app
#
# Arguments: label=quarkus-app-directory pairs (default: this checkout's build as "this"); a pair may
# add settings for its service after commas, so that one build compares with itself configured
# otherwise, e.g. two-step=redirect-api/target/quarkus-app,SHORTCODE_REDIS_HOT_STORE_OUTBOX_ONE_SCRIPT_CREATES=false
# Builds alternate within each round, so that a noisy minute of this shared box hits both.
# Environment: BULK_MODES (redis embedded), BULK_ROUNDS (2), BULK_LINES (1000000), BULK_WARM_LINES
# (200000; a few million let the JIT finish its tier upgrades before the measured stream),
# SERVICE_JAVA_OPTS (bench/lib.sh gives the default), BULK_OUT (bench/out/bulk-cost), BULK_PROFILER (the path of async-profiler's
# libasyncProfiler.so: the measured stream and what follows it until quiet are profiled, by thread,
# into $BULK_OUT/<mode>-<label>-r<round>.collapsed). Redis mode needs redis-server and the
# built persistence-hbase module (its HBase mini cluster); the script starts and stops both.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"

MODES=${BULK_MODES:-redis embedded}
ROUNDS=${BULK_ROUNDS:-2}
LINES=${BULK_LINES:-1000000}
WARM_LINES=${BULK_WARM_LINES:-200000}
OUT=${BULK_OUT:-bench/out/bulk-cost}
PROFILER=${BULK_PROFILER:-}
BUILDS=("$@")
((${#BUILDS[@]})) || BUILDS=("this=$ROOT/redirect-api/target/quarkus-app")
LOADTEST="$ROOT/loadtest/target/loadtest.jar"
ADMIN_KEY=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
LOG_NAME=bulk-cost
LOG_DIR=$OUT
# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"

REDIS_PORT=""
if [[ " $MODES " == *" redis "* ]]; then
  start_redis
  start_hbase
fi

stream() { # port lines name [server pid]
  local args=(bulk --target "http://127.0.0.1:$1" --lines "$2" --api-key "$ADMIN_KEY" --output-dir "$OUT" --name "$3")
  [[ -n "${4:-}" ]] && args+=(--server-pid "$4")
  "${REST_PIN[@]}" java -Xmx1g -jar "$LOADTEST" "${args[@]}"
}

measure() { # mode label app-dir[,VAR=value...]
  local mode=$1 label=$2 app=${3%%,*} port data gc pid lines0 result settings=()
  [[ "$3" == *,* ]] && IFS=, read -r -a settings <<< "${3#*,}"
  port=$(free_port)
  data=$(mktemp -d "$OUT/data.XXXXXX")
  gc="$OUT/$mode-$label-gc.log"
  local env_args=(QUARKUS_HTTP_HOST=127.0.0.1 QUARKUS_HTTP_PORT="$port" QUARKUS_MANAGEMENT_HOST=127.0.0.1
    QUARKUS_MANAGEMENT_PORT="$(free_port)" SHORTCODE_DATA_DIR="$data" SHORTCODE_ADMIN_KEY="$ADMIN_KEY"
    QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE=1)
  if [[ "$mode" == redis ]]; then
    rcli flushall >/dev/null
    env_args+=(SHORTCODE_REDIS_URIS="redis://127.0.0.1:$REDIS_PORT" SHORTCODE_HBASE_ZOOKEEPER_QUORUM="$HBASE_ZK"
      SHORTCODE_SECRET="bench secret shared by every node")
  fi
  env_args+=("${settings[@]+"${settings[@]}"}")
  start_bg "$OUT/$mode-$label-service.log" env -u SHORTCODE_REDIS_URIS "${env_args[@]}" "${TARGET_PIN[@]}" \
    java "${SERVICE_OPTS[@]}" "-Xlog:gc:file=$gc" -jar "$app/quarkus-run.jar"
  pid=$LAST_PID
  wait_for_port "$port" "$pid" "the $label service" "$OUT/$mode-$label-service.log"
  stream "$port" "$WARM_LINES" warm >/dev/null
  stream "$port" "$WARM_LINES" warm >/dev/null
  wait_until_quiet "$pid" || true
  lines0=$(wc -l <"$gc")
  bench/thread-cpu.sh "$pid" >"$TMP_DIR/threads-0"
  [[ -n $PROFILER ]] && jcmd "$pid" JVMTI.agent_load "$PROFILER" "\"start,event=cpu,interval=1ms,threads\"" >/dev/null
  result=$(stream "$port" "$LINES" "$mode-$label" "$pid" | grep -o '[0-9]* links/s, server CPU [0-9.]* µs/link' || echo "stream failed")
  bench/thread-cpu.sh "$pid" >"$TMP_DIR/threads-1"
  wait_until_quiet "$pid" || true
  bench/thread-cpu.sh "$pid" >"$TMP_DIR/threads-2"
  [[ -n $PROFILER ]] && jcmd "$pid" JVMTI.agent_load "$PROFILER" \
    "\"stop,file=$(realpath "$OUT")/$mode-$label-r$round.collapsed,collapsed\"" >/dev/null
  local threads="$OUT/$mode-$label-r$round-threads.txt"
  { echo "during the stream:"; bench/thread-diff.py "$TMP_DIR/threads-0" "$TMP_DIR/threads-1" "$LINES"
    echo "after it, until the service went quiet:"; bench/thread-diff.py "$TMP_DIR/threads-1" "$TMP_DIR/threads-2" "$LINES"; } >"$threads"
  result="$result, then $(sed -n '/^after/{n;p;}' "$threads" | awk '{print $1}') µs/link more until quiet (by thread: $threads)"
  printf '%-9s %-10s %s; young GCs %s, full GCs %s, GC pauses %s ms\n' "$mode" "$label" "$result" \
    "$(tail -n +"$((lines0 + 1))" "$gc" | grep -c 'Pause Young' || true)" \
    "$(tail -n +"$((lines0 + 1))" "$gc" | grep -c 'Pause Full' || true)" \
    "$(tail -n +"$((lines0 + 1))" "$gc" | grep -oE '[0-9.]+ms$' | tr -d ms | awk '{s += $1} END {printf "%d", s}')"
  stop_pid "$pid"
  rm -rf "$data"
}

echo "bulk-cost: $LINES lines per measured stream after two of $WARM_LINES, service pinned to CPU $((NCPU - 1)), ${SERVICE_OPTS[*]}"
for round in $(seq 1 "$ROUNDS"); do
  for mode in $MODES; do
    for build in "${BUILDS[@]}"; do
      measure "$mode" "${build%%=*}" "${build#*=}"
    done
  done
done

#!/usr/bin/env bash
# The bulk stream's cost per link, one service build against another on the same box and the same
# minute: for each round and each build, a fresh service (pinned as bench/run.sh pins it), two
# unreported 200,000-line streams that warm it, then one measured stream; it prints the server CPU
# per link, links/s, and the service's garbage collections during the measured stream.
#
#   mvn -B -q package -DskipTests && bench/bulk-cost.sh
#   BULK_MODES="redis embedded" BULK_ROUNDS=2 bench/bulk-cost.sh before=/tmp/before/quarkus-app after=redirect-api/target/quarkus-app
#
# Arguments: label=quarkus-app-directory pairs (default: this checkout's build as "this"); a pair may
# add settings for its service after commas, so that one build compares with itself configured
# otherwise, e.g. two-step=redirect-api/target/quarkus-app,SHORTCODE_REDIS_HOT_STORE_OUTBOX_ONE_SCRIPT_CREATES=false
# Builds alternate within each round, so that a noisy minute of this shared box hits both.
# Environment: BULK_MODES (redis embedded), BULK_ROUNDS (2), BULK_LINES (1000000),
# SERVICE_JAVA_OPTS (-Xmx1g), BULK_OUT (bench/out/bulk-cost). Redis mode needs redis-server and the
# built persistence-hbase module (its HBase mini cluster); the script starts and stops both.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"

MODES=${BULK_MODES:-redis embedded}
ROUNDS=${BULK_ROUNDS:-2}
LINES=${BULK_LINES:-1000000}
OUT=${BULK_OUT:-bench/out/bulk-cost}
read -r -a SERVICE_OPTS <<< "${SERVICE_JAVA_OPTS:--Xmx1g}"
BUILDS=("$@")
((${#BUILDS[@]})) || BUILDS=("this=$ROOT/redirect-api/target/quarkus-app")
LOADTEST="$ROOT/loadtest/target/loadtest.jar"
ADMIN_KEY=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
NCPU=$(nproc)
SERVICE_PIN=(taskset -c "$((NCPU - 1))")
REST_PIN=(taskset -c "0-$((NCPU - 2))")
mkdir -p "$OUT"
PIDS=()
trap 'for p in "${PIDS[@]+"${PIDS[@]}"}"; do kill "$p" 2>/dev/null || true; done' EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_http() { for _ in $(seq 1 120); do curl -s -o /dev/null "http://127.0.0.1:$1/" && return 0; sleep 0.5; done; return 1; }

REDIS_PORT="" HBASE_ZK=""
if [[ " $MODES " == *" redis "* ]]; then
  REDIS_PORT=$(free_port)
  "${REST_PIN[@]}" redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no >"$OUT/redis.log" 2>&1 &
  PIDS+=($!)
  cp="$ROOT/persistence-hbase/target/test-classes:$ROOT/persistence-hbase/target/classes:$(cat "$ROOT/persistence-hbase/target/hbase-minicluster.classpath")"
  # The mini cluster stops at the end of its standard input: keep it open for the script's life.
  tail -f /dev/null | "${REST_PIN[@]}" nice -n 10 java -Xmx768m -cp "$cp" dev.shortcode.hbase.testing.HBaseMiniClusterMain >"$OUT/hbase.log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 180); do
    HBASE_ZK=$(grep -o 'READY zk=[^ ]*' "$OUT/hbase.log" | head -n 1 | cut -d= -f2 || true)
    [[ -n "$HBASE_ZK" ]] && break
    sleep 1
  done
  [[ -n "$HBASE_ZK" ]] || { echo "HBase did not start; see $OUT/hbase.log" >&2; exit 1; }
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
    redis-cli -p "$REDIS_PORT" flushall >/dev/null
    env_args+=(SHORTCODE_REDIS_URIS="redis://127.0.0.1:$REDIS_PORT" SHORTCODE_HBASE_ZOOKEEPER_QUORUM="$HBASE_ZK"
      SHORTCODE_SECRET="bench secret shared by every node")
  fi
  env_args+=("${settings[@]+"${settings[@]}"}")
  env -u SHORTCODE_REDIS_URIS "${env_args[@]}" "${SERVICE_PIN[@]}" java "${SERVICE_OPTS[@]}" "-Xlog:gc:file=$gc" \
    -jar "$app/quarkus-run.jar" >"$OUT/$mode-$label-service.log" 2>&1 &
  pid=$!
  wait_http "$port" || { echo "the $label service did not start; see $OUT/$mode-$label-service.log" >&2; kill "$pid"; return 1; }
  stream "$port" 200000 warm >/dev/null
  stream "$port" 200000 warm >/dev/null
  lines0=$(wc -l <"$gc")
  result=$(stream "$port" "$LINES" "$mode-$label" "$pid" | grep -o '[0-9]* links/s, server CPU [0-9.]* µs/link' || echo "stream failed")
  printf '%-9s %-10s %s; young GCs %s, full GCs %s, GC pauses %s ms\n' "$mode" "$label" "$result" \
    "$(tail -n +"$((lines0 + 1))" "$gc" | grep -c 'Pause Young' || true)" \
    "$(tail -n +"$((lines0 + 1))" "$gc" | grep -c 'Pause Full' || true)" \
    "$(tail -n +"$((lines0 + 1))" "$gc" | grep -oE '[0-9.]+ms$' | tr -d ms | awk '{s += $1} END {printf "%d", s}')"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  rm -rf "$data"
}

echo "bulk-cost: $LINES lines per measured stream, service pinned to CPU $((NCPU - 1)), ${SERVICE_OPTS[*]}"
for round in $(seq 1 "$ROUNDS"); do
  for mode in $MODES; do
    for build in "${BUILDS[@]}"; do
      measure "$mode" "${build%%=*}" "${build#*=}"
    done
  done
done

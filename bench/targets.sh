#!/usr/bin/env bash
# bench/targets.sh — what device targets cost the redirect: the max redirect rate of links with
# targets against links without, in one run against one service.
#
# Starts the packaged service (embedded storage, a fresh data dir, one event loop, pinned to the
# last CPU like bench/run.sh; the generator on the others), primes it, then runs loadtest's
# max-rate search for redirects ROUNDS times each way, alternating (without, with, without, with,
# ...) so that drift of this shared box hits both alike, after as many fixed-rate runs each way
# (BENCH_RATE for BENCH_DURATION), whose server CPU per redirect the box's other processes
# disturb far less than they disturb a latency bound. Every request carries an iPhone's
# User-Agent: links without targets never classify it, links with targets
# ({"ios": "https://apps.apple.com/..."}, answered with a 302 to it) classify it (cached) and
# choose. Prints one line per run and the ratios of the medians.
#
#   BENCH_SKIP_BUILD=1 bench/targets.sh        (after mvn -B -q package -DskipTests)
# Settings: BENCH_ROUNDS=3 BENCH_RATE=2000 BENCH_DURATION=20s BENCH_FIND_MAX=1 BENCH_LINKS=5000 BENCH_P99=10ms BENCH_STEP_DURATION=5s BENCH_STEP_WARMUP=1s
#   BENCH_MAX_STEPS=10 BENCH_FIND_MAX_START=2000 BENCH_CONNECTIONS=64 BENCH_PRIME=20s BENCH_OUT=bench/out/targets
#   BENCH_TIMEOUT=30s (per request: creating the working set, a batch of 1,000, may take seconds on a loaded box;
#   the searches judge the p99, not the timeout)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
ROUNDS=${BENCH_ROUNDS:-3}
RATE=${BENCH_RATE:-2000}
DURATION=${BENCH_DURATION:-20s}
FIND_MAX=${BENCH_FIND_MAX:-1}
LINKS=${BENCH_LINKS:-5000}
P99=${BENCH_P99:-10ms}
STEP_DURATION=${BENCH_STEP_DURATION:-5s}
STEP_WARMUP=${BENCH_STEP_WARMUP:-1s}
MAX_STEPS=${BENCH_MAX_STEPS:-10}
START=${BENCH_FIND_MAX_START:-2000}
CONNECTIONS=${BENCH_CONNECTIONS:-64}
PRIME=${BENCH_PRIME:-20s}
TIMEOUT=${BENCH_TIMEOUT:-30s}
OUT=${BENCH_OUT:-bench/out/targets}
JAR="$ROOT/loadtest/target/loadtest.jar"
SERVICE_JAR="$ROOT/redirect-api/target/quarkus-app/quarkus-run.jar"
UA='Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
TARGETS='{"targets": {"ios": "https://apps.apple.com/app/id414245413"}}'

if [[ "${BENCH_SKIP_BUILD:-0}" != 1 ]]; then
  mvn -B -q -DskipTests package
fi
[[ -f "$JAR" && -f "$SERVICE_JAR" ]] || { echo "build first: $JAR and $SERVICE_JAR are needed" >&2; exit 1; }
LOG_NAME=targets
LOG_DIR=$OUT
# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"

PORT=$(free_port)
MANAGEMENT_PORT=$(free_port) # its own, not the default 9000 another service on the box may hold
KEY=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
start_bg "$OUT/service.log" env -u SHORTCODE_REDIS_URIS QUARKUS_HTTP_HOST=127.0.0.1 QUARKUS_HTTP_PORT="$PORT" \
  SHORTCODE_DATA_DIR="$TMP_DIR/data" QUARKUS_MANAGEMENT_HOST=127.0.0.1 QUARKUS_MANAGEMENT_PORT="$MANAGEMENT_PORT" \
  SHORTCODE_ADMIN_KEY="$KEY" QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE=1 "${TARGET_PIN[@]}" java "${SERVICE_OPTS[@]}" -jar "$SERVICE_JAR"
SERVICE=$LAST_PID
wait_for_port "$PORT" "$SERVICE" service "$OUT/service.log"

common=(--target "http://127.0.0.1:$PORT" --api-key "$KEY" --connections "$CONNECTIONS" --links "$LINKS" --scenario redirect
  --user-agent "$UA" --server-pid "$SERVICE" --timeout "$TIMEOUT")
echo "priming the service for $PRIME ..." >&2
"${REST_PIN[@]}" java -Xmx1g -jar "$JAR" "${common[@]}" --rate 2000 --duration "$PRIME" --warmup 2s --link-json "$TARGETS" \
  --plot none --quiet --output-dir "$OUT" --name prime >/dev/null 2>"$OUT/prime.err"

median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}'; }
run() { # name, extra args...
  local name=$1
  shift
  "${REST_PIN[@]}" java -Xmx1g -jar "$JAR" "${common[@]}" "$@" --plot none --quiet --output-dir "$OUT" --name "$name" \
    >"$OUT/$name.out" 2>"$OUT/$name.err" || { tail -n 5 "$OUT/$name.err" >&2; exit 1; }
}

declare -A CPU=([without]="" [with]="")
for round in $(seq 1 "$ROUNDS"); do
  for kind in without with; do
    extra=()
    [[ "$kind" == with ]] && extra=(--link-json "$TARGETS")
    name="redirect-$kind-targets-fixed-$round"
    run "$name" "${extra[@]}" --rate "$RATE" --duration "$DURATION" --warmup 2s
    cpu=$(jq -r '(.serverCpu.microsPerRequest // 0) * 10 | round / 10' "$OUT/$name.json")
    echo "round $round, $kind targets, $RATE/s for $DURATION: server CPU $cpu µs per redirect, achieved $(jq -r '.achievedRate | round' "$OUT/$name.json")/s," \
      "corrected p50 $(jq -r '.latencyMs.corrected.p50' "$OUT/$name.json") ms, p99 $(jq -r '.latencyMs.corrected.p99' "$OUT/$name.json") ms," \
      "errors $(jq -r '.errors.total' "$OUT/$name.json")"
    CPU[$kind]="${CPU[$kind]} $cpu"
  done
done
without=$(echo "${CPU[without]}" | median)
with=$(echo "${CPU[with]}" | median)
awk -v w="$with" -v o="$without" 'BEGIN {printf "median server CPU per redirect: without targets %.1f µs, with targets %.1f µs: the rate one core sustains with targets is %.1f%% of without\n", o, w, 100 * o / w}'

[[ "$FIND_MAX" == 1 ]] || exit 0
declare -A RATES=([without]="" [with]="")
for round in $(seq 1 "$ROUNDS"); do
  for kind in without with; do
    extra=()
    [[ "$kind" == with ]] && extra=(--link-json "$TARGETS")
    name="redirect-$kind-targets-$round"
    run "$name" "${extra[@]}" --find-max --p99 "$P99" --rate "$START" --duration "$STEP_DURATION" --warmup "$STEP_WARMUP" \
      --max-steps "$MAX_STEPS" --retries 1
    rate=$(jq -r '.maxRate // 0' "$OUT/$name.json")
    cpu=$(jq -r '(.best.serverCpu.microsPerRequest // 0) * 10 | round / 10' "$OUT/$name.json")
    p99=$(jq -r '(.best.latencyMs.corrected.p99 // "-")' "$OUT/$name.json")
    echo "round $round, $kind targets: max $rate redirects/s, server CPU $cpu µs per redirect, corrected p99 at max $p99 ms"
    RATES[$kind]="${RATES[$kind]} $rate"
  done
done
without=$(echo "${RATES[without]}" | median)
with=$(echo "${RATES[with]}" | median)
awk -v w="$with" -v o="$without" 'BEGIN {printf "median max rate: without targets %.0f/s, with targets %.0f/s: %.1f%%\n", o, w, 100 * w / o}'

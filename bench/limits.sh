#!/usr/bin/env bash
# bench/limits.sh — what per-key rate limiting costs creates: the create max rate with limiting
# on against off, in the same run, on one service process.
#
# On loopback only, it starts Redis (free port, no persistence), HBase (persistence-hbase's mini
# cluster in its own JVM) and the service in Redis mode (pinned alone to the last CPU, like
# bench/run.sh), then makes two client keys: "limited", with limits so high they are never reached
# (every request goes through the limiter: a burst bucket and the daily quota, shared in Redis), and
# "unlimited", whose limits are 0 (no limit: the limiter is not asked). It primes the service, then
# runs, with each key in turn, BENCH_ROUNDS times: creates at a fixed rate (server CPU per request,
# Redis' INFO commandstats around it) and a create max-rate search (p99 <= BENCH_P99). Prints the tables.
# BENCH_MODE=embedded runs the same on embedded storage (no Redis, no HBase).
#
# Needs the packaged project (mvn -B -q -DskipTests package). Settings (environment):
#   BENCH_MODE=redis BENCH_ROUNDS=2 BENCH_P99=10ms BENCH_STEP_DURATION=5s BENCH_STEP_WARMUP=1s BENCH_MAX_STEPS=10
#   BENCH_START_RATE=1000 BENCH_CONNECTIONS=64 BENCH_PRIME=20s BENCH_FIXED_RATE=500 BENCH_OUT=bench/out/limits
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
MODE=${BENCH_MODE:-redis}
ROUNDS=${BENCH_ROUNDS:-2}
P99=${BENCH_P99:-10ms}
STEP_DURATION=${BENCH_STEP_DURATION:-5s}
STEP_WARMUP=${BENCH_STEP_WARMUP:-1s}
MAX_STEPS=${BENCH_MAX_STEPS:-10}
START_RATE=${BENCH_START_RATE:-1000}
CONNECTIONS=${BENCH_CONNECTIONS:-64}
PRIME=${BENCH_PRIME:-20s}
FIXED_RATE=${BENCH_FIXED_RATE:-500}
OUT=${BENCH_OUT:-bench/out/limits}
JAR="$ROOT/loadtest/target/loadtest.jar"
SERVICE_JAR="$ROOT/redirect-api/target/quarkus-app/quarkus-run.jar"
[[ -f "$JAR" && -f "$SERVICE_JAR" ]] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }
LOG_NAME=limits
LOG_DIR=$OUT
# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"

ADMIN_KEY="sck_$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
env_args=(QUARKUS_HTTP_HOST=127.0.0.1 SHORTCODE_DATA_DIR="$TMP_DIR/data" SHORTCODE_ADMIN_KEY="$ADMIN_KEY"
  QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE=1)
REDIS_PORT=""
if [[ "$MODE" == redis ]]; then
  start_redis
  start_hbase
  env_args+=(SHORTCODE_REDIS_URIS="redis://127.0.0.1:$REDIS_PORT" SHORTCODE_HBASE_ZOOKEEPER_QUORUM="$HBASE_ZK"
    SHORTCODE_SECRET="bench secret shared by every node")
fi
PORT=$(free_port)
start_bg "$OUT/service.log" env "${env_args[@]}" QUARKUS_HTTP_PORT="$PORT" "${TARGET_PIN[@]}" java "${SERVICE_OPTS[@]}" -jar "$SERVICE_JAR"
SERVICE_PID=$LAST_PID
wait_for_port "$PORT" "$SERVICE_PID" service "$OUT/service.log"
URL="http://127.0.0.1:$PORT"
log "service ($MODE) on $URL"

key() {
  curl -sf -H "X-API-Key: $ADMIN_KEY" -H 'Content-Type: application/json' -d "$1" "$URL/api/v1/keys" | jq -r .key
}
LIMITED=$(key '{"name":"limited","scopes":["links:write","links:read"],"requestsPerMinute":1000000000,"linksPerDay":1000000000000}')
UNLIMITED=$(key '{"name":"unlimited","scopes":["links:write","links:read"],"requestsPerMinute":0,"linksPerDay":0}')
curl -sf -o /dev/null -D - -H "X-API-Key: $LIMITED" -H 'Content-Type: application/json' -d '{"url":"https://example.com/probe"}' \
  "$URL/api/v1/links" | grep -i '^ratelimit' >&2 || { log "the limited key got no RateLimit fields"; exit 1; }

lt() { "${REST_PIN[@]}" java -Xmx1g -jar "$JAR" --target "$URL" --connections "$CONNECTIONS" --server-pid "$SERVICE_PID" \
  --output-dir "$OUT" --plot none "$@"; }
log "priming ($PRIME of creates with each key)"
lt --scenario create --api-key "$LIMITED" --rate "$FIXED_RATE" --duration "$PRIME" --name prime-on --quiet >/dev/null
lt --scenario create --api-key "$UNLIMITED" --rate "$FIXED_RATE" --duration "$PRIME" --name prime-off --quiet >/dev/null

commands() { if [[ -n "$REDIS_PORT" ]]; then redis_calls; else echo 0; fi; }
ROWS_FIXED=()
ROWS_MAX=()
declare -A SUM
for round in $(seq 1 "$ROUNDS"); do
  for which in off on; do
    k=$UNLIMITED; [[ "$which" == on ]] && k=$LIMITED
    before=$(commands)
    lt --scenario create --api-key "$k" --rate "$FIXED_RATE" --duration 10s --warmup 1s --name "fixed-$which-$round" --quiet >/dev/null
    after=$(commands)
    f="$OUT/fixed-$which-$round.json"
    answered=$(jq -r '.answered' "$f")
    cpu=$(jq -r '(.serverCpu.microsPerRequest // 0) * 10 | round / 10' "$f")
    per=$(echo "scale=0; 1000 * ($after - $before) / ($answered + 1)" | bc)
    ROWS_FIXED+=("| $round | $which | $answered of $(jq -r '.scheduled' "$f") | $(jq -r '.latencyMs.corrected.p99' "$f") | $cpu | $per |")
    lt --scenario create --api-key "$k" --find-max --p99 "$P99" --rate "$START_RATE" --duration "$STEP_DURATION" \
      --warmup "$STEP_WARMUP" --max-steps "$MAX_STEPS" --retries 1 --name "find-max-$which-$round" --quiet >/dev/null
    f="$OUT/find-max-$which-$round.json"
    rate=$(jq -r '.maxRate' "$f")
    ROWS_MAX+=("| $round | $which | $rate | $(jq -r '(.best.serverCpu.microsPerRequest // 0) * 10 | round / 10' "$f") |")
    SUM[$which]=$(echo "${SUM[$which]:-0} + $rate" | bc)
  done
done
printf '\nCreates at %s/s for 10 s, per key:\n\n| round | limiting | answered | p99 ms | server CPU µs/request | Redis commands / 1,000 requests |\n|---:|---|---:|---:|---:|---:|\n' "$FIXED_RATE"
printf '%s\n' "${ROWS_FIXED[@]}"
printf '\nCreate max rate (p99 <= %s), per key:\n\n| round | limiting | create max rate /s | server CPU µs/request |\n|---:|---|---:|---:|\n' "$P99"
printf '%s\n' "${ROWS_MAX[@]}"
printf '\nlimiting on / off, max rates summed over the rounds: %s / %s = %s%%\n' "${SUM[on]}" "${SUM[off]}" \
  "$(echo "scale=1; 100 * ${SUM[on]} / ${SUM[off]}" | bc)"
printf '(Redis commands count those inside scripts too.)\n'

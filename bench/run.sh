#!/usr/bin/env bash
# bench/run.sh — one command that reproduces every load-test figure of docs/BENCHMARKS.md's targets table.
#
# On this machine, on loopback (127.0.0.1) only, it:
#   1. builds the project (mvn -q -DskipTests package);
#   2. starts the bare Vert.x baseline (loadtest.jar baseline-server) and runs every scenario and a
#      max-rate search against it: the floor of the stack, measured on the same box;
#      every target is first primed with an unreported mixed run, so no figure is of a cold JVM;
#   3. starts Redis (free port, no persistence) and records `redis-benchmark -t set` for reference;
#      (with BENCH_PIN=1, the default on 2+ CPUs, the server under test - baseline or service - runs
#      alone on the last CPU and everything else - generator, Redis, HBase - on the others, so the
#      baseline and the service get the same CPU and the ratios compare like with like;)
#   4. starts the service (module redirect-api) in Redis mode, then in embedded mode, and runs every
#      scenario and a max-rate search against each — skipped, with a clear message, while
#      redirect-api/pom.xml does not exist;
#   then measures Redis bytes per link in each link layout (bench/redis-bytes.sh);
#   5. writes every table to docs/benchmarks/<date>-full-run.md (BENCH_RUN_DOC), and the
#      environment and the targets table (bench/targets.txt, bench/targets-table.sh) into
#      docs/BENCHMARKS.md between <!-- targets:begin --> and <!-- targets:end -->.
# It stops everything it started when it ends, also on Ctrl-C or SIGTERM.
#
# Every setting has an environment override (defaults keep a full run to a few minutes):
#   BENCH_DURATION=10s BENCH_WARMUP=3s BENCH_CONNECTIONS=64 BENCH_LINKS=10000 BENCH_ZIPF=1.0
#   BENCH_REDIRECT_RATE=2000 BENCH_CREATE_RATE=500 BENCH_BATCH_RATE=20 BENCH_BATCH_SIZE=1000
#   BENCH_MIXED_RATE=1000 BENCH_MIX=95:5 BENCH_BULK_LINES=1000000 BENCH_BULK_PRIME_LINES=200000 BENCH_BULK_RATE=0 (bulk stream, lines/s; 0 = as fast as it goes)
#   BENCH_FIND_MAX=1 BENCH_P99=10ms BENCH_BATCH_P99=50ms BENCH_STEP_DURATION=5s BENCH_STEP_WARMUP=1s
#   BENCH_MAX_STEPS=10 BENCH_RETRIES=1 BENCH_FIND_MAX_START=1000 BENCH_CREATE_FIND_MAX_START=1000 BENCH_BATCH_FIND_MAX_START=50
#   BENCH_HALF=1 (0 skips the creates at half the service's maximum, service and baseline, after each
#   service's searches) BENCH_HALF_WARMUP=20s (their generators' warm-up at that rate)
#   BENCH_PRIME=10s BENCH_PRIME_ROUNDS=8 BENCH_JIT_QUIET=0.3 (a target is primed with rounds of BENCH_PRIME
#   until its JIT compiler threads used under BENCH_JIT_QUIET CPU seconds in a round, at most
#   BENCH_PRIME_ROUNDS rounds) BENCH_PIN=1 BENCH_REDIS_REQUESTS=200000 BENCH_START_TIMEOUT=90
#   BENCH_SKIP_BUILD=0 BENCH_OUT=bench/out BENCH_DOC=docs/BENCHMARKS.md BENCH_API_KEY=<the admin key>
#   BENCH_BYTES_LINKS=1000000 (links per layout for bench/redis-bytes.sh, after the services; 0 skips it)
#   BENCH_JAVA_OPTS="-Xmx1g" (generator JVMs) SERVICE_JAVA_OPTS (the service's and the baseline's JVM:
#   bench/lib.sh gives the default and why)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

DURATION=${BENCH_DURATION:-10s}
WARMUP=${BENCH_WARMUP:-3s}
# 64 connections: an open-loop generator must not be limited by its own connections. With 16, a
# create (a durable write: fsync or two Redis round trips, 1.5-3 ms) capped each connection at a
# few hundred requests/s, so the search measured 16 / latency, not what the server sustains; the
# baseline reaches the same maximum (the generator's own ceiling) with 16 or 64.
CONNECTIONS=${BENCH_CONNECTIONS:-64}
LINKS=${BENCH_LINKS:-10000}
ZIPF=${BENCH_ZIPF:-1.0}
REDIRECT_RATE=${BENCH_REDIRECT_RATE:-2000}
CREATE_RATE=${BENCH_CREATE_RATE:-500}
BATCH_RATE=${BENCH_BATCH_RATE:-20}
BATCH_SIZE=${BENCH_BATCH_SIZE:-1000}
MIXED_RATE=${BENCH_MIXED_RATE:-1000}
MIX=${BENCH_MIX:-95:5}
BULK_LINES=${BENCH_BULK_LINES:-1000000}
BULK_PRIME_LINES=${BENCH_BULK_PRIME_LINES:-200000}
BULK_RATE=${BENCH_BULK_RATE:-0}
FIND_MAX=${BENCH_FIND_MAX:-1}
P99=${BENCH_P99:-10ms}
BATCH_P99=${BENCH_BATCH_P99:-50ms}
STEP_DURATION=${BENCH_STEP_DURATION:-5s}
STEP_WARMUP=${BENCH_STEP_WARMUP:-1s}
MAX_STEPS=${BENCH_MAX_STEPS:-10}
RETRIES=${BENCH_RETRIES:-1}
FIND_MAX_START=${BENCH_FIND_MAX_START:-1000}
CREATE_FIND_MAX_START=${BENCH_CREATE_FIND_MAX_START:-1000}
BATCH_FIND_MAX_START=${BENCH_BATCH_FIND_MAX_START:-50}
HALF=${BENCH_HALF:-1}
HALF_WARMUP=${BENCH_HALF_WARMUP:-20s}
PRIME=${BENCH_PRIME:-10s}
PRIME_ROUNDS=${BENCH_PRIME_ROUNDS:-8}
JIT_QUIET=${BENCH_JIT_QUIET:-0.3}
PIN=${BENCH_PIN:-1}
REDIS_REQUESTS=${BENCH_REDIS_REQUESTS:-200000}
START_TIMEOUT=${BENCH_START_TIMEOUT:-90}
SKIP_BUILD=${BENCH_SKIP_BUILD:-0}
BYTES_LINKS=${BENCH_BYTES_LINKS:-1000000}
OUT=${BENCH_OUT:-bench/out}
DOC=${BENCH_DOC:-docs/BENCHMARKS.md}
read -r -a JAVA_OPTS <<< "${BENCH_JAVA_OPTS:--Xmx1g}"

JAR="$ROOT/loadtest/target/loadtest.jar"
SERVICE_POM="$ROOT/redirect-api/pom.xml"
SERVICE_JAR="$ROOT/redirect-api/target/quarkus-app/quarkus-run.jar"
COMMAND="bench/run.sh"
for v in $(compgen -e | grep -E '^(BENCH_|SERVICE_JAVA_OPTS$)' | grep -v '^BENCH_API_KEY$' || true); do
  COMMAND="$v=${!v} $COMMAND"
done

# Pinning (PIN): the server under test alone on the last CPU, the rest (generator, Redis, HBase) on the others.
LOG_DIR="$OUT/logs"
LOG_NAME=bench
# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
PIN_NOTE="not pinned: generator, server under test, Redis and HBase share all $NCPU CPUs"
TARGET_CPUS=$NCPU
if ((${#TARGET_PIN[@]})); then
  PIN_NOTE="pinned (taskset): the server under test (baseline or service) alone on CPU $((NCPU - 1)); generator, Redis and HBase on CPU 0-$((NCPU - 2)); so the baseline and the service get the same single CPU"
  TARGET_CPUS=1
fi
# Both servers get one event loop per CPU they run on: the baseline's default (available
# processors), set explicitly for the service, whose framework default is two per CPU (two loops
# on one CPU only add context switches). HBase (Redis mode's archive, written in the background)
# runs niced, so that its flushes and compactions do not delay the generator's sending schedule,
# which the corrected latencies are measured from.
PIN_NOTE="$PIN_NOTE; $TARGET_CPUS event loop(s) per server; HBase niced (10); the servers' JVM options: ${SERVICE_OPTS[*]}"

# One loadtest run; its table goes to the terminal, the progress lines to a log.
loadtest_run() {
  local name=$1
  shift
  log "running $name"
  local cpu_args=()
  if [[ -n "${TARGET_PID:-}" ]]; then
    cpu_args=(--server-pid "$TARGET_PID")
  fi
  if run_tracked "${REST_PIN[@]}" java "${JAVA_OPTS[@]}" -jar "$JAR" "$@" "${cpu_args[@]}" --output-dir "$OUT" --name "$name" \
      >"$LOG_DIR/$name.out" 2>"$LOG_DIR/$name.err"; then
    cat "$LOG_DIR/$name.out"
    if [[ "$name" != *-prime && "$name" != *create-half* ]]; then
      RESULTS+=("$OUT/$name.json")
    fi
  else
    log "$name FAILED (exit $?); see $LOG_DIR/$name.err:"
    tail -n 5 "$LOG_DIR/$name.err" >&2 || true
    FAILED+=("$name")
  fi
}

# CPU seconds the JIT compiler threads of a process have used so far.
compiler_cpu() {
  local pid=$1 ticks=0 t
  for t in /proc/"$pid"/task/*; do
    if [[ "$(cat "$t/comm" 2>/dev/null)" == C[12]\ CompilerThre* ]]; then
      ticks=$((ticks + $(awk '{print $14 + $15}' "$t/stat" 2>/dev/null || echo 0)))
    fi
  done
  echo "$ticks"
}

# A freshly started JVM is slow, and its JIT compilers take CPU from the requests, until the hot
# paths are compiled: on a small box that takes minutes, not seconds. Prime the target with mixed
# load in rounds until its compilers go quiet, and report how many rounds it took.
PRIME_REPORT=()
prime_until_jit_quiet() {
  local label=$1
  shift
  local round before after used
  for round in $(seq 1 "$PRIME_ROUNDS"); do
    before=$(compiler_cpu "$TARGET_PID")
    loadtest_run "$label-prime" "$@" --scenario mixed --rate "$MIXED_RATE" --duration "$PRIME" \
      --warmup 2s --plot none --quiet >/dev/null || true
    after=$(compiler_cpu "$TARGET_PID")
    used=$(awk -v t=$((after - before)) 'BEGIN {printf "%.2f", t / 100}')
    log "$label priming round $round: JIT compilers used ${used}s CPU"
    if awk -v u="$used" -v q="$JIT_QUIET" 'BEGIN {exit !(u < q)}'; then
      PRIME_REPORT+=("$label: $round rounds (last ${used}s of compiler CPU)")
      return 0
    fi
  done
  PRIME_REPORT+=("$label: $PRIME_ROUNDS rounds, JIT still compiling (last round ${used}s of compiler CPU)")
}

# Every scenario, then max-rate searches of redirects, creates and batches, against one target.
run_suite() {
  local label=$1 url=$2 links=$3
  local common=(--target "$url" --connections "$CONNECTIONS" --links "$links" --zipf "$ZIPF"
    --batch-size "$BATCH_SIZE" --mix "$MIX")
  if [[ -n "${API_KEY:-}" ]]; then
    common+=(--api-key "$API_KEY")
  fi
  local timing=(--duration "$DURATION" --warmup "$WARMUP")
  RESULTS=()
  if [[ "$PRIME" != 0 && "$PRIME" != 0s ]]; then
    prime_until_jit_quiet "$label" "${common[@]}"
  fi
  loadtest_run "$label-redirect" "${common[@]}" "${timing[@]}" --scenario redirect --rate "$REDIRECT_RATE"
  loadtest_run "$label-create" "${common[@]}" "${timing[@]}" --scenario create --rate "$CREATE_RATE"
  loadtest_run "$label-batch" "${common[@]}" "${timing[@]}" --scenario batch --rate "$BATCH_RATE"
  loadtest_run "$label-mixed" "${common[@]}" "${timing[@]}" --scenario mixed --rate "$MIXED_RATE"
  if [[ "$FIND_MAX" == 1 ]]; then
    local search=(--find-max --duration "$STEP_DURATION" --warmup "$STEP_WARMUP" --max-steps "$MAX_STEPS" --retries "$RETRIES" --plot png)
    loadtest_run "$label-redirect-find-max" "${common[@]}" "${search[@]}" --scenario redirect --p99 "$P99" \
      --rate "$FIND_MAX_START"
    loadtest_run "$label-create-find-max" "${common[@]}" "${search[@]}" --scenario create --p99 "$P99" \
      --rate "$CREATE_FIND_MAX_START"
    loadtest_run "$label-batch-find-max" "${common[@]}" "${search[@]}" --scenario batch --p99 "$BATCH_P99" \
      --rate "$BATCH_FIND_MAX_START"
  fi
  if [[ "$FIND_MAX" == 1 && "$label" == service-* && "$HALF" == 1 ]]; then
    create_half "$label" "$url"
  fi
  if ((${#RESULTS[@]} > 0)); then
    java "${JAVA_OPTS[@]}" -jar "$JAR" report "${RESULTS[@]}" >"$TMP_DIR/$label.md"
  else
    echo "_No run of this suite succeeded; see $LOG_DIR._" >"$TMP_DIR/$label.md"
  fi
}

# The create's latency where the service has headroom: at half the maximum its search just found,
# that warm service and then the warm baseline (up and idle since its suite), each at that rate,
# each run's generator warmed for HALF_WARMUP at it first (a fresh generator JVM compiles on the
# CPU it shares with Redis and HBase: with a few seconds of warm-up that starved Redis for seconds
# at 10,000 creates/s). The two corrected p99s are compared in the targets table.
create_half() {
  local label=$1 url=$2 max rate
  # an earlier run's results must not stand in the table for a run that did not happen this time
  rm -f "$OUT/$label-create-half.json" "$OUT/baseline-create-half-$label.json"
  max=$(jq -r '.maxRate // 0' "$OUT/$label-create-find-max.json" 2>/dev/null || echo 0)
  rate=$(awk -v m="$max" 'BEGIN {printf "%d", m / 2}')
  if ((rate < 1)); then
    log "$label: no create maximum, so no run at half of it"
    return 0
  fi
  # What the searches left behind is done first: in Redis mode the archiver writes the batch
  # search's links to HBase for one to two minutes after it, in embedded mode RocksDB compacts them.
  if ! wait_until_quiet "$TARGET_PID" 0.05 180; then
    log "$label: still busy 180 s after its searches; measuring at half its maximum anyway"
  fi
  local common=(--scenario create --rate "$rate" --duration "$DURATION" --warmup "$HALF_WARMUP" --connections "$CONNECTIONS" --plot none)
  if [[ -n "${API_KEY:-}" ]]; then
    common+=(--api-key "$API_KEY")
  fi
  loadtest_run "$label-create-half" --target "$url" "${common[@]}"
  local service_pid=$TARGET_PID
  TARGET_PID=$BASELINE_PID
  loadtest_run "baseline-create-half-$label" --target "http://127.0.0.1:$BASELINE_PORT" "${common[@]}"
  TARGET_PID=$service_pid
}

# ---------------------------------------------------------------------------------------------
FAILED=()
mkdir -p "$OUT" "$LOG_DIR"
# Results of an earlier run would sit next to this run's and mislead; only this script's names go.
rm -f "$OUT"/baseline-*.{json,html,png} "$OUT"/service-*.{json,html,png} "$LOG_DIR"/*.{out,err,log}
command -v java >/dev/null || { log "java not found"; exit 1; }

# If the whole project does not build, the baseline is still measured (loadtest builds alone) and
# the service is reported as skipped; the script then exits non-zero.
BUILD_NOTE=""
build_loadtest_alone() {
  run_tracked mvn -q -B -DskipTests -pl loadtest -am package >>"$LOG_DIR/build.log" 2>&1 || {
    log "loadtest did not build; see $LOG_DIR/build.log"
    tail -n 30 "$LOG_DIR/build.log" >&9
    exit 1
  }
}
: >"$LOG_DIR/build.log"
if [[ "$SKIP_BUILD" != 1 ]]; then
  if [[ -f "$SERVICE_POM" ]]; then
    log "building (mvn -q -Pjmh -DskipTests package; log: $LOG_DIR/build.log)"
    if ! run_tracked mvn -q -B -Pjmh -DskipTests package >"$LOG_DIR/build.log" 2>&1; then
      log "THE PROJECT DID NOT BUILD (see $LOG_DIR/build.log): building loadtest alone; service scenarios will be skipped"
      grep -E '^\[ERROR\]' "$LOG_DIR/build.log" | head -n 5 >&9 || true
      BUILD_NOTE="skipped: the project did not build (mvn -DskipTests package failed), so only the baseline was measured."
      FAILED+=(build)
      build_loadtest_alone
    fi
  else
    log "building loadtest (mvn -q -DskipTests -pl loadtest -am package); redirect-api is not in the tree"
    build_loadtest_alone
  fi
fi
[[ -f "$JAR" ]] || { log "$JAR not found; build first"; exit 1; }

ADMIN_KEY=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
API_KEY=${BENCH_API_KEY:-$ADMIN_KEY}

# 1. The bare Vert.x baseline.
BASELINE_PORT=$(free_port)
start_bg "$LOG_DIR/baseline-server.log" "${TARGET_PIN[@]}" java "${SERVICE_OPTS[@]}" -jar "$JAR" baseline-server \
  --port "$BASELINE_PORT" --exit-after 2h
BASELINE_PID=$LAST_PID
wait_for_port "$BASELINE_PORT" "$BASELINE_PID" "baseline server" "$LOG_DIR/baseline-server.log"
log "baseline server on 127.0.0.1:$BASELINE_PORT"
TARGET_PID=$BASELINE_PID
run_suite baseline "http://127.0.0.1:$BASELINE_PORT" 0
TARGET_PID=""
# The baseline stays up, idle on its CPU while the service runs, for the creates at half the
# service's maximum (create_half); it is stopped with everything else at the end.

# 2. Redis, and its own benchmark as a reference point for the Redis-mode figures.
REDIS_VERSION="not installed"
REDIS_BENCH="redis-server not installed: skipped"
REDIS_PORT=""
if command -v redis-server >/dev/null; then
  REDIS_VERSION=$(redis-server --version | head -n 1)
  start_redis
  if command -v redis-benchmark >/dev/null; then
    log "running redis-benchmark -t set -n $REDIS_REQUESTS"
    run_tracked "${REST_PIN[@]}" redis-benchmark -h 127.0.0.1 -p "$REDIS_PORT" -t set -n "$REDIS_REQUESTS" -q \
      >"$LOG_DIR/redis-benchmark.out" 2>&1 || true
    REDIS_BENCH=$(tr '\r' '\n' <"$LOG_DIR/redis-benchmark.out" | grep -E '^SET' | tail -n 1 || true)
    REDIS_BENCH=${REDIS_BENCH:-"redis-benchmark failed; see $LOG_DIR/redis-benchmark.out"}
    echo "$REDIS_BENCH"
  fi
fi

# The bulk scenario: one stream of BULK_LINES lines to POST /api/v1/links/bulk (the service only:
# the baseline has no such endpoint). Its JSON is not a run summary, so it stays out of RESULTS.
bulk_run() {
  local label=$1 url=$2 name="$1-bulk"
  local common=(--target "$url" --output-dir "$OUT")
  if [[ -n "${API_KEY:-}" ]]; then
    common+=(--api-key "$API_KEY")
  fi
  # An unreported stream first: the suite before it never ran the bulk route, so its first
  # stream would measure the JIT compiling that route and the collector sizing the heap for it.
  if ((BULK_PRIME_LINES > 0)); then
    log "priming $name with $BULK_PRIME_LINES lines"
    run_tracked "${REST_PIN[@]}" java "${JAVA_OPTS[@]}" -jar "$JAR" bulk "${common[@]}" --lines "$BULK_PRIME_LINES" \
      --name "$name-prime" >"$LOG_DIR/$name-prime.out" 2>&1 || log "$name priming failed; see $LOG_DIR/$name-prime.out"
  fi
  log "running $name"
  local args=(bulk "${common[@]}" --lines "$BULK_LINES" --rate "$BULK_RATE" --name "$name")
  if [[ -n "${TARGET_PID:-}" ]]; then
    args+=(--server-pid "$TARGET_PID")
  fi
  if run_tracked "${REST_PIN[@]}" java "${JAVA_OPTS[@]}" -jar "$JAR" "${args[@]}" >"$LOG_DIR/$name.out" 2>"$LOG_DIR/$name.err"; then
    cat "$LOG_DIR/$name.out"
  else
    log "$name FAILED (exit $?); see $LOG_DIR/$name.err:"
    tail -n 5 "$LOG_DIR/$name.err" >&2 || true
    FAILED+=("$name")
  fi
}

bulk_table() {
  if ! command -v jq >/dev/null; then
    echo "_jq is not installed: no bulk table (the figures are in $LOG_DIR/service-*-bulk.out)._"
    return
  fi
  echo "| mode | lines | links | problems | out of order | seconds | links/s | server CPU µs per link | server cores |"
  echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|"
  local mode f
  for mode in redis embedded; do
    f="$OUT/service-$mode-bulk.json"
    if [[ -f "$f" ]]; then
      jq -r --arg m "$mode" '"| \($m) | \(.results) | \(.links) | \(.problems) | \(.outOfOrder) | \(.seconds * 100 | round / 100) | \(.linksPerSecond | round) | \(if .serverCpu then (.serverCpu.microsPerLink * 10 | round / 10) else "-" end) | \(if .serverCpu then (.serverCpu.cores * 100 | round / 100) else "-" end) |"' "$f"
    else
      echo "| $mode | - | - | - | - | - | _no result_ | - | - |"
    fi
  done
}

# 3. The service, Redis mode then embedded mode.
SERVICE_NOTE=""
run_service() {
  local mode=$1
  local port management_port data logfile env_args
  port=$(free_port)
  # /q/* lives on the management port; a free one, so that two runs on one machine do not clash on 9000.
  management_port=$(free_port)
  data=$(mktemp -d "$TMP_DIR/data-$mode.XXXXXX")
  logfile="$LOG_DIR/service-$mode.log"
  # Redis mode is chosen by SHORTCODE_REDIS_URIS being set; embedded mode by its absence.
  env_args=(QUARKUS_HTTP_HOST=127.0.0.1 QUARKUS_HTTP_PORT="$port" SHORTCODE_DATA_DIR="$data"
    QUARKUS_MANAGEMENT_HOST=127.0.0.1 QUARKUS_MANAGEMENT_PORT="$management_port"
    SHORTCODE_ADMIN_KEY="$ADMIN_KEY" QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE="$TARGET_CPUS")
  if [[ "$mode" == redis ]]; then
    env_args+=(SHORTCODE_REDIS_URIS="redis://127.0.0.1:$REDIS_PORT" SHORTCODE_HBASE_ZOOKEEPER_QUORUM="$HBASE_ZK"
      SHORTCODE_SECRET="bench secret shared by every node")
  fi
  start_bg "$logfile" env -u SHORTCODE_REDIS_URIS "${env_args[@]}" "${TARGET_PIN[@]}" java "${SERVICE_OPTS[@]}" -jar "$SERVICE_JAR"
  local pid=$LAST_PID
  if ! wait_for_port "$port" "$pid" "service ($mode mode)" "$logfile"; then
    stop_pid "$pid"
    echo "_The service did not start in $mode mode; see $logfile._" >"$TMP_DIR/service-$mode.md"
    FAILED+=("service-$mode")
    return 0
  fi
  log "service ($mode mode) on 127.0.0.1:$port"
  TARGET_PID=$pid
  run_suite "service-$mode" "http://127.0.0.1:$port" "$LINKS"
  bulk_run "service-$mode" "http://127.0.0.1:$port"
  TARGET_PID=""
  stop_pid "$pid"
}

if [[ ! -f "$SERVICE_POM" ]]; then
  SERVICE_NOTE="skipped: module redirect-api is missing (no redirect-api/pom.xml), so only the baseline was measured."
  log "SERVICE SCENARIOS $SERVICE_NOTE"
elif [[ -n "$BUILD_NOTE" ]]; then
  SERVICE_NOTE=$BUILD_NOTE
  log "SERVICE SCENARIOS $SERVICE_NOTE"
elif [[ ! -f "$SERVICE_JAR" ]]; then
  SERVICE_NOTE="skipped: $SERVICE_JAR was not built."
  log "SERVICE SCENARIOS $SERVICE_NOTE"
else
  if [[ -n "$REDIS_PORT" ]] && start_hbase; then
    run_service redis
    stop_hbase
  elif [[ -n "$REDIS_PORT" ]]; then
    echo "_Skipped: HBase (the mini cluster) did not start; see $LOG_DIR/hbase.log._" >"$TMP_DIR/service-redis.md"
    FAILED+=(hbase)
  else
    echo "_Skipped: redis-server is not installed._" >"$TMP_DIR/service-redis.md"
  fi
  run_service embedded
fi

# 3b. Redis bytes per link in each link layout (bench/redis-bytes.sh: a private redis-server per
# layout; after the services, so that it takes no CPU from them).
BYTES_TABLE="$TMP_DIR/redis-bytes.md"
if [[ "$BYTES_LINKS" == 0 ]]; then
  echo "_Skipped (BENCH_BYTES_LINKS=0)._" >"$BYTES_TABLE"
else
  log "measuring Redis bytes per link at $BYTES_LINKS links per layout (bench/redis-bytes.sh)"
  if ! run_tracked env BYTES_LINKS="$BYTES_LINKS" "${REST_PIN[@]}" bash "$ROOT/bench/redis-bytes.sh" >"$BYTES_TABLE" 2>"$LOG_DIR/redis-bytes.log"; then
    echo "_Failed; see $LOG_DIR/redis-bytes.log._" >>"$BYTES_TABLE"
    FAILED+=(redis-bytes)
  fi
fi

# 4. The write-up.
CPU_MODEL=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//' || true)
MEM_GIB=$(awk '/MemTotal/ {printf "%.1f", $2 / 1048576}' /proc/meminfo 2>/dev/null || true)
# shellcheck disable=SC1091
OS_NAME=$( (. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME") || uname -s)
TOOL_VERSION=$(java -jar "$JAR" --version | paste -sd ';' - | sed 's/;/; /g')

# The targets of the service issue, as ratios of this run's max-rate searches (jq reads the JSON).
ratio_table() {
  if ! command -v jq >/dev/null; then
    echo "_jq is not installed: no ratio table (the figures are in the tables below)._"
    return
  fi
  rate() { [[ -f "$OUT/$1-$2-find-max.json" ]] && jq -r ".maxRate // 0" "$OUT/$1-$2-find-max.json" || echo 0; }
  cpu() { [[ -f "$OUT/$1-$2-find-max.json" ]] && jq -r "(.best.serverCpu.microsPerRequest // null) | if . == null then \"-\" else (. * 10 | round / 10 | tostring) end" "$OUT/$1-$2-find-max.json" || echo -; }
  pct() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.0f%%", 100 * a / b; else printf "-" }'; }
  echo "| scenario | unit | baseline max | Redis mode max | Redis / baseline | embedded max | embedded / baseline | server CPU µs per request at max (batch: per batch request): baseline / Redis / embedded |"
  echo "|---|---|--:|--:|--:|--:|--:|--:|"
  local sc unit mult b r e
  for sc in redirect create batch; do
    unit="req/s"; mult=1
    if [[ "$sc" == batch ]]; then unit="links/s (batches of $BATCH_SIZE)"; mult=$BATCH_SIZE; fi
    b=$(awk -v x="$(rate baseline $sc)" -v m=$mult 'BEGIN {printf "%.0f", x * m}')
    r=$(awk -v x="$(rate service-redis $sc)" -v m=$mult 'BEGIN {printf "%.0f", x * m}')
    e=$(awk -v x="$(rate service-embedded $sc)" -v m=$mult 'BEGIN {printf "%.0f", x * m}')
    echo "| $sc | $unit | $b | $r | $(pct "$r" "$b") | $e | $(pct "$e" "$b") | $(cpu baseline $sc) / $(cpu service-redis $sc) / $(cpu service-embedded $sc) |"
  done
}

# The creates at half each service's maximum (create_half): the service's corrected p99 against
# the baseline's at the same rate.
half_table() {
  echo "| mode | rate /s (half the create max) | service p50 / p99 ms | baseline p50 / p99 ms | p99 service / baseline | server CPU µs per create: service / baseline |"
  echo "|---|--:|--:|--:|--:|--:|"
  local mode s b
  for mode in redis embedded; do
    s="$OUT/service-$mode-create-half.json"
    b="$OUT/baseline-create-half-service-$mode.json"
    if [[ -f "$s" && -f "$b" ]]; then
      jq -rn --arg m "$mode" --slurpfile s "$s" --slurpfile b "$b" '($s[0].latencyMs.corrected) as $sl | ($b[0].latencyMs.corrected) as $bl
        | def cpu(x): if x.serverCpu then (x.serverCpu.microsPerRequest * 10 | round / 10 | tostring) else "-" end;
        "| \($m) | \($s[0].requestedRate | round) | \($sl.p50) / \($sl.p99) | \($bl.p50) / \($bl.p99) | \(($sl.p99 / $bl.p99) * 100 | round / 100)x | \(cpu($s[0])) / \(cpu($b[0])) |"'
    else
      echo "| $mode | - | _not run_ | - | - | - |"
    fi
  done
}

section="$TMP_DIR/section.md"
{
  echo "<!-- loadtest:begin -->"
  echo "## Load tests (generated by \`bench/run.sh\`)"
  echo
  echo "_Generated $(date -u '+%Y-%m-%d %H:%M UTC') by \`$COMMAND\`. Run it again to reproduce every figure in this section; it replaces the section._"
  echo
  echo "- **Machine:** $(nproc) CPUs (${CPU_MODEL:-unknown CPU}), ${MEM_GIB:-?} GiB RAM, ${OS_NAME}, Linux $(uname -r). Generator, service and Redis share this machine, on loopback."
  echo "- **Versions:** ${TOOL_VERSION}; ${REDIS_VERSION}."
  echo "- **Load:** open loop (each request sent at its scheduled time whether or not earlier ones were answered); each target first primed by an unreported ${PRIME} mixed run; each run ${WARMUP} warm-up (rate ramping from 10% to 100%) + ${DURATION} measured over ${CONNECTIONS} HTTP/1.1 connections. Rates: redirect ${REDIRECT_RATE}/s, create ${CREATE_RATE}/s, batch ${BATCH_RATE}/s of ${BATCH_SIZE} links, mixed ${MIXED_RATE}/s at ${MIX} redirect:create. Redirects pick from ${LINKS} links created through the batch API (the baseline: 10000 random codes) with Zipf skew ${ZIPF}."
  if [[ "$FIND_MAX" == 1 ]]; then
    echo "- **Max-rate searches:** for redirect, create and batch, the highest rate with corrected p99 ≤ ${P99} (batch: ${BATCH_P99}), errors ≤ 0.1% and ≥ 95% of the rate achieved; after one unjudged priming step, steps of ${STEP_WARMUP} + ${STEP_DURATION} doubling from ${FIND_MAX_START}/s (create ${CREATE_FIND_MAX_START}/s, batch ${BATCH_FIND_MAX_START}/s), then bisecting, at most ${MAX_STEPS} steps; a failed step is run again up to ${RETRIES} time(s) at the same rate and the rate fails only if every run failed (one hiccup of this shared box must not decide a search; every run counts as a step)."
  fi
  echo "- **CPU:** ${PIN_NOTE}. Each target is primed with ${PRIME} mixed rounds until its JIT compilers used under ${JIT_QUIET}s of CPU in a round (at most ${PRIME_ROUNDS}): $(IFS=';'; echo "${PRIME_REPORT[*]:-not primed}" | sed 's/;/; /g'). *Server CPU µs/req* is the user + system CPU the server process used in the measured window divided by the requests answered (\`--server-pid\`): the cost of a request, which the other processes on the box disturb far less than the latency."
  echo "- **Reading the tables:** latencies in ms. *Corrected* columns are measured from each request's intended send time (coordinated omission corrected): what a client arriving on schedule experiences. *Uncorrected* columns are measured from the actual send (service time), as closed-loop tools report. Errors are unexpected statuses and failures by kind. JSON results and percentile plots: \`$OUT/\` (not committed)."
  echo
  if [[ "$FIND_MAX" == 1 ]]; then
    echo "### The service targets in this run (max rate under the p99 bound, service against the baseline)"
    echo
    echo "Bounds: redirect and create corrected p99 ≤ ${P99}; batch ≤ ${BATCH_P99}. Batch rows count links (requests × ${BATCH_SIZE}); the baseline answers a batch without reading it."
    echo
    ratio_table
    echo
    if [[ "$HALF" == 1 ]] && command -v jq >/dev/null; then
      echo "Creates at half each service's create maximum, that warm service and then the warm baseline at the same rate (${HALF_WARMUP} of warm-up + ${DURATION}), latencies corrected:"
      echo
      half_table
      echo
    fi
  fi
  echo "### Bare Vert.x baseline (same box, no application logic: GET → fixed 302, POST → fixed 201)"
  echo
  cat "$TMP_DIR/baseline.md"
  echo
  echo "### Service, Redis mode"
  echo
  if [[ -n "$SERVICE_NOTE" ]]; then echo "_${SERVICE_NOTE^}_"; else cat "$TMP_DIR/service-redis.md"; fi
  echo
  echo "### Service, embedded mode"
  echo
  if [[ -n "$SERVICE_NOTE" ]]; then echo "_${SERVICE_NOTE^}_"; else cat "$TMP_DIR/service-embedded.md"; fi
  echo
  echo "### Bulk stream (\`POST /api/v1/links/bulk\`, \`loadtest bulk\`)"
  echo
  echo "One NDJSON stream of ${BULK_LINES} create lines (after an unreported stream of ${BULK_PRIME_LINES} lines that warms the route) $( [[ "$BULK_RATE" == 0 ]] && echo "sent as fast as the service reads them" || echo "at ${BULK_RATE} lines/s"), results read while it is sent; each result line written after its link is durable. links/s over the whole stream (first byte sent to last result read); server CPU over the same window."
  echo
  if [[ -n "$SERVICE_NOTE" ]]; then echo "_${SERVICE_NOTE^}_"; else bulk_table; fi
  echo
  echo "### Redis bytes per link (\`bench/redis-bytes.sh\`)"
  echo
  echo "${BYTES_LINKS} links created through \`RedisHotStore\` in each link layout on a private redis-server (80-character URLs, one script per create), the outbox archived and trimmed; then every other link dead (a key per link: \`DEL\`; links in groups: expired, then one sweep over every group). \`used_memory\` delta per link, less the URL."
  echo
  cat "$BYTES_TABLE"
  echo
  echo "### Redis reference: \`redis-benchmark -t set -n ${REDIS_REQUESTS}\` (50 clients, no pipelining, same box)"
  echo
  echo '```'
  echo "$REDIS_BENCH"
  echo '```'
  echo "<!-- loadtest:end -->"
} >"$section"

# The complete tables go to a dated page of their own; docs/BENCHMARKS.md gets the environment and
# the targets table (bench/targets-table.sh over bench/targets.txt), between its targets markers.
STAMP=$(date -u '+%Y-%m-%d %H:%M')
RUN_DOC=${BENCH_RUN_DOC:-$(dirname "$DOC")/benchmarks/${STAMP%% *}-full-run.md}
mkdir -p "$(dirname "$DOC")" "$(dirname "$RUN_DOC")"
{ echo "# Full run of $STAMP UTC (\`bench/run.sh\`)"; echo; sed '/<!-- loadtest:/d' "$section"; } >"$RUN_DOC"
block="$TMP_DIR/targets.md"
{
  echo "<!-- targets:begin -->"
  echo "_Generated $STAMP UTC by \`$COMMAND\` (complete tables: [$(basename "$RUN_DOC")](benchmarks/$(basename "$RUN_DOC"))); rows from other commands as bench/targets.txt keeps them._"
  echo
  echo "- **Machine:** $(nproc) CPUs (${CPU_MODEL:-unknown CPU}), ${MEM_GIB:-?} GiB RAM, ${OS_NAME}; generator, servers, Redis and HBase on loopback."
  echo "- **Versions:** ${TOOL_VERSION}; ${REDIS_VERSION}."
  echo "- **Server under test:** ${PIN_NOTE}."
  echo
  bench/targets-table.sh "$OUT" "$BATCH_SIZE" "$BYTES_TABLE" "$STAMP"
  echo "<!-- targets:end -->"
} >"$block"
if [[ -f "$DOC" ]] && grep -q '<!-- targets:begin -->' "$DOC" && grep -q '<!-- targets:end -->' "$DOC"; then
  awk -v block="$block" '
    /<!-- targets:begin -->/ { while ((getline line < block) > 0) print line; skipping = 1; next }
    /<!-- targets:end -->/ { skipping = 0; next }
    !skipping { print }
  ' "$DOC" >"$TMP_DIR/doc.md"
  cat "$TMP_DIR/doc.md" >"$DOC"
else
  { [[ -f "$DOC" ]] && echo; cat "$block"; } >>"$DOC"
fi
log "wrote the targets table of $DOC and the full tables to $RUN_DOC"
if [[ -n "$SERVICE_NOTE" ]]; then
  log "NOTE: service scenarios were $SERVICE_NOTE"
fi
if ((${#FAILED[@]} > 0)); then
  log "some runs failed: ${FAILED[*]} (logs in $LOG_DIR)"
  exit 1
fi

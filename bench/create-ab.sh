#!/usr/bin/env bash
# bench/create-ab.sh — Redis-mode creates in one script (one round trip) against the two-step create
# (SET NX, then the group-committed XADD), back to back in one run on this box, beside the bare
# Vert.x baseline's JSON POST: the create max rate, server CPU per create, latency at a fixed rate,
# and Redis' own commands and CPU per create (INFO commandstats and INFO cpu around the fixed run).
#
# Like bench/run.sh: loopback only, the server under test (baseline or service) alone on the last
# CPU (taskset) with one event loop; generator, Redis and HBase on the others; everything it starts
# is stopped when it ends. Build first: mvn -B -q package -DskipTests. Settings (environment):
#   AB_RATE=3000 (fixed-rate run, creates/s: about half the maximum, where the latency is compared)
#   AB_DURATION=20s AB_PRIME=20s AB_P99=10ms AB_STEP=5s AB_STEPS=10 AB_START=2000 AB_ROUNDS=2
#   AB_OUT=bench/out/create-ab AB_HALF=1 (0 skips the last step: the latency at half the maximum of
#   the last one-script round, that warm service and the warm baseline each measured at that rate,
#   and the ratio of their corrected p99s) AB_HALF_WARMUP=20s (the generator's warm-up at that rate)
#   AB_PROFILER (the path of async-profiler's libasyncProfiler.so: each fixed run is profiled, CPU
#   by thread, into $OUT/<side>-r<round>.collapsed)
# Each side is a fresh service (SHORTCODE_REDIS_HOT_STORE_OUTBOX_ONE_SCRIPT_CREATES=false / true)
# on a flushed Redis; with more rounds, each side's best maximum is compared, so that one round the
# shared box disturbed does not decide the ratio. The service's CPU per create by thread in each
# fixed run (bench/thread-cpu.sh before and after it, the JIT apart) is printed at the end, and how
# busy each CPU was in the upper half of each max-rate search (bench/core-busy.sh): whether the
# service's CPU or the one the generator, Redis and HBase share ran out first.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
RATE=${AB_RATE:-3000}
DURATION=${AB_DURATION:-20s}
PRIME=${AB_PRIME:-20s}
P99=${AB_P99:-10ms}
STEP=${AB_STEP:-5s}
STEPS=${AB_STEPS:-10}
START=${AB_START:-2000}
ROUNDS=${AB_ROUNDS:-2}
HALF=${AB_HALF:-1}
HALF_WARMUP=${AB_HALF_WARMUP:-20s}
OUT=${AB_OUT:-bench/out/create-ab}
PROFILER=${AB_PROFILER:-}
JAR=loadtest/target/loadtest.jar
SERVICE_JAR=redirect-api/target/quarkus-app/quarkus-run.jar
KEY=sck_bench_admin_key_of_enough_length_42
[[ -f "$JAR" && -f "$SERVICE_JAR" ]] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 1; }
LOG_NAME=create-ab
LOG_DIR=$OUT
# shellcheck source=bench/lib.sh
source bench/lib.sh

start_redis
start_hbase
start_bg "$OUT/core-busy.txt" bench/core-busy.sh
BUSY=()
# search NAME CMD...: runs a max-rate search and notes each CPU's mean busy over its upper half
search() {
  local name=$1 t0 t1
  shift
  t0=$(date +%s)
  "$@"
  t1=$(date +%s)
  BUSY+=("| $name | $(bench/core-busy.sh mean "$OUT/core-busy.txt" $(( (t0 + t1) / 2 )) "$t1") |")
}
lt() { "${REST_PIN[@]}" java -Xmx1g -jar "$JAR" --connections 64 --api-key "$KEY" --output-dir "$OUT" --plot none "$@"; }
fixed_row() { # name: answered, p50, p99 (corrected), server CPU
  jq -r '"\(.answered) | \(.latencyMs.corrected.p50) | \(.latencyMs.corrected.p99) | \((.serverCpu.microsPerRequest // 0) * 10 | round / 10)"' "$OUT/$1.json"
}
max_of() { jq -r '.maxRate // 0' "$OUT/$1.json"; }
# links the service created so far (all pools), from its metrics on the management port
created() { curl -s "http://127.0.0.1:$1/q/metrics" | awk '/^shortcode_links_created_total/ {n += $2} END {printf "%d", n}'; }
THREAD_FILES=()
# redis_commands_per_create BEFORE AFTER N: Redis's commands (INFO commandstats) between two
# snapshots, per create: calls, µs of Redis CPU a call, µs per create (a script's own time includes
# the commands it runs, which are counted on their own lines too)
redis_commands_per_create() {
  awk -F'[:=,]' -v n="$3" 'FNR == NR && /^cmdstat_/ { c[$1] = $3; u[$1] = $5; next }
    /^cmdstat_/ { dc = $3 - c[$1]; du = $5 - u[$1]; if (dc > 0) printf "  Redis %-20s %6.3f calls, %6.2f µs a call, %6.2f µs per create\n", substr($1, 9), dc / n, du / dc, du / n }' "$1" "$2" \
    | sort -k9 -rn
}
max_cpu() { jq -r '(.best.serverCpu.microsPerRequest // 0) * 10 | round / 10' "$OUT/$1.json"; }

# The bare Vert.x baseline: POST answers a fixed 201 without reading the body. It stays up (idle
# while the services run) for the last step.
bp=$(free_port)
start_bg "$OUT/baseline.log" "${TARGET_PIN[@]}" java "${SERVICE_OPTS[@]}" -jar "$JAR" baseline-server --port "$bp" --exit-after 2h
bpid=$LAST_PID
wait_for_port "$bp" "$bpid" baseline "$OUT/baseline.log"
lt --target "http://127.0.0.1:$bp" --server-pid "$bpid" --name baseline-prime --scenario create --rate "$RATE" --duration "$PRIME" --quiet >/dev/null
lt --target "http://127.0.0.1:$bp" --server-pid "$bpid" --name baseline-fixed --scenario create --rate "$RATE" --duration "$DURATION" \
  --warmup 3s --quiet >/dev/null
search baseline lt --target "http://127.0.0.1:$bp" --server-pid "$bpid" --name baseline-max --scenario create --find-max --p99 "$P99" --rate "$START" \
  --duration "$STEP" --warmup 1s --max-steps "$STEPS" --retries 1 --quiet >/dev/null
BASE_MAX=$(max_of baseline-max)

ROWS=("| - | baseline | $(fixed_row baseline-fixed) | - | - | $BASE_MAX | $(max_cpu baseline-max) |")
log "baseline: max $BASE_MAX creates/s"

# The latency where the service has headroom: at half the maximum the last one-script round found,
# that same warm service and the baseline (still up, idle meanwhile), each at that rate in turn.
# Each run's generator is a fresh JVM that compiles its own code during its first seconds at that
# rate. It shares its CPU with Redis and HBase, which the service keeps busy and the baseline does
# not: with a 3 s warm-up, that compiling starved Redis for 2-4 s at 10,000 creates/s, and the
# service waited with its own CPU three-quarters idle. So both sides warm up for HALF_WARMUP first.
HALF_RATE=""
half_rate() {
  HALF_RATE=$(( $1 / 2 ))
  # what the search left behind (the archiver's backlog, written to HBase) is done first
  wait_until_quiet "$spid" 0.05 180 || log "the service was still busy 180 s after its search; measuring at half its maximum anyway"
  lt --target "http://127.0.0.1:$p" --server-pid "$spid" --name one-script-half --scenario create --rate "$HALF_RATE" \
    --duration "$DURATION" --warmup "$HALF_WARMUP" --quiet >/dev/null
  lt --target "http://127.0.0.1:$bp" --server-pid "$bpid" --name baseline-half --scenario create --rate "$HALF_RATE" \
    --duration "$DURATION" --warmup "$HALF_WARMUP" --quiet >/dev/null
}

declare -A BEST
for round in $(seq 1 "$ROUNDS"); do
  for one in false true; do
    side=two-step; [[ $one == true ]] && side=one-script
    name="$side-r$round"
    p=$(free_port)
    mp=$(free_port) # the management interface (/q/*) has a port of its own
    rcli flushall >/dev/null
    start_bg "$OUT/$name.service.log" env QUARKUS_HTTP_HOST=127.0.0.1 QUARKUS_HTTP_PORT="$p" QUARKUS_MANAGEMENT_HOST=127.0.0.1 QUARKUS_MANAGEMENT_PORT="$mp" \
      SHORTCODE_DATA_DIR="$TMP_DIR/data-$name" SHORTCODE_ADMIN_KEY="$KEY" QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE=1 \
      SHORTCODE_REDIS_URIS="redis://127.0.0.1:$REDIS_PORT" SHORTCODE_HBASE_ZOOKEEPER_QUORUM="$HBASE_ZK" \
      SHORTCODE_SECRET="bench secret shared by every node" SHORTCODE_REDIS_HOT_STORE_OUTBOX_ONE_SCRIPT_CREATES="$one" \
      "${TARGET_PIN[@]}" java "${SERVICE_OPTS[@]}" -jar "$SERVICE_JAR"
    spid=$LAST_PID
    wait_for_http "http://127.0.0.1:$mp/q/health/ready"
    common=(--target "http://127.0.0.1:$p" --server-pid "$spid")
    lt "${common[@]}" --name "$name-prime" --scenario create --rate "$RATE" --duration "$PRIME" --quiet >/dev/null
    c0=$(redis_calls) u0=$(redis_cpu)
    rcli info commandstats | tr -d '\r' >"$TMP_DIR/commands-before"
    made0=$(created "$mp")
    [[ -n $PROFILER ]] && jcmd "$spid" JVMTI.agent_load "$PROFILER" "\"start,event=cpu,interval=1ms,threads\"" >/dev/null
    bench/thread-cpu.sh "$spid" >"$TMP_DIR/threads-before"
    lt "${common[@]}" --name "$name-fixed" --scenario create --rate "$RATE" --duration "$DURATION" --warmup 3s --quiet >/dev/null
    bench/thread-cpu.sh "$spid" >"$TMP_DIR/threads-after"
    [[ -n $PROFILER ]] && jcmd "$spid" JVMTI.agent_load "$PROFILER" "\"stop,file=$(realpath "$OUT")/$name.collapsed,collapsed\"" >/dev/null
    c1=$(redis_calls) u1=$(redis_cpu)
    rcli info commandstats | tr -d '\r' >"$TMP_DIR/commands-after"
    answered=$(jq -r '.answered' "$OUT/$name-fixed.json")
    bench/thread-diff.py "$TMP_DIR/threads-before" "$TMP_DIR/threads-after" "$(( $(created "$mp") - made0 ))" >"$OUT/$name-threads.txt"
    redis_commands_per_create "$TMP_DIR/commands-before" "$TMP_DIR/commands-after" "$answered" >>"$OUT/$name-threads.txt"
    THREAD_FILES+=("$OUT/$name-threads.txt")
    # the run's warm-up is not in answered, so the per-create figures below are a little high
    per_cmd=$(python3 -c "print(round(($c1 - $c0) / max(1, $answered), 2))")
    per_cpu=$(python3 -c "print(round(($u1 - $u0) * 1e6 / max(1, $answered), 1))")
    search "$name" lt "${common[@]}" --name "$name-max" --scenario create --find-max --p99 "$P99" --rate "$START" \
      --duration "$STEP" --warmup 1s --max-steps "$STEPS" --retries 1 --quiet >/dev/null
    max=$(max_of "$name-max")
    ROWS+=("| $round | $side | $(fixed_row "$name-fixed") | $per_cmd | $per_cpu | $max ($(python3 -c "print(round(100 * $max / max(1, $BASE_MAX)))") %) | $(max_cpu "$name-max") |")
    (( max > ${BEST[$side]:-0} )) && BEST[$side]=$max
    log "$name: max $max creates/s"
    if [[ $HALF == 1 && $side == one-script && $round == "$ROUNDS" ]]; then
      half_rate "$max"
    fi
    stop_pid "$spid"
  done
done
echo
echo "Creates at $RATE/s for $DURATION (after $PRIME of priming), and the create max rate (p99 ≤ $P99):"
echo
echo "| round | create | answered | p50 ms | p99 ms | server CPU µs/create | Redis commands per create | Redis CPU µs per create | max rate /s (of the baseline's) | server CPU µs/create at max |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
printf '%s\n' "${ROWS[@]}"
echo
echo "best maximum: one-script ${BEST[one-script]:-0}, two-step ${BEST[two-step]:-0}, baseline $BASE_MAX /s"
echo "(Redis commands count those inside scripts too; latency is the generator's corrected figure.)"

if [[ -n $HALF_RATE ]]; then
  echo
  echo "At half the last one-script round's maximum, $HALF_RATE creates/s for $DURATION, that service and the baseline, both warm:"
  echo
  echo "| create | answered | p50 ms | p99 ms | server CPU µs/create |"
  echo "|---|---:|---:|---:|---:|"
  echo "| baseline | $(fixed_row baseline-half) |"
  echo "| one script | $(fixed_row one-script-half) |"
  echo
  echo "corrected p99, one script / baseline: $(jq -rn --slurpfile s "$OUT/one-script-half.json" --slurpfile b "$OUT/baseline-half.json" \
    '($s[0].latencyMs.corrected.p99 / $b[0].latencyMs.corrected.p99) * 100 | round / 100')x"
fi
echo
echo "Each CPU's mean busy % in the upper half of each max-rate search (the server under test alone on the last CPU${TARGET_PIN[*]:+, $(nproc) CPUs}):"
echo
echo "| max-rate search | mean busy per CPU |"
echo "|---|---|"
printf '%s\n' "${BUSY[@]}"
echo
echo "Server CPU per create by thread in the fixed runs ($RATE/s):"
for f in "${THREAD_FILES[@]}"; do
  echo "$(basename "$f" -threads.txt):"
  cat "$f"
done

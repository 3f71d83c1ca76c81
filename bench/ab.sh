#!/usr/bin/env bash
# bench/ab.sh — one side against another on this box: two builds, two configurations of one build,
# two sets of JVM options, the service against the bare baseline, or two ways of loading one
# service. Every A/B study of docs/benchmarks/ is one invocation of it (each page names its own).
#
# Like bench/run.sh: loopback only, the server under test alone on the last CPU (taskset) with one
# event loop, the generator, Redis and HBase on the others (PIN=0: nothing pinned); everything it
# starts is stopped when it ends. Build first: mvn -B -q -Pjmh -DskipTests package.
#
# The sides (X is A or B):
#   AB_X_NAME   its name in the tables (a, b)
#   AB_X_APP    a quarkus-app directory (this checkout's redirect-api/target/quarkus-app), or
#               `baseline` for the bare Vert.x baseline (loadtest baseline-server)
#   AB_X_ENV    the service's settings, space-separated NAME=value (e.g. SHORTCODE_STATS_ENABLED=false)
#   AB_X_OPTS   its JVM options (bench/lib.sh's default, SERVICE_JAVA_OPTS)
#   AB_X_ARGS   more generator arguments for its runs (rounds only; e.g. --link-json '{...}' --user-agent UA;
#               with AB_SCENARIO=bulk, of its streams: --refs)
#   AB_X_KEY    the JSON of a client key made for it through POST /api/v1/keys; its runs send that
#               key instead of the admin key (rounds only; e.g. a key with limits)
# How (AB_MEASURE):
#   ladder   both services up at once, one generator climbing one ladder of rates with both
#            (loadtest --find-max --versus): the maxima's ratio, which two separate searches on this
#            box cannot give. AB_START=10000 AB_LADDER_STEP=1000 AB_TRIES=3 AB_STEP=5s AB_MAX_STEPS=20
#   rounds   (default) AB_ROUNDS=2 rounds of A then B, each a fresh service (AB_FRESH=1; 0 keeps one
#            service per side for every round, AB_SHARE=1 one service for both sides, which then
#            differ only in AB_X_ARGS or AB_X_KEY): priming, a run at AB_RATE=3000 for
#            AB_DURATION=20s (latency, server CPU per request and by thread, Redis's commands and
#            CPU per request), then a max-rate search (AB_FIND_MAX=1, from AB_START by
#            AB_STEP=5s steps, at most AB_STEPS=10) with each CPU's busy share over its upper half.
#            AB_HALF=1: at the end, B and then A at half of B's last maximum, both warm
#            (AB_HALF_WARMUP=20s of the generator's warm-up at that rate), and the ratio of their
#            corrected p99s. With AB_SCENARIO=bulk each round is two warm streams of
#            AB_WARM_LINES=200000 lines, then one of AB_LINES=1000000, then the CPU the service
#            spends until it goes quiet (the archiving that follows a stream in Redis mode).
# Shared: AB_MODE=redis (or embedded) AB_SCENARIO=redirect (create, batch, mixed, bulk) AB_P99=10ms
#   AB_LINKS=10000 AB_ZIPF=1.0 AB_CONNECTIONS=64 AB_PRIME=20s AB_PRIME_RATE=8000 AB_OUT=bench/out/ab
#   AB_GC_LOG=gc (each service's -Xlog:<this>, summarised at the end by bench/gc-summary.py; e.g.
#   'gc*,gc+age=trace') AB_REDIS_NICE=0 (1: Redis at nice 10) REDIS_REPLICA=0 (1: Redis gets a replica, for
#   SHORTCODE_REDIS_WAIT_REPLICAS) AB_NICE (a pattern of thread names:
#   those threads of B's service at nice 10) AB_PROFILER (libasyncProfiler.so: each measured run is
#   profiled by thread into OUT/<side>-r<round>.collapsed) AB_AFTER (a command run after each
#   measured run, with SIDE, ROUND, OUT, SERVICE_PID, SERVICE_PORT and REDIS_PORT exported)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
MEASURE=${AB_MEASURE:-rounds}
MODE=${AB_MODE:-redis}
SCENARIO=${AB_SCENARIO:-redirect}
P99=${AB_P99:-10ms}
LINKS=${AB_LINKS:-10000}
ZIPF=${AB_ZIPF:-1.0}
CONNECTIONS=${AB_CONNECTIONS:-64}
PRIME=${AB_PRIME:-20s}
PRIME_RATE=${AB_PRIME_RATE:-8000}
OUT=${AB_OUT:-bench/out/ab}
ROUNDS=${AB_ROUNDS:-2}
RATE=${AB_RATE:-3000}
DURATION=${AB_DURATION:-20s}
FIND_MAX=${AB_FIND_MAX:-1}
STEP=${AB_STEP:-5s}
FRESH=${AB_FRESH:-1}
SHARE=${AB_SHARE:-0}
HALF=${AB_HALF:-0}
LINES=${AB_LINES:-1000000}
WARM_LINES=${AB_WARM_LINES:-200000}
PROFILER=${AB_PROFILER:-}
if [[ $MEASURE == ladder ]]; then START=${AB_START:-10000}; MAX_STEPS=${AB_MAX_STEPS:-20}; else START=${AB_START:-2000}; MAX_STEPS=${AB_STEPS:-10}; fi
LOG_NAME=ab
LOG_DIR=$OUT
# shellcheck source=bench/lib.sh
source bench/lib.sh
[[ -f "$JAR" ]] || { log "build first: mvn -B -q -Pjmh -DskipTests package"; exit 1; }
DEFAULT_OPTS="${SERVICE_OPTS[*]}"
side_var() { local v="AB_${1}_$2"; echo "${!v:-${3:-}}"; }
NAME_A=$(side_var A NAME a) NAME_B=$(side_var B NAME b)

if [[ $MODE == redis ]]; then
  start_redis
  [[ ${AB_REDIS_NICE:-0} == 1 ]] && renice -n 10 -p "$REDIS_PID" >/dev/null
  start_hbase
fi

# start_side X NAME: side X's server, fresh (Redis flushed when AB_FLUSH is not 0); sets URL, PID, MGMT.
start_side() {
  local x=$1 name=$2 app env opts
  app=$(side_var "$x" APP "$ROOT/redirect-api/target/quarkus-app")
  read -r -a SERVICE_OPTS <<< "$(side_var "$x" OPTS "$DEFAULT_OPTS")"
  GCLOG="$OUT/$name.gc.log"
  local gc=(JDK_JAVA_OPTIONS="-Xlog:${AB_GC_LOG:-gc}:file=$GCLOG")
  if [[ $app == baseline ]]; then
    JDK_JAVA_OPTIONS="${gc[0]#JDK_JAVA_OPTIONS=}" start_baseline "$name"
    URL="http://127.0.0.1:$BASELINE_PORT" PID=$BASELINE_PID MGMT=-
    return 0
  fi
  [[ $MODE == redis && ${AB_FLUSH:-1} != 0 ]] && rcli flushall >/dev/null
  read -r -a env <<< "$(side_var "$x" ENV)"
  SERVICE_JAR="$app/quarkus-run.jar" start_service "$name" "$MODE" "${gc[@]}" "${env[@]+"${env[@]}"}"
  URL="http://127.0.0.1:$SERVICE_PORT" PID=$SERVICE_PID MGMT=$SERVICE_MGMT_PORT
  if [[ $x == B && -n ${AB_NICE:-} ]]; then
    for t in /proc/"$PID"/task/*; do grep -qE "$AB_NICE" "$t/comm" && renice -n 10 -p "${t##*/}" >/dev/null; done
  fi
  return 0
}

# side_key X URL: the key side X's runs send (AB_X_KEY made through the admin API, or the admin key).
side_key() {
  local body
  body=$(side_var "$1" KEY)
  if [[ -z $body ]]; then echo "$KEY"; return; fi
  curl -sf -H "X-API-Key: $KEY" -H 'Content-Type: application/json' -d "$body" "$2/api/v1/keys" | jq -r .key
}

profile() { # start|stop PID FILE
  [[ -n $PROFILER ]] || return 0
  if [[ $1 == start ]]; then
    jcmd "$2" JVMTI.agent_load "$PROFILER" "\"start,event=cpu,interval=1ms,threads\"" >/dev/null
  else
    jcmd "$2" JVMTI.agent_load "$PROFILER" "\"stop,file=$(realpath "$3"),collapsed\"" >/dev/null
  fi
}

# Requests the service answered so far (its HTTP server metrics), for CPU per request by thread.
answered_total() { [[ -n $1 ]] && curl -s "http://127.0.0.1:$1/q/metrics" | awk '/^http_server_requests_seconds_count/ {n += $2} END {printf "%d", n}' || echo 0; }
# Redis's commands (INFO commandstats) between two snapshots, per request: calls, µs a call, µs per
# request (a script's own time includes the commands it runs, counted on their own lines too).
redis_commands_per() {
  awk -F'[:=,]' -v n="$3" 'FNR == NR && /^cmdstat_/ { c[$1] = $3; u[$1] = $5; next }
    /^cmdstat_/ { dc = $3 - c[$1]; du = $5 - u[$1]; if (dc > 0) printf "  Redis %-20s %6.3f calls, %6.2f µs a call, %6.2f µs per request\n", substr($1, 9), dc / n, du / dc, du / n }' "$1" "$2" \
    | sort -k9 -rn
}
j() { jq -r "$2" "$OUT/$1.json" 2>/dev/null || echo -; }
cpu1() { printf '%s' "(.${1} // 0) * 10 | round / 10"; }

if [[ $MEASURE == ladder ]]; then
  start_side A "$NAME_A"; a_url=$URL a_pid=$PID
  start_side B "$NAME_B"; b_url=$URL b_pid=$PID
  common=(--connections "$CONNECTIONS" --links "$LINKS" --zipf "$ZIPF" --api-key "$KEY" --output-dir "$OUT")
  prime "$a_url" "$a_pid" "$NAME_A" "$SCENARIO" "$PRIME_RATE" "$PRIME" "${common[@]}"
  prime "$b_url" "$b_pid" "$NAME_B" "$SCENARIO" "$PRIME_RATE" "$PRIME" "${common[@]}"
  log "$SCENARIO ladder from $START/s by ${AB_LADDER_STEP:-1000}, ${AB_TRIES:-3} tries: $NAME_A (target) against $NAME_B (versus)"
  versus_ladder ladder "$a_url" "$a_pid" "$b_url" "$b_pid" "$SCENARIO" "$START" "${AB_LADDER_STEP:-1000}" "${AB_TRIES:-3}" \
    "$STEP" "$MAX_STEPS" "$P99" "${common[@]}" >"$OUT/ladder.out" 2>"$OUT/ladder.err"
  cat "$OUT/ladder.out"
  echo
  echo "$NAME_B / $NAME_A: $(grep '^versus / target' "$OUT/ladder.out" | sed 's/^versus \/ target:* *//')"
  stop_pid "$a_pid"
  stop_pid "$b_pid"
  python3 bench/gc-summary.py "$OUT/$NAME_A.gc.log" "$OUT/$NAME_B.gc.log"
  exit 0
fi

# ---- rounds: A then B, each round
start_bg "$OUT/core-busy.txt" bench/core-busy.sh
ROWS=() THREAD_FILES=()
declare -A BEST CPUS SRV LAST_MAX
for round in $(seq 1 "$ROUNDS"); do
  for x in A B; do
    name=$(side_var "$x" NAME "${x,,}")
    run="$name-r$round"
    slot=$x
    [[ $SHARE == 1 ]] && slot=A
    started=0
    if [[ -z ${SRV[$slot]:-} ]]; then
      start_side "$slot" "$run"
      SRV[$slot]="$URL $PID $MGMT $GCLOG"
      started=1
    fi
    read -r URL PID MGMT GCLOG <<< "${SRV[$slot]}"
    [[ $MGMT == - ]] && MGMT=""
    key=$(side_key "$x" "$URL")
    read -r -a args <<< "$(side_var "$x" ARGS)"
    if [[ $SCENARIO == bulk ]]; then
      stream() { lt bulk --target "$URL" --api-key "$key" --output-dir "$OUT" "${args[@]+"${args[@]}"}" "$@"; }
      stream --lines "$WARM_LINES" --name "$run-warm" >/dev/null
      stream --lines "$WARM_LINES" --name "$run-warm" >/dev/null
      wait_until_quiet "$PID" || true
      gc0=$(wc -l <"$GCLOG")
      bench/thread-cpu.sh "$PID" >"$TMP_DIR/t0"
      profile start "$PID"
      stream --lines "$LINES" --name "$run" --server-pid "$PID" >"$OUT/$run.out"
      bench/thread-cpu.sh "$PID" >"$TMP_DIR/t1"
      wait_until_quiet "$PID" || true
      bench/thread-cpu.sh "$PID" >"$TMP_DIR/t2"
      profile stop "$PID" "$OUT/$run.collapsed"
      { echo "during the stream:"; bench/thread-diff.py "$TMP_DIR/t0" "$TMP_DIR/t1" "$LINES"
        echo "after it, until the service went quiet:"; bench/thread-diff.py "$TMP_DIR/t1" "$TMP_DIR/t2" "$LINES"; } >"$OUT/$run-threads.txt"
      THREAD_FILES+=("$OUT/$run-threads.txt")
      after=$(sed -n '/^after/{n;p;}' "$OUT/$run-threads.txt" | awk '{print $1}')
      gcs=$(tail -n +"$((gc0 + 1))" "$GCLOG")
      ROWS+=("| $round | $name | $(j "$run" '.linksPerSecond | round') | $(j "$run" "$(cpu1 serverCpu.microsPerLink)") | $after | $(grep -c 'Pause Young' <<<"$gcs" || true) | $(grep -c 'Pause Full' <<<"$gcs" || true) | $(grep -oE '[0-9.]+ms$' <<<"$gcs" | tr -d ms | awk '{s += $1} END {printf "%d", s}') |")
      CPUS[$x]="${CPUS[$x]:-} $(j "$run" '.serverCpu.microsPerLink // 0')"
    else
      common=(--target "$URL" --server-pid "$PID" --connections "$CONNECTIONS" --links "$LINKS" --zipf "$ZIPF"
        --api-key "$key" --output-dir "$OUT" "${args[@]+"${args[@]}"}")
      if ((started)) || [[ $SHARE == 1 ]]; then prime "$URL" "$PID" "$run" "$SCENARIO" "$RATE" "$PRIME" "${common[@]:4}"; fi
      redis_cells="-"
      if [[ $MODE == redis ]]; then rcli info commandstats | tr -d '\r' >"$TMP_DIR/c0"; c0=$(redis_calls) u0=$(redis_cpu); fi
      n0=$(answered_total "$MGMT")
      bench/thread-cpu.sh "$PID" >"$TMP_DIR/t0"
      profile start "$PID"
      lt "${common[@]}" --name "$run-fixed" --scenario "$SCENARIO" --rate "$RATE" --duration "$DURATION" --warmup 3s \
        --plot none --quiet >/dev/null
      profile stop "$PID" "$OUT/$run.collapsed"
      bench/thread-cpu.sh "$PID" >"$TMP_DIR/t1"
      n=$(( $(answered_total "$MGMT") - n0 ))
      ((n > 0)) || n=$(j "$run-fixed" '.answered')
      bench/thread-diff.py "$TMP_DIR/t0" "$TMP_DIR/t1" "$n" >"$OUT/$run-threads.txt"
      if [[ $MODE == redis ]]; then
        rcli info commandstats | tr -d '\r' >"$TMP_DIR/c1"
        redis_cells="$(awk -v a="$(redis_calls)" -v b="$c0" -v n="$n" 'BEGIN {printf "%.2f", (a - b) / n}') / $(awk -v a="$(redis_cpu)" -v b="$u0" -v n="$n" 'BEGIN {printf "%.1f", (a - b) * 1e6 / n}')"
        redis_commands_per "$TMP_DIR/c0" "$TMP_DIR/c1" "$n" >>"$OUT/$run-threads.txt"
      fi
      THREAD_FILES+=("$OUT/$run-threads.txt")
      if [[ -n ${AB_AFTER:-} ]]; then
        SIDE=$name ROUND=$round SERVICE_PID=$PID SERVICE_PORT=${URL##*:} REDIS_PORT=${REDIS_PORT:-} OUT=$OUT bash -c "$AB_AFTER"
      fi
      max=- cpumax=- busy=-
      if [[ $FIND_MAX == 1 ]]; then
        t0=$(date +%s)
        search "$URL" "$PID" "$run-max" "$SCENARIO" "$START" "$P99" "$STEP" "$MAX_STEPS" "${common[@]:4}" >/dev/null
        t1=$(date +%s)
        max=$(j "$run-max" '.maxRate // 0') cpumax=$(j "$run-max" "$(cpu1 best.serverCpu.microsPerRequest)")
        busy=$(bench/core-busy.sh mean "$OUT/core-busy.txt" $(( (t0 + t1) / 2 )) "$t1")
        if (( ${max%.*} > ${BEST[$x]:-0} )); then BEST[$x]=${max%.*}; fi
        LAST_MAX[$x]=${max%.*}
      fi
      ROWS+=("| $round | $name | $(j "$run-fixed" '"\(.answered) | \(.latencyMs.corrected.p50) | \(.latencyMs.corrected.p99)"') | $(j "$run-fixed" "$(cpu1 serverCpu.microsPerRequest)") | $redis_cells | $max | $cpumax | $busy |")
      CPUS[$x]="${CPUS[$x]:-} $(j "$run-fixed" '.serverCpu.microsPerRequest // 0')"
    fi
    log "$run done"
    # A fresh service per round is stopped after its round, but the last round's stay up for the
    # half-maximum runs; one service for both sides stops after B.
    if [[ $FRESH == 1 && ! ($HALF == 1 && $round == "$ROUNDS") ]] && [[ $SHARE != 1 || $x == B ]]; then
      stop_pid "$PID"
      unset "SRV[$slot]"
    fi
  done
done

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR] = $1} END {if (NR) print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2); else print 0}'; }
echo
services="a fresh service per side and round"
[[ $FRESH == 1 ]] || services="one service per side for every round"
[[ $SHARE == 1 ]] && services="one service for both sides"
echo "$NAME_A against $NAME_B, $MODE mode, ${SCENARIO}: $ROUNDS round(s), $services; ${TARGET_PIN[*]:+the server under test alone on CPU $((NCPU - 1))}${TARGET_PIN[*]:-not pinned}."
echo
if [[ $SCENARIO == bulk ]]; then
  echo "One stream of $LINES lines after two of $WARM_LINES:"
  echo
  echo "| round | side | links/s | server CPU µs per link | µs per link after it, until quiet | young GCs | full GCs | GC pauses ms |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|"
else
  echo "$SCENARIO at $RATE/s for $DURATION after $PRIME of priming (latency corrected), then the max rate (p99 ≤ $P99):"
  echo
  echo "| round | side | answered | p50 ms | p99 ms | server CPU µs/request | Redis commands / CPU µs per request | max rate /s | server CPU µs/request at max | busy per CPU in the search's upper half |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---|"
fi
printf '%s\n' "${ROWS[@]}"
echo
a=$(echo "${CPUS[A]:-}" | median) b=$(echo "${CPUS[B]:-}" | median)
echo "median server CPU per request: $NAME_A $a µs, $NAME_B $b µs, $NAME_B / $NAME_A $(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.2f", (a > 0 ? b / a : 0)}')x"
if [[ $FIND_MAX == 1 && $SCENARIO != bulk ]]; then
  echo "best maximum: $NAME_A ${BEST[A]:-0}/s, $NAME_B ${BEST[B]:-0}/s, $NAME_B / $NAME_A $(awk -v a="${BEST[A]:-0}" -v b="${BEST[B]:-0}" 'BEGIN {printf "%.0f %%", (a > 0 ? 100 * b / a : 0)}')"
fi

# Both sides at half of B's last maximum, both warm: the latency where B has headroom.
if [[ $HALF == 1 && $SCENARIO != bulk && -n ${LAST_MAX[B]:-} ]]; then
  half=$(( LAST_MAX[B] / 2 ))
  for x in B A; do
    read -r URL PID MGMT GCLOG <<< "${SRV[$x]:-${SRV[A]}}"
    wait_until_quiet "$PID" 0.05 180 || log "$x still busy 180 s after its search; measuring at half the maximum anyway"
    lt --target "$URL" --server-pid "$PID" --connections "$CONNECTIONS" --links "$LINKS" --zipf "$ZIPF" --api-key "$KEY" \
      --output-dir "$OUT" --name "half-$x" --scenario "$SCENARIO" --rate "$half" --duration "$DURATION" \
      --warmup "${AB_HALF_WARMUP:-20s}" --plot none --quiet >/dev/null
  done
  echo
  echo "At half of $NAME_B's last maximum, $half/s for $DURATION, both warm: p50 / p99 ms, server CPU µs/request:" \
    "$NAME_B $(j half-B '"\(.latencyMs.corrected.p50) / \(.latencyMs.corrected.p99), \(.serverCpu.microsPerRequest // 0 | . * 10 | round / 10)"')," \
    "$NAME_A $(j half-A '"\(.latencyMs.corrected.p50) / \(.latencyMs.corrected.p99), \(.serverCpu.microsPerRequest // 0 | . * 10 | round / 10)"');" \
    "p99 $NAME_B / $NAME_A $(jq -rn --slurpfile b "$OUT/half-B.json" --slurpfile a "$OUT/half-A.json" '($b[0].latencyMs.corrected.p99 / $a[0].latencyMs.corrected.p99) * 100 | round / 100')x"
fi
echo
echo "Server CPU per request by thread in the measured runs (the JIT's apart):"
for f in "${THREAD_FILES[@]}"; do
  echo "$(basename "$f" -threads.txt):"
  cat "$f"
done
python3 bench/gc-summary.py "$OUT"/*.gc.log 2>/dev/null || true

# bench/lib.sh — what the bench scripts share, sourced by each of them after it has set:
#   LOG_NAME  the tag of its log lines ([LOG_NAME hh:mm:ss] ...)
#   LOG_DIR   where the logs of the servers it starts go
#   PIN       1 (default) to pin: the server under test alone on the last CPU (TARGET_PIN), the
#             generator, Redis and HBase on the others (REST_PIN); 0 leaves everything unpinned
#   START_TIMEOUT  seconds a server may take to listen (default 120)
# It gives: a private TMP_DIR, process bookkeeping whose exit trap stops everything started with
# start_bg (TERM, then KILL after 10 s) and removes TMP_DIR, loopback ports, Redis, HBase, the
# service and the bare baseline started the way every measurement here starts them, and the load
# generator's runs: priming, a max-rate search, two services on one ladder of rates (lt, prime,
# search, versus_ladder). Messages go to the script's own stderr (fd 9), even from inside a
# redirected command or the exit trap.

ROOT=${ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
START_TIMEOUT=${START_TIMEOUT:-120}
mkdir -p "$LOG_DIR"

NCPU=$(nproc)
TARGET_PIN=()
REST_PIN=()
# One event loop per CPU the server under test runs on: two loops on one CPU only add switches.
TARGET_CPUS=$NCPU
if [[ "${PIN:-1}" == 1 ]] && ((NCPU >= 2)) && command -v taskset >/dev/null; then
  TARGET_PIN=(taskset -c "$((NCPU - 1))")
  REST_PIN=(taskset -c "0-$((NCPU - 2))")
  TARGET_CPUS=1
fi

# The load generator and the service as built in this checkout; the admin key of every service
# started here; the generator's JVM options (BENCH_JAVA_OPTS).
JAR=${JAR:-$ROOT/loadtest/target/loadtest.jar}
SERVICE_JAR=${SERVICE_JAR:-$ROOT/redirect-api/target/quarkus-app/quarkus-run.jar}
KEY=${KEY:-sck_$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')}
read -r -a GEN_OPTS <<< "${BENCH_JAVA_OPTS:--Xmx1g}"

PIDS=()
TMP_DIR=$(mktemp -d "${TMPDIR:-/tmp}/shortcode-$LOG_NAME.XXXXXX")
exec 9>&2
log() { printf '[%s %s] %s\n' "$LOG_NAME" "$(date +%H:%M:%S)" "$*" >&9; }

# Stops everything started with start_bg: TERM first, KILL after 10 s. Runs on every exit path.
cleanup() {
  local code=$?
  trap - EXIT INT TERM
  exec 7>&- 2>/dev/null || true # HBase's standard input: it stops at its end
  local pid
  for pid in "${PIDS[@]+"${PIDS[@]}"}"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${PIDS[@]+"${PIDS[@]}"}"; do
    for _ in $(seq 1 100); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
      log "process $pid did not stop on TERM; killing it"
      kill -KILL "$pid" 2>/dev/null || true
    fi
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$TMP_DIR"
  if ((code != 0)); then
    log "stopped (exit $code); everything it started has been stopped"
  fi
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Starts a background process and remembers it for cleanup (LAST_PID). Output goes to the log file.
start_bg() {
  local logfile=$1
  shift
  "$@" >"$logfile" 2>&1 &
  PIDS+=("$!")
  LAST_PID=$!
}

# Runs a command to completion in the background so that a TERM to the script stops it too
# (bash only runs traps between commands; `wait` is interruptible, a foreground child is not).
run_tracked() {
  "$@" &
  local pid=$!
  PIDS+=("$pid")
  local status=0
  wait "$pid" || status=$?
  return "$status"
}

# Stops one process started with start_bg (and forgets it).
stop_pid() {
  local pid=$1 keep=() p
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 100); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  for p in "${PIDS[@]+"${PIDS[@]}"}"; do
    [[ "$p" == "$pid" ]] || keep+=("$p")
  done
  PIDS=("${keep[@]+"${keep[@]}"}")
}

# CPU seconds a process has used so far (user + system, all its threads).
proc_cpu() { sed 's/^.*) //' "/proc/$1/stat" | awk -v t="$(getconf CLK_TCK)" '{printf "%.2f", ($12 + $13) / t}'; }

# wait_until_quiet PID [CPU_PER_SECOND] [MAX_SECONDS]: waits until the process uses under
# CPU_PER_SECOND (0.05) seconds of CPU in each of two seconds in a row, at most MAX_SECONDS (120):
# the work a run leaves behind (the archiver catching up on the outbox, RocksDB's compactions, the
# collector) is done. Returns 1 if the process never went quiet.
wait_until_quiet() {
  local pid=$1 limit=${2:-0.05} max=${3:-120} last now quiet=0
  last=$(proc_cpu "$pid")
  for _ in $(seq 1 "$max"); do
    sleep 1
    now=$(proc_cpu "$pid")
    if awk -v a="$now" -v b="$last" -v l="$limit" 'BEGIN {exit !(a - b < l)}'; then quiet=$((quiet + 1)); else quiet=0; fi
    last=$now
    ((quiet < 2)) || return 0
  done
  return 1
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# A loopback port nothing listens on, checked by connecting: random between 10000 and the start of
# the kernel's ephemeral range (32768 by default), so that no client connection of the processes
# started here (the generator's, HBase's, Lettuce's) can be given it as its own local port before
# the server that was told to listen there starts.
EPHEMERAL_LOW=$(awk '{print $1}' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
free_port() {
  local port
  for _ in $(seq 1 100); do
    port=$((10000 + RANDOM % (EPHEMERAL_LOW > 11000 ? EPHEMERAL_LOW - 10000 : 1000)))
    if ! port_open "$port"; then
      echo "$port"
      return 0
    fi
  done
  log "no free loopback port found"
  return 1
}

# Waits until the process listens on the port; fails if it dies or START_TIMEOUT passes.
wait_for_port() {
  local port=$1 pid=$2 what=$3 logfile=$4
  local deadline=$((SECONDS + START_TIMEOUT))
  while ! port_open "$port"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      log "$what exited before listening on 127.0.0.1:$port; its log ($logfile):"
      tail -n 30 "$logfile" >&9 || true
      return 1
    fi
    if ((SECONDS >= deadline)); then
      log "$what did not listen on 127.0.0.1:$port within ${START_TIMEOUT}s; its log ($logfile):"
      tail -n 30 "$logfile" >&9 || true
      return 1
    fi
    sleep 0.2
  done
}

# Waits until the URL answers 2xx (a service's /q/health/ready), for up to 90 s.
wait_for_http() { for _ in $(seq 1 180); do curl -sf "$1" >/dev/null 2>&1 && return 0; sleep 0.5; done; log "$1 did not answer"; return 1; }

# Redis without persistence on a free loopback port (REDIS_PORT, REDIS_PID), with the rest.
REDIS_PORT=""
start_redis() {
  REDIS_PORT=$(free_port)
  start_bg "$LOG_DIR/redis.log" "${REST_PIN[@]}" redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' \
    --appendonly no --protected-mode yes --daemonize no
  REDIS_PID=$LAST_PID
  wait_for_port "$REDIS_PORT" "$REDIS_PID" redis-server "$LOG_DIR/redis.log"
  log "redis on 127.0.0.1:$REDIS_PORT"
  if [[ ${REDIS_REPLICA:-0} == 1 ]]; then start_redis_replica; fi
}
# A replica of that Redis (REDIS_REPLICA=1): for shortcode.redis.wait-replicas, whose WAIT needs one.
start_redis_replica() {
  local port
  port=$(free_port)
  start_bg "$LOG_DIR/redis-replica.log" "${REST_PIN[@]}" redis-server --port "$port" --bind 127.0.0.1 --save '' \
    --appendonly no --protected-mode yes --daemonize no --replicaof 127.0.0.1 "$REDIS_PORT"
  wait_for_port "$port" "$LAST_PID" redis-server "$LOG_DIR/redis-replica.log"
  for _ in $(seq 1 100); do
    redis-cli -p "$port" info replication | grep -q 'master_link_status:up' && break
    sleep 0.1
  done
  log "redis replica on 127.0.0.1:$port"
}
rcli() { redis-cli -p "$REDIS_PORT" "$@"; }
# Commands Redis has run so far, and its CPU seconds (user + system).
redis_calls() { rcli info commandstats | tr -d '\r' | awk -F'calls=' '/^cmdstat_/ {split($2, a, ","); n += a[1]} END {print n + 0}'; }
redis_cpu() { rcli info cpu | tr -d '\r' | awk -F: '/^used_cpu_(user|sys):/ {s += $2} END {printf "%.6f", s}'; }

# HBase for Redis mode: persistence-hbase's mini cluster in its own JVM (its test fixture
# HBaseMiniClusterMain), niced so that its flushes and compactions do not delay the generator. It
# prints "READY zk=HOST:PORT" (HBASE_ZK) and stops at the end of its standard input (a FIFO held
# open on fd 7 until stop_hbase or the exit) or on TERM.
HBASE_ZK=""
start_hbase() {
  local cp_file="$ROOT/persistence-hbase/target/hbase-minicluster.classpath"
  if [[ ! -f "$cp_file" ]]; then
    log "no $cp_file (build persistence-hbase first): HBase not started"
    return 1
  fi
  local cp="$ROOT/persistence-hbase/target/test-classes:$ROOT/persistence-hbase/target/classes:$(cat "$cp_file")"
  mkfifo "$TMP_DIR/hbase.stdin"
  start_bg "$LOG_DIR/hbase.log" "${REST_PIN[@]}" nice -n 10 bash -c 'exec java -Xmx768m -cp "$1" dev.shortcode.hbase.testing.HBaseMiniClusterMain <"$2"' \
    hbase "$cp" "$TMP_DIR/hbase.stdin"
  HBASE_PID=$LAST_PID
  exec 7>"$TMP_DIR/hbase.stdin"
  local deadline=$((SECONDS + 180))
  while ((SECONDS < deadline)); do
    HBASE_ZK=$(grep -o 'READY zk=[^ ]*' "$LOG_DIR/hbase.log" 2>/dev/null | head -n 1 | cut -d= -f2 || true)
    if [[ -n "$HBASE_ZK" ]]; then
      log "hbase mini cluster ready, zookeeper $HBASE_ZK"
      return 0
    fi
    kill -0 "$HBASE_PID" 2>/dev/null || break
    sleep 1
  done
  log "hbase did not become ready; see $LOG_DIR/hbase.log"
  return 1
}
stop_hbase() {
  exec 7>&- || true
  stop_pid "$HBASE_PID"
}

# The server under test's JVM options (SERVICE_JAVA_OPTS overrides them): the heap fixed at 1 GB
# with a 600 MB young generation, and objects that outlive three young collections promoted. A
# JVM on one CPU uses the serial collector and starts its heap at 1/64 of the machine's memory
# with a third of it young: about 100 MB of eden, a young collection every 1-2 s at 10,000
# redirects/s, each pausing 6-16 ms in Redis mode to copy what lives for seconds, up to 15 times.
# With these, a collection every 5-10 s copies each of those objects at most three times: a fifth
# as many collections, as long at the median (docs/benchmarks/2026-12-03-jvm-options.md;
# bench/ab.sh compares two sets of options).
read -r -a SERVICE_OPTS <<< "${SERVICE_JAVA_OPTS:--Xms1g -Xmx1g -Xmn600m -XX:MaxTenuringThreshold=3 -XX:+AlwaysPreTouch}"

# Starts the packaged service (SERVICE_JAR) as the server under test: pinned (TARGET_PIN), one event
# loop per CPU it has, SERVICE_OPTS, loopback ports of its own for requests and for /q/*, the admin
# key KEY, data under TMP_DIR; in Redis mode against the Redis and HBase started above. Waits until
# it is ready; returns 1 if it never is. start_service NAME embedded|redis [VAR=VALUE ...]: the
# extra variables join its environment (JDK_JAVA_OPTIONS for more JVM options). Sets SERVICE_PORT,
# SERVICE_MGMT_PORT, SERVICE_PID; the log goes to LOG_DIR/NAME.service.log.
start_service() {
  local name=$1 mode=$2
  shift 2
  SERVICE_PORT=$(free_port)
  SERVICE_MGMT_PORT=$(free_port)
  local env_args=(QUARKUS_HTTP_HOST=127.0.0.1 QUARKUS_HTTP_PORT="$SERVICE_PORT" QUARKUS_MANAGEMENT_HOST=127.0.0.1
    QUARKUS_MANAGEMENT_PORT="$SERVICE_MGMT_PORT" SHORTCODE_DATA_DIR="$TMP_DIR/data-$name" SHORTCODE_ADMIN_KEY="$KEY"
    QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE="$TARGET_CPUS")
  if [[ $mode == redis ]]; then
    env_args+=(SHORTCODE_REDIS_URIS="redis://127.0.0.1:$REDIS_PORT" SHORTCODE_HBASE_ZOOKEEPER_QUORUM="$HBASE_ZK"
      SHORTCODE_SECRET="bench secret shared by every node")
  fi
  start_bg "$LOG_DIR/$name.service.log" env -u SHORTCODE_REDIS_URIS "${env_args[@]}" "$@" "${TARGET_PIN[@]}" java "${SERVICE_OPTS[@]}" -jar "$SERVICE_JAR"
  SERVICE_PID=$LAST_PID
  wait_for_port "$SERVICE_PORT" "$SERVICE_PID" "service $name ($mode mode)" "$LOG_DIR/$name.service.log" &&
    wait_for_http "http://127.0.0.1:$SERVICE_MGMT_PORT/q/health/ready"
}

# The bare Vert.x baseline (loadtest baseline-server: GET answers a fixed 302, POST a fixed 201
# without reading the body), pinned and with the JVM options of the service. Sets BASELINE_PORT,
# BASELINE_PID.
start_baseline() {
  BASELINE_PORT=$(free_port)
  start_bg "$LOG_DIR/$1.baseline.log" "${TARGET_PIN[@]}" java "${SERVICE_OPTS[@]}" -jar "$JAR" baseline-server \
    --port "$BASELINE_PORT" --exit-after 4h
  BASELINE_PID=$LAST_PID
  wait_for_port "$BASELINE_PORT" "$BASELINE_PID" "baseline server" "$LOG_DIR/$1.baseline.log"
}

# lt ARGS...: one generator run, on the CPUs the server under test does not have.
lt() { "${REST_PIN[@]}" java "${GEN_OPTS[@]}" -jar "$JAR" "$@"; }

# prime URL PID NAME SCENARIO RATE DURATION [ARGS...]: an unreported run, so that the JIT and the
# working set are warm before the measured ones (5 s of it ramping up).
prime() {
  local url=$1 pid=$2 name=$3 scenario=$4 rate=$5 duration=$6
  shift 6
  lt --target "$url" --server-pid "$pid" --name "$name-prime" --scenario "$scenario" --rate "$rate" \
    --duration "$duration" --warmup 5s --plot none --quiet "$@" >/dev/null 2>&1
}

# search URL PID NAME SCENARIO START P99 STEP MAX_STEPS [ARGS...]: the highest rate whose corrected
# p99 stays within P99 (loadtest --find-max: doubling, then bisecting; a failed step is tried once
# more). The result goes to NAME.json in ARGS' --output-dir.
search() {
  local url=$1 pid=$2 name=$3 scenario=$4 start=$5 p99=$6 step=$7 steps=$8
  shift 8
  lt --target "$url" --server-pid "$pid" --name "$name" --scenario "$scenario" --find-max --p99 "$p99" \
    --rate "$start" --duration "$step" --warmup 1s --max-steps "$steps" --retries 1 --plot none --quiet "$@"
}

# versus_ladder NAME A_URL A_PID B_URL B_PID SCENARIO START LADDER_STEP TRIES STEP MAX_STEPS P99 [ARGS...]:
# one generator climbs one ladder of rates with both services (--find-max --versus): at each rate up
# to TRIES runs per service, alternating which goes first, so that the machine's drift falls on
# both alike. The last line of its report is the ratio of the maxima (versus / target).
versus_ladder() {
  local name=$1 a_url=$2 a_pid=$3 b_url=$4 b_pid=$5 scenario=$6 start=$7 ladder_step=$8 tries=$9 step=${10} steps=${11} p99=${12}
  shift 12
  lt --target "$a_url" --server-pid "$a_pid" --versus "$b_url" --versus-server-pid "$b_pid" --name "$name" \
    --scenario "$scenario" --find-max --p99 "$p99" --rate "$start" --ladder-step "$ladder_step" --tries "$tries" \
    --max-steps "$steps" --duration "$step" --warmup 1s --plot none "$@"
}

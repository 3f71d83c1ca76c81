#!/usr/bin/env bash
# Redis bytes per link, per link layout: for each layout a private redis-server (the harness starts
# it on a free loopback port and stops it), BYTES_LINKS links created through RedisHotStore (one
# script per create, 80-character URLs), the outbox archived and trimmed, then every other link
# dead (a key per link: DEL, as expiry does; links in groups: expired, then one sweep over every
# group). Prints a markdown table of the used_memory delta per link beyond the URL, in both states.
#
#   mvn -B -q -Pjmh package -DskipTests && bench/redis-bytes.sh
#   BYTES_LINKS=10000000 BYTES_GROUPS=131072 bench/redis-bytes.sh
#
# Environment: BYTES_LINKS (1000000), BYTES_GROUPS (16384: some tens of links per group),
# BYTES_JAVA_OPTS (-Xmx3g; -Xmx4g for ten million). Needs redis-server and HotStoreFootprint
# (issuer-core/src/jmh/java, compiled with the tests by the jmh profile). bench/run.sh runs it.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"

LINKS=${BYTES_LINKS:-1000000}
GROUPS_COUNT=${BYTES_GROUPS:-16384}
read -r -a OPTS <<<"${BYTES_JAVA_OPTS:--Xmx3g}"
CP_FILE=$(mktemp)
trap 'rm -f "$CP_FILE"' EXIT

command -v redis-server >/dev/null || { echo "_redis-server is not installed: no Redis bytes per link._"; exit 0; }
[[ -f issuer-core/target/test-classes/dev/shortcode/core/redis/HotStoreFootprint.class ]] ||
  { echo "_HotStoreFootprint is not built (mvn -B -q -Pjmh -DskipTests package): no Redis bytes per link._"; exit 1; }
mvn -B -q -pl issuer-core dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$CP_FILE" >&2
CP="issuer-core/target/test-classes:issuer-core/target/classes:$(cat "$CP_FILE")"

echo "| layout | bytes per link beyond the 80-character URL, outbox archived | per live link after half died |"
echo "|---|--:|--:|"
for spec in "0" "$GROUPS_COUNT" "$GROUPS_COUNT 1024"; do
  read -r -a args <<<"$spec"
  case "$spec" in
    0) name="a key per link" ;;
    *" 1024") name="${args[0]} groups, hash-max-listpack-value 1024 (listpacks)" ;;
    *) name="${args[0]} groups, hash-max-listpack-value 64, Redis's default (hash tables)" ;;
  esac
  out=$(java "${OPTS[@]}" -cp "$CP" dev.shortcode.core.redis.HotStoreFootprint 0 "$LINKS" 2000 0 "${args[@]}" 2>/dev/null)
  # The harness's rows end with the figure beyond the URL.
  archived=$(grep -m1 '^| links, outbox archived and trimmed' <<<"$out" | awk -F'|' '{gsub(/ /, "", $5); print $5}')
  died=$(grep -m1 '^| then half the links died' <<<"$out" | awk -F'|' '{gsub(/ /, "", $5); print $5}')
  echo "| $name | ${archived:-failed} | ${died:-failed} |"
done

#!/usr/bin/env bash
# bench/targets-table.sh OUT BATCH_SIZE BYTES_TABLE STAMP — the targets table of docs/BENCHMARKS.md:
# one row per line of bench/targets.txt; `run` rows computed from bench/run.sh's results in OUT
# (the searches' JSON, the bulk streams', BYTES_TABLE from bench/redis-bytes.sh), each marked with
# the run's STAMP; `recorded` rows as that file keeps them. A verdict is met, within N % (missed by
# under a tenth) or not met.
set -euo pipefail
out=$1 batch=$2 bytes=$3 stamp=$4
list="$(dirname "${BASH_SOURCE[0]}")/targets.txt"
num() { [[ -f "$out/$1.json" ]] && jq -r "$2 // empty" "$out/$1.json" || true; }
fmt() { awk -v v="$1" -v d="${2:-0}" 'BEGIN {s = sprintf("%." d "f", v); n = split(s, p, "."); i = p[1]; o = ""; while (length(i) > 3) {o = "," substr(i, length(i) - 2) o; i = substr(i, 1, length(i) - 3)} printf "%s%s%s", i, o, (n > 1 ? "." p[2] : "")}'; }
label() { [[ $1 == redis ]] && echo "Redis" || echo "embedded"; }
# verdict VALUE THRESHOLD ge|le: the ratio cell and the verdict cell
verdict() {
  awk -v v="$1" -v t="$2" -v d="$3" 'BEGIN {
    r = v / t; printf "%.2fx | ", r
    if ((d == "ge" && r >= 1) || (d == "le" && r <= 1)) print "met"
    else if ((d == "ge" && r >= 0.9) || (d == "le" && r <= 1.1)) printf "within %d %%\n", (d == "ge" ? (1 - r) : (r - 1)) * 100 + 0.999
    else print "not met" }'
}
echo "| target | latest figure | ratio (figure ÷ threshold) | verdict | command |"
echo "|---|---|---|---|---|"
while IFS='|' read -r target threshold source rest; do
  target=$(echo "$target" | sed 's/^ *//; s/ *$//') threshold=$(echo "$threshold" | tr -d ' ')
  read -r -a src <<< "$source"
  [[ -n $target && $target != \#* ]] || continue
  if [[ ${src[0]} == recorded ]]; then
    echo "| $target | $(echo "$rest" | sed 's/^ *//; s/ *| */ | /g; s/ *$//') |"
    continue
  fi
  kind=${src[1]} v="" figure="" dir=le
  case $kind in
    rate)
      s=$(num "service-${src[3]}-${src[2]}-find-max" .maxRate) b=$(num "baseline-${src[2]}-find-max" .maxRate)
      if [[ -n $s && -n $b && $b != 0 ]]; then
        v=$(awk -v s="$s" -v b="$b" 'BEGIN {print s / b}') dir=ge
        figure="$(fmt "$s")/s against the baseline's $(fmt "$b")/s ($(awk -v v="$v" 'BEGIN {printf "%.0f", 100 * v}') %)"
      fi ;;
    links)
      s=$(num "service-${src[3]}-${src[2]}-find-max" .maxRate)
      [[ -n $s ]] && v=$(awk -v s="$s" -v m="$batch" 'BEGIN {print s * m}') dir=ge figure="$(fmt "$v") links/s (batches of $batch)" ;;
    cpu)
      v=$(num "service-${src[3]}-${src[2]}-find-max" .best.serverCpu.microsPerRequest)
      [[ -n $v ]] && figure="$(fmt "$v" 1) µs per ${src[2]} at $(fmt "$(num "service-${src[3]}-${src[2]}-find-max" .maxRate)")/s" ;;
    cpulink)
      v=$(num "service-${src[3]}-${src[2]}-find-max" .best.serverCpu.microsPerRequest)
      [[ -n $v ]] && v=$(awk -v c="$v" -v m="$batch" 'BEGIN {print c / m}') && figure="$(fmt "$v" 1) µs per link at the max" ;;
    half)
      s=$(num "service-${src[2]}-create-half" .latencyMs.corrected.p99) b=$(num "baseline-create-half-service-${src[2]}" .latencyMs.corrected.p99)
      if [[ -n $s && -n $b ]]; then
        v=$(awk -v s="$s" -v b="$b" 'BEGIN {print s / b}')
        figure="p99 $s against $b ms at $(fmt "$(num "service-${src[2]}-create-half" .requestedRate)")/s"
      fi ;;
    bulk)
      v=$(num "service-${src[2]}-bulk" .serverCpu.microsPerLink)
      [[ -n $v ]] && figure="$(fmt "$v" 1) µs per link at $(fmt "$(num "service-${src[2]}-bulk" .linksPerSecond)") links/s" ;;
    bytes)
      pattern=${src[*]:2}
      v=$(grep -F -- "$pattern" "$bytes" 2>/dev/null | head -n 1 | awk -F'|' '{gsub(/ /, "", $3); print $3}' || true)
      [[ $v =~ ^[0-9.]+$ ]] && figure="$v bytes beyond the URL" || v="" ;;
  esac
  if [[ -z $v ]]; then
    echo "| $target | not measured in the run of $stamp | - | - | \`bench/run.sh\` |"
  else
    echo "| $target | $figure (run $stamp) | $(verdict "$v" "$threshold" "$dir") | \`bench/run.sh\` |"
  fi
done <"$list"

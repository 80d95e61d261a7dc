#!/bin/sh
# run-fuzzer.sh FUZZER SEEDS WORK MAX_LEN: runs a libFuzzer target for a
# bounded time (KSM_FUZZ_SECONDS, 60 unless set) from the committed seed
# corpus, and fails on a crash, a leak, a sanitizer report or a time-out.
# New inputs it finds go to WORK/corpus, a failing one to WORK/artifacts/
# (and is shown here), so the seeds under tests/ stay as committed.
set -eu

fuzzer=$1 seeds=$2 work=$3 max_len=$4
seconds=${KSM_FUZZ_SECONDS:-60}
name=$(basename "$fuzzer")

# UndefinedBehaviorSanitizer only prints by default; a report must fail
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
export G_SLICE=always-malloc

rm -rf "$work"
mkdir -p "$work/corpus" "$work/artifacts"
status=0
"$fuzzer" -max_total_time="$seconds" -print_final_stats=1 -max_len="$max_len" \
  -timeout=60 -rss_limit_mb=2048 -artifact_prefix="$work/artifacts/" \
  "$work/corpus" "$seeds" >"$work/log" 2>&1 || status=$?

# the figures the reliability notes quote
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/log")
echo "# $name: ${runs:-?} executions in ${seconds} s, ${rate:-?} a second, $(ls "$work/corpus" | wc -l) new inputs"

if [ "$status" -ne 0 ]; then
  tail -n 60 "$work/log" >&2
  for artifact in "$work/artifacts"/*; do
    [ -f "$artifact" ] || continue
    echo "$name: failing input $artifact:" >&2
    od -c "$artifact" | head -n 40 >&2
  done
  echo "$name: failed (status $status)" >&2
  exit 1
fi

#!/bin/sh
# sanitize-check.sh: the project built again with clang, AddressSanitizer,
# UndefinedBehaviorSanitizer and the libFuzzer targets (-Dfuzzing=true), in
# the build folder's sanitize/; there the whole suite runs, the fuzz targets
# for KSM_FUZZ_SECONDS each among it (doc/reliability.md). Any sanitizer
# report, leak, crash or failing test fails this test.
#
# Left out there: the `dist` and `install` suites, which check packaging,
# not code, and would build and install the whole project once more without
# the sanitizers; and this suite itself. The soak plays KSM_SOAK_GAMES games
# of each game there (2000 unless set): the sanitizers slow the engine some
# tenfold, and the optimized soak of the main build plays the 100,000.
#
# Skipped (77) where clang cannot build a libFuzzer target with the
# sanitizers (apt-get install clang libclang-rt-14-dev).
#
# The environment (tests/reliability/meson.build sets it):
#   MESON            the meson that configured the build
#   KSM_BUILD_ROOT   the build folder
#   KSM_SOURCE_ROOT  the source folder
#   KSM_CLANG        the C compiler to use (clang unless set)
set -eu

fail () { echo "sanitize-check: $*" >&2; exit 1; }
skip () { echo "sanitize-check: skipped: $*"; exit 77; }
note () { echo "# $*"; }

clang=${KSM_CLANG:-clang}
command -v "$clang" >/dev/null || skip "no $clang (apt-get install clang libclang-rt-14-dev)"

build=$KSM_BUILD_ROOT/sanitize
mkdir -p "$build"
probe=$build/probe
printf 'int LLVMFuzzerTestOneInput (const unsigned char *d, unsigned long n) { return d[0] == 0 && n > 9; }\n' >"$probe.c"
"$clang" -fsanitize=fuzzer,address,undefined "$probe.c" -o "$probe" >"$probe.log" 2>&1 \
  || { cat "$probe.log"; skip "$clang cannot build a libFuzzer target with ASan and UBSan (apt-get install libclang-rt-14-dev)"; }

run () {
  log=$1; shift
  if ! "$@" >"$build/$log" 2>&1; then
    tail -n 200 "$build/$log" >&2
    fail "$* failed (the whole log: $build/$log)"
  fi
}

if [ ! -f "$build/build.ninja" ]; then
  note "meson setup, clang with -Db_sanitize=address,undefined -Dfuzzing=true"
  run setup.log env CC="$clang" "$MESON" setup "$build" "$KSM_SOURCE_ROOT" \
    -Db_sanitize=address,undefined -Db_lundef=false -Dfuzzing=true \
    -Dbuildtype=debugoptimized -Dwerror=false
fi
note "meson compile"
run compile.log "$MESON" compile -C "$build"

# A sanitizer report ends the program it is in. LeakSanitizer sees only
# the first frames of an allocation made through GLib (built without frame
# pointers), so it cannot tell the app's leaks from GTK's own (its icon
# theme's loader thread, fontconfig's caches): the tests that show windows
# run without leak detection, and tools/valgrind-check.sh, with whole
# stacks, covers the app's leaks; everything else runs with it.
asan="detect_leaks=1:halt_on_error=1:abort_on_error=1:strict_string_checks=1"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:abort_on_error=1:print_stacktrace=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$KSM_SOURCE_ROOT/tests/reliability/lsan.supp:print_suppressions=0}"
export G_SLICE=always-malloc
export KSM_SOAK_GAMES="${KSM_SOAK_GAMES:-2000}"
export KSM_FUZZ_SECONDS="${KSM_FUZZ_SECONDS:-60}"

# Left out: the packaging suites and this one (see the top), and `players`,
# hundreds of searched games to measure strength, which the sanitizers slow
# past any budget; the app tests' games against the computer run the same
# search code.
"$MESON" test -C "$build" --list 2>/dev/null | sed -n 's|^[^:]*:\([^ ]*\) / \(.*\)$|\1 \2|p' >"$build/tests.list"
# and, of the windowed tests, `ashte` and `asi`, whole games of four played
# through the app, which the sanitizers would slow to many minutes each; the
# other windowed tests drive the same board, throws and computer players
windowed=$(awk '($1 == "ui" || $1 == "reliability") && $2 != "ashte" && $2 != "asi" { print $2 }' \
             "$build/tests.list")
rest=$(awk '$1 != "ui" && $1 != "reliability" && $1 != "dist" && $1 != "install" && $1 != "sanitize" \
            && $2 != "players" { print $2 }' "$build/tests.list")

status=0
suite () {
  label=$1 options=$2; shift 2
  note "meson test, $label: $(echo "$@" | wc -w) tests"
  ASAN_OPTIONS="${ASAN_OPTIONS:-$options}" "$MESON" test -C "$build" --no-rebuild --print-errorlogs \
    --timeout-multiplier 4 --logbase "$label" "$@" >"$build/test-$label.log" 2>&1 || status=1
  grep -E '^ *[0-9]+/[0-9]+ ' "$build/test-$label.log" | sed 's/^/# /' || true
}
# shellcheck disable=SC2086  # the lists are test names, one a word
suite leaks "$asan" $rest
# shellcheck disable=SC2086
suite windows "$(echo "$asan" | sed 's/detect_leaks=1/detect_leaks=0/')" $windowed

# the fuzz figures doc/reliability.md quotes
grep -hE '^# fuzz-' "$build/meson-logs/leaks.txt" | sort -u || true
if [ "$status" -ne 0 ]; then
  for label in leaks windows; do tail -n 150 "$build/test-$label.log" >&2; done
  echo "sanitize-check: for whole stacks of a leak through GLib, run the test again with" \
       "ASAN_OPTIONS=fast_unwind_on_malloc=0" >&2
  fail "the suite failed under the sanitizers (the logs: $build/meson-logs/)"
fi
exit 0

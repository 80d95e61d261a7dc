#!/bin/sh
# valgrind-check.sh BUILD: Valgrind memcheck on a CLI self-play of each
# game and on the app's start, a game begun and a few throws, and quit
# under Xvfb (doc/reliability.md). Prints each run's leak and error
# summaries; exits 1 when a definite leak or an error has a frame of the
# project's own code among its first frames. Not run by meson test: it
# takes minutes.
set -eu

build=${1:?usage: valgrind-check.sh BUILD-FOLDER}
here=$(cd "$(dirname "$0")/.." && pwd)
supp=$here/tests/reliability/valgrind.supp
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ksm-valgrind-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
vg="valgrind --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite --num-callers=30 --suppressions=$supp"

summary () {
  sed -n 's/^==[0-9]*== //; /HEAP SUMMARY/,/ERROR SUMMARY/p' "$1" | grep -E 'in use at exit|total heap|definitely|indirectly|possibly|still reachable|suppressed:|ERROR SUMMARY'
}

# a record with a project source file among the first eight frames
own_frames () {
  sed 's/^==[0-9]*== //' "$1" | awk '
    /^(Thread [0-9]+:)?$/ { if (own) n++; own = 0; frames = 0; next }
    /^ *(at|by) / { frames++; if (frames <= 8 && /(ksm-[a-z-]*|kasimala-cli|main)\.c:/) own = 1 }
    END { if (own) n++; print n + 0 }'
}

status=0
for game in kasimala ashte-kashte asi-keliya; do
  $vg "$build/src/cli/kasimala-cli" selfplay --game "$game" --games 20 --seed 1 >/dev/null 2>"$tmp/cli-$game.log"
  echo "== kasimala-cli selfplay --game $game --games 20 --seed 1"
  summary "$tmp/cli-$game.log"
  n=$(own_frames "$tmp/cli-$game.log"); echo "records with the project's frames: $n"
  [ "$n" -eq 0 ] || { status=1; cat "$tmp/cli-$game.log"; }
done

mkdir -p "$tmp/home"
cat >"$tmp/run.sh" <<'RUN'
set -u
$VG "$APP" >"$TMP/app.out" 2>"$TMP/app.log" &
pid=$!
# long timeouts: everything is some fifty times slower under Valgrind
act () { gdbus call --session --timeout 300 --dest io.github.kasimala.Kasimala --object-path "$1" \
           --method org.gtk.Actions.Activate "$2" "$3" '{}' >/dev/null; }
i=0
until gdbus call --session --dest io.github.kasimala.Kasimala --object-path /io/github/kasimala/Kasimala/window/1 \
        --method org.gtk.Actions.List >/dev/null 2>&1; do
  sleep 1; i=$((i + 1)); [ $i -lt 300 ] || { kill "$pid"; exit 1; }
done
act /io/github/kasimala/Kasimala/window/1 choose-game "[<'kasimala'>]"
act /io/github/kasimala/Kasimala/window/1 start-game '[]'
for t in 1 2 3; do sleep 3; act /io/github/kasimala/Kasimala/window/1 throw '[]' || true; done
sleep 5
i=0
while kill -0 "$pid" 2>/dev/null && [ $i -lt 10 ]; do
  act /io/github/kasimala/Kasimala quit '[]' || true
  sleep 10; i=$((i + 1))
done
wait "$pid"
RUN
env VG="$vg" APP="$build/src/ui/kasimala" TMP="$tmp" \
  GSETTINGS_SCHEMA_DIR="$build/data" GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1 \
  HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/data" XDG_CONFIG_HOME="$tmp/home/config" \
  XDG_CACHE_HOME="$tmp/home/cache" G_SLICE=always-malloc \
  xvfb-run -a dbus-run-session -- sh "$tmp/run.sh" 2>/dev/null || { cat "$tmp/app.log"; exit 1; }
echo "== kasimala: start, a Kasimala game against the computer, three throws, quit"
summary "$tmp/app.log"
n=$(own_frames "$tmp/app.log"); echo "records with the project's frames: $n"
[ "$n" -eq 0 ] || { status=1; sed 's/^==[0-9]*== //' "$tmp/app.log" | grep -B2 -A30 -E '(ksm-[a-z-]*|main)\.c:' | head -200; }
exit $status

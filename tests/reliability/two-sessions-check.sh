#!/bin/sh
# two-sessions-check.sh: two instances of the app on two session buses
# (GApplication keeps one per bus, so both run) share one data folder: each
# keeps its own game, one's game over does not delete the other's, and a
# later lone start keeps both in Saved Games (#25, doc/reliability.md).
#
# The real binary runs under Xvfb, the first on this script's session bus,
# the second on a bus of its own, each game started through its window's
# actions over D-Bus: the first an Ashte Kashte game of four computers,
# which plays itself to its end; the second a Kasimala game whose person
# throws first, so it waits, unfinished, as a game left on a screen does.
#
# The environment (tests/reliability/meson.build sets it): KSM_APP, KSM_CLI,
# KSM_PYTHON, KSM_XVFB_RUN, KSM_APP_ID, GSETTINGS_SCHEMA_DIR.
set -eu

fail () { echo "two-sessions-check: $*" >&2; exit 1; }
skip () { echo "two-sessions-check: skipped: $*"; exit 77; }
note () { echo "# $*"; }

if [ -z "${KSM_TWO_INNER:-}" ]; then
  command -v dbus-run-session >/dev/null || skip "no dbus-run-session (apt-get install dbus)"
  command -v dbus-daemon >/dev/null || skip "no dbus-daemon (apt-get install dbus)"
  command -v gdbus >/dev/null || skip "no gdbus (apt-get install libglib2.0-bin)"
  [ -n "${KSM_XVFB_RUN:-}" ] || skip "no xvfb-run"
  KSM_TWO_INNER=1 exec "$KSM_XVFB_RUN" -a dbus-run-session -- sh "$0"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ksm-two-XXXXXX")
first= second= bus_pid=
cleanup () {
  for p in $first $second $bus_pid; do kill -9 "$p" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

export HOME="$tmp/home"
export XDG_DATA_HOME="$tmp/home/data" XDG_CONFIG_HOME="$tmp/home/config"
export XDG_CACHE_HOME="$tmp/home/cache" XDG_STATE_HOME="$tmp/home/state"
export GSETTINGS_BACKEND=keyfile GTK_A11Y=none NO_AT_BRIDGE=1 GIO_USE_VFS=local
mkdir -p "$XDG_CONFIG_HOME/glib-2.0/settings" "$XDG_DATA_HOME"
cat >"$XDG_CONFIG_HOME/glib-2.0/settings/keyfile" <<'KEYFILE'
[io/github/kasimala/Kasimala]
ashte-seats=['random', 'random', 'random', 'random']
computer-delay=5
KEYFILE

data=$XDG_DATA_HOME/kasimala
object=/$(echo "$KSM_APP_ID" | tr . /)
first_bus=$DBUS_SESSION_BUS_ADDRESS
second_bus=$(dbus-daemon --session --fork --print-address=1 --print-pid=3 3>"$tmp/bus.pid" | head -n 1)
bus_pid=$(cat "$tmp/bus.pid")
[ -n "$second_bus" ] || fail "no second session bus"

hang_at=$(( $(date +%s) + 600 ))
waiting () {
  [ "$(date +%s)" -le "$hang_at" ] || fail "$1 (still so after 600 s, taken to hang)"
  sleep 0.1
}

# start_app BUS LOG: starts the app on that bus, prints its pid
start_app () {
  DBUS_SESSION_BUS_ADDRESS=$1 "$KSM_APP" >>"$2" 2>&1 &
  app=$!
  until DBUS_SESSION_BUS_ADDRESS=$1 gdbus call --session --dest "$KSM_APP_ID" \
          --object-path "$object/window/1" --method org.gtk.Actions.List >/dev/null 2>&1; do
    kill -0 "$app" 2>/dev/null || { cat "$2" >&2; fail "the app exited at start"; }
    waiting "the app exported no window actions"
  done
}

# window_action BUS ACTION PARAMETER
window_action () {
  DBUS_SESSION_BUS_ADDRESS=$1 gdbus call --session --dest "$KSM_APP_ID" \
    --object-path "$object/window/1" --method org.gtk.Actions.Activate "$2" "$3" '{}' >/dev/null \
    || fail "win.$2 failed"
}

app_action () {
  DBUS_SESSION_BUS_ADDRESS=$1 gdbus call --session --dest "$KSM_APP_ID" \
    --object-path "$object" --method org.gtk.Actions.Activate "$2" '[]' '{}' >/dev/null \
    || fail "app.$2 failed"
}

# events (), is_prefix ()
. "$(dirname "$0")/saved-game-events.sh"

# wait_for_events FILE N PID
wait_for_events () {
  while [ "$(events "$1" 2>/dev/null || echo -1)" -lt "$2" ]; do
    kill -0 "$3" 2>/dev/null || { cat "$tmp"/*.log >&2; fail "the app died"; }
    waiting "$1 never reached $2 events"
  done
}

# the finished games in the games folder
finished_games () {
  "$KSM_PYTHON" - "$data/games" <<'PY'
import json, os, sys
n = 0
for name in os.listdir(sys.argv[1]) if os.path.isdir(sys.argv[1]) else []:
    if name.endswith(".json"):
        try:
            n += "ended" in json.load(open(os.path.join(sys.argv[1], name)))
        except Exception:
            pass
print(n)
PY
}

note "two instances on two buses, one data folder"
start_app "$first_bus" "$tmp/first.log"; first=$app
start_app "$second_bus" "$tmp/second.log"; second=$app
window_action "$first_bus" choose-game "[<'ashte-kashte'>]"
window_action "$first_bus" start-game '[]'
window_action "$second_bus" choose-game "[<'kasimala'>]"
window_action "$second_bus" start-game '[]'
wait_for_events "$data/autosave.json" 20 "$first"
# the second's new game is written at once, before its first throw
wait_for_events "$data/autosave-2.json" 0 "$second"
cp "$data/autosave.json" "$tmp/first-seen.json"
cp "$data/autosave-2.json" "$tmp/second-seen.json"
grep -q '"ashte-kashte"' "$tmp/first-seen.json" \
  || fail "autosave.json is not the first instance's Ashte Kashte game"
grep -q '"kasimala"' "$tmp/second-seen.json" \
  || fail "autosave-2.json is not the second instance's Kasimala game"
note "each writes its own: autosave.json $(events "$tmp/first-seen.json") events of Ashte Kashte, autosave-2.json a Kasimala game"

note "the first plays to its end"
while [ "$(finished_games)" -lt 1 ]; do
  kill -0 "$first" 2>/dev/null || { cat "$tmp/first.log" >&2; fail "the first app died"; }
  waiting "the first game never ended"
done
# its autosave goes once it is kept; the second's stays as it was
while [ -e "$data/autosave.json" ]; do
  waiting "the first game's autosave stayed after its end"
done
cmp -s "$tmp/second-seen.json" "$data/autosave-2.json" \
  || fail "the second game's autosave was written over or deleted by the first"
note "the first ended and was kept; the second's game is there as it was"

note "the second killed mid-game, the first quits, and the app starts alone"
kill -9 "$second"; wait "$second" 2>/dev/null || true; second=
cp "$data/autosave-2.json" "$tmp/second-killed.json"
app_action "$first_bus" quit
while kill -0 "$first" 2>/dev/null; do waiting "the first app did not quit"; done
wait "$first" || fail "the first app quit with status $?"
first=
start_app "$first_bus" "$tmp/alone.log"; first=$app
# the second's game waits in Saved Games, every event of it, beside the first's
while [ -e "$data/autosave-2.json" ]; do
  waiting "the lone start left the second's autosave where it was"
done
found=
for game in "$data"/games/*.json; do
  if [ "$(events "$game")" -eq "$(events "$tmp/second-killed.json")" ] \
     && is_prefix "$tmp/second-killed.json" "$game"; then
    found=$game
  fi
done
[ -n "$found" ] || fail "the second's game is not in Saved Games after a lone start"
[ "$(finished_games)" -ge 1 ] || fail "the first's finished game is gone"
note "a lone start keeps both: the first's finished game and the second's $(events "$found") events"
app_action "$first_bus" quit
while kill -0 "$first" 2>/dev/null; do waiting "the app did not quit"; done
first=
exit 0

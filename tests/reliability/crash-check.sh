#!/bin/sh
# crash-check.sh: the app killed (SIGKILL) in the middle of a game loses
# nothing but the event it was making (doc/reliability.md).
#
# The real binary runs under Xvfb on its own session bus, in a scratch home,
# with every seat of an Ashte Kashte game a computer, so the game plays
# itself; the game is started through the window's actions over D-Bus
# (org.gtk.Actions, which GApplication exports). Once the autosave holds a
# few dozen events the app is killed, mid-write or not. The autosave must
# then be a whole saved game that replays, holding every event the last
# look at it did. A restarted app resumes it through win.resume and plays
# on from its last event: the autosave it writes then starts with exactly
# the events that were saved before the kill.
#
# The environment (tests/reliability/meson.build sets it):
#   KSM_APP          the app
#   KSM_CLI          kasimala-cli, to replay the autosave
#   KSM_PYTHON       a python3, to compare the events of two saved games
#   KSM_XVFB_RUN     xvfb-run
#   KSM_APP_ID       the application ID
#   GSETTINGS_SCHEMA_DIR  the build's compiled schemas
set -eu

fail () { echo "crash-check: $*" >&2; exit 1; }
skip () { echo "crash-check: skipped: $*"; exit 77; }
note () { echo "# $*"; }

# re-run under Xvfb and a session bus of our own
if [ -z "${KSM_CRASH_INNER:-}" ]; then
  command -v dbus-run-session >/dev/null || skip "no dbus-run-session (apt-get install dbus)"
  command -v gdbus >/dev/null || skip "no gdbus (apt-get install libglib2.0-bin)"
  [ -n "${KSM_XVFB_RUN:-}" ] || skip "no xvfb-run"
  KSM_CRASH_INNER=1 exec "$KSM_XVFB_RUN" -a dbus-run-session -- sh "$0"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ksm-crash-XXXXXX")
pid=
cleanup () {
  [ -z "$pid" ] || kill -9 "$pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

export HOME="$tmp/home"
export XDG_DATA_HOME="$tmp/home/data" XDG_CONFIG_HOME="$tmp/home/config"
export XDG_CACHE_HOME="$tmp/home/cache" XDG_STATE_HOME="$tmp/home/state"
export GSETTINGS_BACKEND=keyfile GTK_A11Y=none NO_AT_BRIDGE=1 GIO_USE_VFS=local
mkdir -p "$XDG_CONFIG_HOME/glib-2.0/settings" "$XDG_DATA_HOME"
# four computers, quick but not instant, so events are written one by one
cat >"$XDG_CONFIG_HOME/glib-2.0/settings/keyfile" <<'KEYFILE'
[io/github/kasimala/Kasimala]
ashte-seats=['random', 'random', 'random', 'random']
computer-delay=5
KEYFILE

autosave=$XDG_DATA_HOME/kasimala/autosave.json
object=/$(echo "$KSM_APP_ID" | tr . /)

# Every wait is on a condition; one limit, far beyond what any wait takes on
# a loaded machine, tells a hang
hang_at=$(( $(date +%s) + 600 ))
waiting () {
  [ "$(date +%s)" -le "$hang_at" ] || fail "$1 (still so after 600 s, taken to hang)"
  sleep 0.1
}

start_app () {
  "$KSM_APP" >>"$tmp/app.log" 2>&1 &
  pid=$!
  until [ "$(gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
               --method org.freedesktop.DBus.NameHasOwner "$KSM_APP_ID" 2>/dev/null)" = "(true,)" ]; do
    kill -0 "$pid" 2>/dev/null || { cat "$tmp/app.log" >&2; fail "the app exited at start"; }
    waiting "the app took no name on the bus"
  done
  # the window's actions are exported once it is shown
  until gdbus call --session --dest "$KSM_APP_ID" --object-path "$object/window/1" \
          --method org.gtk.Actions.List >/dev/null 2>&1; do
    waiting "the app exported no window actions"
  done
}

window_action () {
  gdbus call --session --dest "$KSM_APP_ID" --object-path "$object/window/1" \
    --method org.gtk.Actions.Activate "$1" "$2" '{}' >/dev/null \
    || fail "win.$1 failed"
}

# events (), is_prefix ()
. "$(dirname "$0")/saved-game-events.sh"

wait_for_events () {
  while [ "$(events "$autosave" 2>/dev/null || echo -1)" -lt "$1" ]; do
    kill -0 "$pid" 2>/dev/null || { cat "$tmp/app.log" >&2; fail "the app died"; }
    waiting "the autosave never reached $1 events"
  done
}

note "start, and a game of four computers"
start_app
window_action choose-game "[<'ashte-kashte'>]"
window_action start-game '[]'
# the kill comes at a different moment each run (KSM_CRASH_AT events, or
# 30 to 93 at random)
kill_at=${KSM_CRASH_AT:-$(( 30 + $(od -An -N1 -tu1 /dev/urandom) % 64 ))}
wait_for_events "$kill_at"

# a last look, then the kill, while the computers are still playing
cp "$autosave" "$tmp/seen.json"
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
pid=
seen=$(events "$tmp/seen.json")
cp "$autosave" "$tmp/killed.json"
left=$(events "$tmp/killed.json")
note "killed after $seen events were seen; the autosave holds $left"
[ "$left" -ge "$seen" ] || fail "the autosave lost events: $left after the kill, $seen seen before"
is_prefix "$tmp/seen.json" "$tmp/killed.json" || fail "the autosave after the kill differs from what was seen"
"$KSM_CLI" replay "$tmp/killed.json" >"$tmp/replay.log" 2>&1 \
  || { cat "$tmp/replay.log" >&2; fail "the autosave left by the kill does not replay"; }
# A kill mid-write leaves the half-written copy (.kasimala-saving-NAME-XXXXXX,
# see ksm_record_save_to_file) beside the whole autosave; the restarted app
# removes it. One is planted, so that the removal is checked every time,
# and a person's own file of the old leftover pattern beside it, which stays.
ls -A "$XDG_DATA_HOME/kasimala" | grep -v -x -e autosave.json -e games -e '.kasimala-lock-[0-9]*' \
  | sed 's/^/# the kill left: /'
cp "$autosave" "$XDG_DATA_HOME/kasimala/.kasimala-saving-autosave.json-k1ll3d"
cp "$autosave" "$XDG_DATA_HOME/kasimala/best-game.json.backup"

note "restart, and resume"
start_app
window_action resume '[]'
# resuming writes the game at once, and the computers play on from there
wait_for_events $((left + 10))
cp "$autosave" "$tmp/resumed.json"
is_prefix "$tmp/killed.json" "$tmp/resumed.json" \
  || fail "the resumed game does not go on from the last event saved before the kill"
note "resumed at event $left and played on to $(events "$tmp/resumed.json")"

gdbus call --session --dest "$KSM_APP_ID" --object-path "$object" \
  --method org.gtk.Actions.Activate quit '[]' '{}' >/dev/null || fail "app.quit failed"
while kill -0 "$pid" 2>/dev/null; do
  waiting "the app did not quit"
done
wait "$pid" || fail "the app quit with status $?"
pid=
# quitting mid-game keeps it to resume
[ "$(events "$autosave")" -ge "$(events "$tmp/resumed.json")" ] || fail "quitting lost events"
ls -A "$XDG_DATA_HOME/kasimala" >"$tmp/files"
if grep -v -x -e autosave.json -e games -e best-game.json.backup -e '.kasimala-lock-[0-9]*' "$tmp/files" >&2; then
  fail "stray files beside the autosave after the restart"
fi
grep -q -x best-game.json.backup "$tmp/files" || fail "the clean-up deleted a person's best-game.json.backup"
exit 0

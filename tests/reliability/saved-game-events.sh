# saved-game-events.sh: sourced by the reliability scripts that drive the
# real app and read what it saved (crash-check.sh, two-sessions-check.sh).
# Needs KSM_PYTHON.

# events in a saved game, or -1 when it is not a whole one
events () {
  "$KSM_PYTHON" - "$1" <<'PY'
import json, sys
try:
    print(len(json.load(open(sys.argv[1]))["events"]))
except Exception:
    print(-1)
PY
}

# the events of $1 are the first ones of $2
is_prefix () {
  "$KSM_PYTHON" - "$1" "$2" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))["events"]
b = json.load(open(sys.argv[2]))["events"]
sys.exit(0 if b[:len(a)] == a else 1)
PY
}

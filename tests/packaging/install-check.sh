#!/bin/sh
# install-check.sh: `meson install` into a scratch DESTDIR, then the files a
# desktop looks for, and the installed app started from there under Xvfb.
#
# The environment (tests/packaging/meson.build sets it):
#   MESON             the meson that configured the build
#   KSM_BUILD_ROOT    the build folder to install from (already built)
#   KSM_SOURCE_ROOT   the source folder (po/LINGUAS, po/*.po, data/screenshots)
#   KSM_INSTALL_PREFIX, KSM_INSTALL_BINDIR, KSM_INSTALL_DATADIR,
#   KSM_INSTALL_LOCALEDIR   the absolute install paths
#   KSM_APP_ID KSM_VERSION KSM_GETTEXT_PACKAGE
#   KSM_XVFB_RUN      xvfb-run, or empty to skip starting the app
#
# The installed binary still looks for its catalogues under the configured
# prefix, not the DESTDIR: that is how a DESTDIR install is meant to work.
set -eu

fail () { echo "install-check: $*" >&2; exit 1; }
note () { echo "# $*"; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ksm-install-XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

dest=$tmp/dest
if ! DESTDIR=$dest "$MESON" install -C "$KSM_BUILD_ROOT" --no-rebuild >"$tmp/install.log" 2>&1; then
  cat "$tmp/install.log" >&2
  fail "meson install failed"
fi

bindir=$dest$KSM_INSTALL_BINDIR
datadir=$dest$KSM_INSTALL_DATADIR
localedir=$dest$KSM_INSTALL_LOCALEDIR
id=$KSM_APP_ID

need () {
  [ -f "$1" ] || fail "not installed: ${1#"$dest"}"
  note "installed ${1#"$dest"}"
}

# the programs, and the data a desktop finds by name
need "$bindir/kasimala"
need "$bindir/kasimala-cli"
for program in kasimala kasimala-cli; do
  [ -x "$bindir/$program" ] || fail "$program is not executable"
done
desktop=$datadir/applications/$id.desktop
metainfo=$datadir/metainfo/$id.metainfo.xml
need "$desktop"
need "$metainfo"
need "$datadir/glib-2.0/schemas/$id.gschema.xml"
need "$datadir/icons/hicolor/scalable/apps/$id.svg"
need "$datadir/icons/hicolor/symbolic/apps/$id-symbolic.svg"

# the desktop file starts what was installed, with the icon installed
grep -qx "Exec=kasimala" "$desktop" || fail "$id.desktop: Exec is not kasimala"
grep -qx "Icon=$id" "$desktop" || fail "$id.desktop: Icon is not $id"
grep -q "<launchable type=\"desktop-id\">$id.desktop</launchable>" "$metainfo" \
  || fail "metainfo: no launchable $id.desktop"

# the metainfo: a release note for this version, a content rating, and
# screenshots that are files of this repository (the URLs point at them)
grep -q "<release version=\"$KSM_VERSION\"" "$metainfo" || fail "metainfo: no release $KSM_VERSION"
grep -q "<content_rating type=\"oars-1\.[0-9]\"" "$metainfo" || fail "metainfo: no OARS content rating"
shots=$(sed -n 's|.*<image[^>]*>https://raw\.githubusercontent\.com/[^/]*/[^/]*/[^/]*/\([^<]*\)</image>.*|\1|p' "$metainfo")
[ -n "$shots" ] || fail "metainfo: no screenshots"
for shot in $shots; do
  [ -f "$KSM_SOURCE_ROOT/$shot" ] || fail "metainfo: screenshot $shot is not in the repository"
  note "screenshot $shot"
done

# a catalogue for every language of po/LINGUAS (none while it is empty), and
# the desktop file and metainfo translated wherever the .po translates them
summary='Play race games from Nepal, Bengal and Sri Lanka'
languages=$(sed -e 's/#.*//' "$KSM_SOURCE_ROOT/po/LINGUAS" 2>/dev/null || true)
for lang in $languages; do
  need "$localedir/$lang/LC_MESSAGES/$KSM_GETTEXT_PACKAGE.mo"
  po=$KSM_SOURCE_ROOT/po/$lang.po
  if command -v msgattrib >/dev/null && command -v msggrep >/dev/null; then
    if msgattrib --translated --no-obsolete "$po" | msggrep --msgid -F -e "$summary" | grep -q '^msgid "Play'; then
      grep -q "<summary xml:lang=\"$lang\">" "$metainfo" || fail "metainfo: the summary is not in $lang"
      grep -q "^Comment\[$lang\]=" "$desktop" || fail "$id.desktop: the comment is not in $lang"
      note "$lang: summary and comment translated"
    fi
  fi
done
[ -n "$languages" ] || note "po/LINGUAS names no language yet"

# the schemas as the post-install step compiles them (it skips a DESTDIR)
glib-compile-schemas --strict "$datadir/glib-2.0/schemas" || fail "the installed schema does not compile"

# the installed programs answer --help
"$bindir/kasimala-cli" --help >/dev/null || fail "kasimala-cli --help failed"
GSETTINGS_BACKEND=memory "$bindir/kasimala" --help >/dev/null || fail "kasimala --help failed"

if [ -z "${KSM_XVFB_RUN:-}" ]; then
  echo "install-check: no xvfb-run, the app is not started" >&2
  exit 0
fi

# Start the installed app as a desktop would, with its data found through
# XDG_DATA_DIRS, in a scratch home. It has started when it has drawn its first
# frame (KSM_PERF=1 prints a line then); with a session bus it must also take
# its application ID on the bus and quit through its own app.quit action.
# The waits are on those conditions, with one limit for a hang.
mkdir -p "$tmp/home"
cat >"$tmp/run.sh" <<'RUN'
set -u
KSM_PERF=1 "$1" >"$2/app.log" 2>&1 &
pid=$!
hang=$(( $(date +%s) + 600 ))
waiting () {
  if [ "$(date +%s)" -gt "$hang" ]; then
    echo "the app: no $1 after 600 s, taken to hang" >&2; kill "$pid" 2>/dev/null; exit 1
  fi
  sleep 0.1
}
until grep -q '^ksm-perf first-frame' "$2/app.log"; do
  if ! kill -0 "$pid" 2>/dev/null; then
    wait "$pid"; echo "the app exited before its first frame, status $?" >&2; exit 1
  fi
  waiting "first frame"
done
if [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] && command -v gdbus >/dev/null; then
  owner=$(gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
            --method org.freedesktop.DBus.NameHasOwner "$3")
  if [ "$owner" != "(true,)" ]; then
    echo "the app does not own $3 on the session bus" >&2; kill "$pid"; exit 1
  fi
  gdbus call --session --dest "$3" --object-path "/$(echo "$3" | tr . /)" \
    --method org.gtk.Actions.Activate quit '[]' '{}' >/dev/null
  while kill -0 "$pid" 2>/dev/null; do waiting "quit through app.quit"; done
  wait "$pid" || { echo "the app quit with status $?" >&2; exit 1; }
else
  kill "$pid"; wait "$pid" 2>/dev/null || true
fi
exit 0
RUN

# a bus of its own, or none: never the desktop's, where the person's own
# Kasimala would take the command line and this one would exit
bus=
nobus=
if command -v dbus-run-session >/dev/null; then
  bus="dbus-run-session --"
else
  nobus="DBUS_SESSION_BUS_ADDRESS=unix:path=$tmp/no-bus"
fi
# shellcheck disable=SC2086  # $bus is a command, $nobus a setting, or nothing
if ! env \
    GSETTINGS_SCHEMA_DIR="$datadir/glib-2.0/schemas" \
    GSETTINGS_BACKEND=memory \
    XDG_DATA_DIRS="$datadir:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" \
    HOME="$tmp/home" \
    XDG_DATA_HOME="$tmp/home/data" XDG_CONFIG_HOME="$tmp/home/config" \
    XDG_CACHE_HOME="$tmp/home/cache" XDG_STATE_HOME="$tmp/home/state" \
    G_DEBUG=fatal-criticals $nobus \
    "$KSM_XVFB_RUN" -a $bus sh "$tmp/run.sh" "$bindir/kasimala" "$tmp" "$id"; then
  cat "$tmp/app.log" >&2 || true
  fail "the installed app did not start and stay up"
fi
note "the installed app started from $KSM_INSTALL_PREFIX under Xvfb, and quit"
exit 0

#!/bin/sh
# dist-check.sh: `meson dist` makes a tarball of the committed tree, and the
# tarball, unpacked, configures, builds and passes a quick part of its tests.
#
# Skipped (77) where there is nothing to pack: a source folder that is not a
# git checkout (an unpacked tarball, this check's own inner build) or one
# with uncommitted changes to tracked files, which `meson dist` refuses.
# A clean clone, as CI has, runs it.
#
# The environment (tests/packaging/meson.build sets it):
#   MESON            the meson that configured the build
#   KSM_BUILD_ROOT   the build folder (meson dist writes into its meson-dist/)
#   KSM_SOURCE_ROOT  the source folder
#   KSM_PROJECT KSM_VERSION   the tarball is $KSM_PROJECT-$KSM_VERSION.tar.xz
#   KSM_WERROR       true or false, passed on to the tarball's build
#   KSM_PYTHON       a python3, to unpack .tar.xz where there is no xz
set -eu

fail () { echo "dist-check: $*" >&2; exit 1; }
skip () { echo "dist-check: skipped: $*"; exit 77; }
note () { echo "# $*"; }

command -v git >/dev/null || skip "no git"
top=$(git -C "$KSM_SOURCE_ROOT" rev-parse --show-toplevel 2>/dev/null) || skip "the source is not a git checkout"
[ "$(cd "$top" && pwd -P)" = "$(cd "$KSM_SOURCE_ROOT" && pwd -P)" ] || skip "the source is not the top of a git checkout"
# Two suites run from one checkout (in two build folders) share its git
# index, which `git update-index` and `meson dist` lock to refresh it: one
# dist check at a time, the other waiting its turn
lock=$(git -C "$KSM_SOURCE_ROOT" rev-parse --path-format=absolute --git-common-dir)/kasimala-dist.lock
if command -v flock >/dev/null && { exec 9>>"$lock"; } 2>/dev/null; then
  flock 9
fi
git -C "$KSM_SOURCE_ROOT" update-index -q --refresh >/dev/null 2>&1 || true
git -C "$KSM_SOURCE_ROOT" diff-index --quiet HEAD -- || skip "uncommitted changes in the source tree"

# nothing the build makes is committed (meson dist packs committed files only)
generated=$(git -C "$KSM_SOURCE_ROOT" ls-files | grep -E '(^|/)(_build[^/]*|build|meson-dist|\.flatpak-builder)/|\.(o|a|so|mo|gmo|gresource)$|(^|/)(config\.h|gschemas\.compiled)$' || true)
[ -z "$generated" ] || fail "generated files are committed: $generated"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ksm-dist-XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# --no-tests: the tarball is built and its whole suite run below, with the
# errors shown
note "meson dist"
if ! "$MESON" dist -C "$KSM_BUILD_ROOT" --formats xztar --include-subprojects --no-tests >"$tmp/dist.log" 2>&1; then
  cat "$tmp/dist.log" >&2
  fail "meson dist failed"
fi
name=$KSM_PROJECT-$KSM_VERSION
tarball=$KSM_BUILD_ROOT/meson-dist/$name.tar.xz
[ -f "$tarball" ] || fail "no $name.tar.xz in meson-dist/"
(cd "$KSM_BUILD_ROOT/meson-dist" && sha256sum -c "$name.tar.xz.sha256sum" >/dev/null) \
  || fail "$name.tar.xz does not match its checksum"
note "$name.tar.xz, $(wc -c <"$tarball") bytes"

if command -v xz >/dev/null; then
  tar -C "$tmp" -xJf "$tarball"
else
  "$KSM_PYTHON" -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])' "$tarball" "$tmp"
fi
unpacked=$tmp/$name
[ -d "$unpacked" ] || fail "$name.tar.xz does not unpack to $name/"

# the tarball holds every committed file, and only those
git -C "$KSM_SOURCE_ROOT" ls-files | LC_ALL=C sort >"$tmp/committed"
(cd "$unpacked" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) >"$tmp/packed"
if ! cmp -s "$tmp/committed" "$tmp/packed"; then
  diff "$tmp/committed" "$tmp/packed" >&2 || true
  fail "the tarball and the committed files differ (< committed, > packed)"
fi
note "$(wc -l <"$tmp/packed") files, as committed"

# the tarball on its own: configure, build everything, and run its whole
# suite (its own dist test skips there: a tarball is no git checkout), but
# for the sanitizer suite: that is a clang build of its own with the fuzz
# targets, the same from the tarball as from the checkout, where it runs
# already; twice would double the suite's time
build=$tmp/build
run () {
  if ! "$@" >"$tmp/step.log" 2>&1; then
    cat "$tmp/step.log" >&2
    fail "in the unpacked tarball: $* failed"
  fi
}
note "meson setup, in the unpacked tarball"
run "$MESON" setup "$build" "$unpacked" -Dwerror="$KSM_WERROR"
note "meson compile"
run "$MESON" compile -C "$build"
note "meson test, the whole suite but the sanitizer build"
run "$MESON" test -C "$build" --no-rebuild --print-errorlogs --no-suite sanitize
grep -E '^(Ok|Fail|Skipped|Timeout):' "$tmp/step.log" | sed 's/^/# /' || true
exit 0

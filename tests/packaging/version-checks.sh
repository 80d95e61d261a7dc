#!/bin/sh
# version-checks.sh: API newer than the floor (GLib 2.74, GTK 4.8,
# libadwaita 1.2) is used only behind version checks in src/ui/ksm-compat.h.
# The floor itself is locked in meson.build with the *_VERSION_MAX_ALLOWED
# macros, so newer API elsewhere draws a warning, an error under -Dwerror.
set -eu
cd "$KSM_SOURCE_ROOT"
found=$(grep -rlE '(GLIB|GTK|ADW)_CHECK_VERSION|glib_check_version|gtk_check_version|adw_get_(major|minor)_version' src \
          | grep -v '^src/ui/ksm-compat\.h$' || true)
if [ -n "$found" ]; then
  echo "version checks outside src/ui/ksm-compat.h: $found" >&2
  exit 1
fi
for macro in GLIB_VERSION_MAX_ALLOWED GDK_VERSION_MAX_ALLOWED ADW_VERSION_MAX_ALLOWED; do
  grep -q "$macro" meson.build || { echo "meson.build: no $macro" >&2; exit 1; }
done
if grep -rqE 'GLIB_DISABLE_DEPRECATION_WARNINGS|GDK_DISABLE_DEPRECATION_WARNINGS|Wno-deprecated|Wno-error' meson.build src; then
  echo "deprecation warnings are turned off somewhere" >&2
  exit 1
fi
echo "# no version checks outside src/ui/ksm-compat.h, the floor locked"

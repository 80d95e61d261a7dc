#!/bin/sh
# The AT-SPI test (atspi-test.py) in a session bus and an X display of its
# own, with the system's python3, which has pyatspi (a python3 earlier on
# PATH, a pyenv's say, may not). Skipped (77) where a part of the stack is
# missing: python3-pyatspi, at-spi2-core, dbus-run-session or xvfb-run.
#
#   tests/a11y/atspi-test.sh BUILD_DIR [--transcript GAME ...]
python=/usr/bin/python3
for program in "$python" /usr/libexec/at-spi-bus-launcher; do
  if [ ! -x "$program" ]; then
    echo "skipped: $program is not installed" >&2
    exit 77
  fi
done
for program in dbus-run-session xvfb-run gdbus; do
  if ! command -v "$program" >/dev/null 2>&1; then
    echo "skipped: $program is not installed" >&2
    exit 77
  fi
done
if ! "$python" -c 'import pyatspi' 2>/dev/null; then
  echo "skipped: $python has no pyatspi (python3-pyatspi)" >&2
  exit 77
fi

# nothing of the desktop's: its bus, its screen reader's bus, its display
unset DBUS_SESSION_BUS_ADDRESS AT_SPI_BUS_ADDRESS NO_AT_BRIDGE
exec dbus-run-session -- xvfb-run -a -s '-screen 0 1280x800x24' \
  "$python" "$(dirname "$0")/atspi-test.py" "$@"

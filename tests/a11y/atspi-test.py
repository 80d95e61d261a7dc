#!/usr/bin/python3
"""The app as a screen reader meets it, over a real AT-SPI bus.

Run by atspi-test.sh inside its own session bus and X display (it exits 77
where pyatspi, the AT-SPI bus launcher, dbus-run-session or xvfb-run are
missing). It starts the AT-SPI bus and the app from the build folder over
fresh data and settings folders, drives the app through its actions over
D-Bus, as a person's keys and clicks do, and reads what AT-SPI gives Orca:

  - every page's accessible tree (start, each game's new-game page and game
    page, the hint, the rules pane, Saved Games, a review, Preferences, the
    rules window): it fails on a control without a name and on a name or a
    description that is a toolkit type name ("GtkImage push button");
  - turns of the person and of the computer in a game of Kasimala Paay
    (the standard seats: the person first, then the computer), until a
    computer has moved a piece: everything given to a screen reader (each
    focus change, each change of the focused object's name or description,
    each announcement) is the transcript, printed to the log; it fails
    unless each of the computer's throws, with its thrower, and each of its
    moves, by its cells, reached it before the person's next throw.

  atspi-test.sh BUILD_DIR [--part names|turn] the whole test, or a part (the
                                              suite runs each part)
  atspi-test.sh BUILD_DIR --transcript GAME   only the turns of GAME
                                              (kasimala, ashte-kashte,
                                              asi-keliya; again for more)
                                              and their transcript
"""

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import gi
import pyatspi
gi.require_version('Gdk', '4.0')
from gi.repository import Gdk, GLib

APP_ID = 'io.github.kasimala.Kasimala'
APP_PATH = '/' + APP_ID.replace('.', '/')
WINDOW_PATH = APP_PATH + '/window/1'

# A safety net for a hang, not a verdict on speed: every wait below ends as
# soon as what it waits for has happened.
DEADLINE = 60

# Roles a person operates, each of which needs a name of its own
CONTROL_ROLES = {
    pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX,
    pyatspi.ROLE_RADIO_BUTTON, pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_ENTRY,
    pyatspi.ROLE_TEXT, pyatspi.ROLE_PASSWORD_TEXT, pyatspi.ROLE_LIST,
    pyatspi.ROLE_LIST_BOX, pyatspi.ROLE_LIST_ITEM, pyatspi.ROLE_PAGE_TAB,
    pyatspi.ROLE_PAGE_TAB_LIST, pyatspi.ROLE_SCROLL_PANE, pyatspi.ROLE_SLIDER,
    pyatspi.ROLE_SPIN_BUTTON, pyatspi.ROLE_LINK, pyatspi.ROLE_MENU_ITEM,
}

TYPE_NAME = re.compile(r'^(Gtk|Adw|Ksm)[A-Z]')

# What the app cannot name and no screen reader speaks: a filler is layout
# to Orca, never spoken; a scroll bar is a part of its scroll pane that
# takes no focus. A drop-down's insides are spoken as the drop-down (its
# name, then its value) and a page tab's as the tab: those two are checked
# and their insides not.
INTERNAL_ROLES = {pyatspi.ROLE_FILLER, pyatspi.ROLE_SEPARATOR, pyatspi.ROLE_SCROLL_BAR}
OPAQUE_ROLES = {pyatspi.ROLE_SCROLL_BAR, pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_PAGE_TAB}


def shows_nothing(obj):
    """A label with no text: GTK 4.8 names it by its type, but there is
    nothing on it to read, and Orca reads a label's text."""
    if safe(obj.getRole, None) != pyatspi.ROLE_LABEL:
        return False
    try:
        text = obj.queryText()
        return text.getText(0, -1) == ''
    except Exception:
        return False


# Each game: its rules id, the person's side and the computers' sides, as
# the app names them in English with the standard seats.
GAMES = {
    'kasimala': ('Kasimala Paay', 'Bricks', ['Stones']),
    'ashte-kashte': ('Ashte Kashte', 'Red', ['Blue', 'Green', 'Yellow']),
    'asi-keliya': ('Asi Keliya', 'South', ['East', 'North', 'West']),
}


class Failure(Exception):
    pass


def log(*parts):
    print(*parts, flush=True)


def pump():
    """Handles the AT-SPI events that have come in."""
    context = GLib.MainContext.default()
    while context.pending():
        context.iteration(False)


def wait_until(condition, what, deadline=DEADLINE):
    """Waits, handling events, until condition() holds; fails after the
    deadline (a hang) saying what did not happen."""
    end = time.monotonic() + deadline
    while True:
        pump()
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            raise Failure('waited %d s in vain for %s' % (deadline, what))
        # block until an event comes, or a short while to look again
        fired = []
        source = GLib.timeout_add(50, lambda: fired.append(True) or False)
        GLib.MainContext.default().iteration(True)
        if not fired:
            GLib.source_remove(source)


def safe(getter, default=''):
    try:
        value = getter()
    except Exception:
        return default
    return default if value is None else value


def describe(obj):
    role = safe(obj.getRoleName, '?')
    name = safe(lambda: obj.name)
    return '%s "%s"' % (role, name) if name else role


class Session:
    """The AT-SPI bus, the app over its own data, and the D-Bus calls that
    drive it."""

    def __init__(self, build_dir):
        self.build_dir = os.path.abspath(build_dir)
        self.tmp = tempfile.mkdtemp(prefix='kasimala-atspi-')
        self.processes = []
        self.env = dict(os.environ)
        for key in ('NO_AT_BRIDGE', 'AT_SPI_BUS_ADDRESS', 'G_DEBUG', 'LANGUAGE'):
            self.env.pop(key, None)
        self.env.update({
            'XDG_DATA_HOME': os.path.join(self.tmp, 'data'),
            'XDG_CONFIG_HOME': os.path.join(self.tmp, 'config'),
            'XDG_CACHE_HOME': os.path.join(self.tmp, 'cache'),
            'GSETTINGS_BACKEND': 'memory',
            'GSETTINGS_SCHEMA_DIR': os.path.join(self.build_dir, 'data'),
            'GDK_DEBUG': 'no-portals',
            'ADW_DISABLE_PORTAL': '1',
            'GIO_USE_VFS': 'local',
            'GTK_A11Y': 'atspi',
            'LANG': 'C.UTF-8',
            'LC_ALL': 'C.UTF-8',
        })
        for key in ('XDG_DATA_HOME', 'XDG_CONFIG_HOME', 'XDG_CACHE_HOME'):
            os.makedirs(self.env[key])
        self.app = None

    def close(self):
        for process in reversed(self.processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def bus_has(self, name):
        out = subprocess.run(['gdbus', 'call', '--session', '--dest', 'org.freedesktop.DBus',
                              '--object-path', '/org/freedesktop/DBus',
                              '--method', 'org.freedesktop.DBus.NameHasOwner', name],
                             capture_output=True, text=True).stdout
        return 'true' in out

    def start(self, saved_games=()):
        games = os.path.join(self.env['XDG_DATA_HOME'], 'kasimala', 'games')
        os.makedirs(games)
        for path in saved_games:
            shutil.copy(path, games)
        self.processes.append(subprocess.Popen(['/usr/libexec/at-spi-bus-launcher',
                                                '--launch-immediately']))
        wait_until(lambda: self.bus_has('org.a11y.Bus'), 'the AT-SPI bus')
        self.app_log = open(os.path.join(self.tmp, 'app.log'), 'w+')
        self.processes.append(subprocess.Popen([os.path.join(self.build_dir, 'src', 'ui', 'kasimala')],
                                               env=self.env, stdout=self.app_log,
                                               stderr=subprocess.STDOUT))
        wait_until(lambda: self.bus_has(APP_ID), 'the app on the session bus')
        self.app = wait_until(self.find_app, 'the app on the AT-SPI bus')
        wait_until(lambda: self.frame('Kasimala'), "the app's window")

    def app_output(self):
        self.app_log.flush()
        self.app_log.seek(0)
        return self.app_log.read()

    def find_app(self):
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(safe(lambda: desktop.childCount, 0)):
            app = safe(lambda: desktop.getChildAtIndex(i), None)
            if app is not None and safe(lambda: app.name) == 'kasimala':
                return app
        return None

    def frames(self):
        return [safe(lambda: self.app.getChildAtIndex(i), None)
                for i in range(safe(lambda: self.app.childCount, 0))]

    def frame(self, name):
        for frame in self.frames():
            if frame is not None and safe(lambda: frame.name) == name:
                return frame
        return None

    def activate(self, action, parameter=None, path=WINDOW_PATH):
        args = '[<%s>]' % parameter if parameter is not None else '[]'
        result = subprocess.run(['gdbus', 'call', '--session', '--dest', APP_ID,
                                 '--object-path', path, '--method', 'org.gtk.Actions.Activate',
                                 action, args, '{}'], capture_output=True, text=True)
        if result.returncode != 0:
            raise Failure('%s: %s' % (action, result.stderr.strip()))
        pump()

    def enabled(self, action, path=WINDOW_PATH):
        result = subprocess.run(['gdbus', 'call', '--session', '--dest', APP_ID,
                                 '--object-path', path, '--method', 'org.gtk.Actions.Describe',
                                 action], capture_output=True, text=True)
        return result.stdout.startswith('((true')


# ---- the walk ----

def path_of(chain):
    """The chain of objects from the window down, each as role[index in its
    parent] "name"; a run of unnamed panels is written as its indices."""
    parts = []
    for part in chain:
        index = re.fullmatch(r'panel\[(\d+)\]', part)
        if index and parts and re.fullmatch(r'[\d.]+', parts[-1]):
            parts[-1] += '.' + index.group(1)
        elif index:
            parts.append(index.group(1))
        else:
            parts.append(part)
    return ' / '.join(parts)


def walk(obj, chain, problems, seen):
    role = safe(obj.getRole, None)
    role_name = safe(obj.getRoleName, '?')
    name = safe(lambda: obj.name)
    description = safe(lambda: obj.description)
    index = safe(obj.getIndexInParent, -1)
    here = chain + ['%s[%d]%s' % (role_name, index, ' "%s"' % name if name else '')]

    if role not in INTERNAL_ROLES:
        problem = None
        if role in CONTROL_ROLES and not name.strip():
            problem = 'a %s without a name' % role_name
        elif TYPE_NAME.match(name) and not shows_nothing(obj):
            problem = 'a %s named by its type, "%s"' % (role_name, name)
        elif TYPE_NAME.match(description):
            problem = 'a %s described by a type, "%s"' % (role_name, description)
        if problem is not None:
            key = (problem, path_of(here))
            if key not in seen:
                seen.add(key)
                problems.append('%s\n    at %s' % (problem, path_of(here)))
    if role in OPAQUE_ROLES:
        return
    for i in range(safe(lambda: obj.childCount, 0)):
        child = safe(lambda: obj.getChildAtIndex(i), None)
        if child is not None:
            walk(child, here, problems, seen)


class Walker:
    def __init__(self, session):
        self.session = session
        self.problems = []
        self.seen = set()
        self.pages = []

    def walk(self, page):
        """Every object in every window of the app, as AT-SPI has them now.
        GTK 4.8 marks only the window as showing, so the walk does not
        look at that: what a hidden page holds is not in the tree."""
        pump()
        before = len(self.problems)
        for frame in self.session.frames():
            if frame is not None:
                walk(frame, [], self.problems, self.seen)
        self.pages.append(page)
        log('walked: %s, %d new problems' % (page, len(self.problems) - before))


def find(root, predicate):
    """The first object under root (depth first) for which predicate holds."""
    if predicate(root):
        return root
    if safe(root.getRole, None) in OPAQUE_ROLES:
        return None
    for i in range(safe(lambda: root.childCount, 0)):
        child = safe(lambda: root.getChildAtIndex(i), None)
        if child is not None:
            found = find(child, predicate)
            if found is not None:
                return found
    return None


def has_role_name(role, name=None):
    def predicate(obj):
        if safe(obj.getRole, None) != role:
            return False
        return name is None or safe(lambda: obj.name) == name
    return predicate


def button(name):
    return has_role_name(pyatspi.ROLE_PUSH_BUTTON, name)


def walk_pages(session, walker, transcript, finished_game):
    s = session
    window = lambda: s.frame('Kasimala')
    walker.walk('start page')

    # Saved Games with a finished game in it, and its review
    s.activate('saved-games')
    is_finished = lambda o: (safe(o.getRole, None) == pyatspi.ROLE_LIST_ITEM
                             and re.match(finished_game, safe(lambda: o.name)))
    finished = wait_until(lambda: find(window(), is_finished), 'the finished game in Saved Games')
    walker.walk('Saved Games, a finished game')
    # its row opens it, from the keyboard: GTK 4.8 gives a row no action
    for _ in range(10):
        if transcript.focus == finished:
            break
        focus = transcript.focus
        press('Tab')
        wait_until(lambda: transcript.focus != focus, 'the focus to move on Tab')
    if transcript.focus != finished:
        raise Failure('Tab did not reach the finished game in Saved Games')
    press('Return')
    wait_until(lambda: s.enabled('review-start') or s.enabled('review-end'), 'the review')
    walker.walk('review')

    for game, (title, _, _) in GAMES.items():
        s.activate('choose-game', "'%s'" % game)
        wait_until(lambda: find(window(), button('Start Game')),
                   "%s's new-game page" % title)
        walker.walk('new-game page, %s' % title)
        s.activate('start-game')
        wait_until(lambda: s.enabled('throw'), '%s to be thrown' % title)
        walker.walk('game page, %s' % title)
        if game == 'ashte-kashte':
            # the hint's ranked moves: any throw moves a token there at
            # the start, one that throws again after another throw
            for _ in range(10):
                if s.enabled('hint'):
                    break
                s.activate('throw')
                wait_until(lambda: s.enabled('hint') or s.enabled('throw'), 'the throw to land')
            if s.enabled('hint'):
                s.activate('hint')
                wait_until(lambda: hint_shown(window()), 'the hint')
                walker.walk('the hint, %s' % title)
                press('Escape')

    # the rules pane beside the board, and the history
    s.activate('rules')
    wait_until(lambda: find(window(), has_role_name(pyatspi.ROLE_HEADING)), 'the rules pane')
    walker.walk('rules pane')
    s.activate('rules')
    s.activate('toggle-history')
    walker.walk('history pane')
    s.activate('toggle-history')

    # Saved Games with the games left unfinished waiting
    s.activate('saved-games')
    wait_until(lambda: find(window(), lambda o: safe(o.getRole, None) == pyatspi.ROLE_PUSH_BUTTON
                            and 'Resume' in safe(lambda: o.name)), 'the unfinished games in Saved Games')
    walker.walk('Saved Games, games waiting')

    s.activate('show-start')
    walker.walk('start page, games waiting')
    s.activate('rules')
    wait_until(lambda: len([f for f in s.frames() if f is not None]) > 1, 'the rules window')
    walker.walk('rules window')
    close_other_windows(s)

    s.activate('preferences', path=APP_PATH)
    wait_until(lambda: len([f for f in s.frames() if f is not None]) > 1, 'Preferences')
    walker.walk('Preferences')
    close_other_windows(s)


def hint_shown(window):
    """Whether the hint's ranked moves are in the tree, with a move in them"""
    moves = find(window, has_role_name(pyatspi.ROLE_LIST, 'The moves, best first'))
    return moves is not None and safe(lambda: moves.childCount, 0) > 0


def close_other_windows(session):
    """Escape closes the dialog on top, as a person does. (A Close button's
    action over AT-SPI closes it too, but GTK 4.8 then answers about a window
    that is gone, and the app crashes.)"""
    for _ in range(5):
        if len([f for f in session.frames() if f is not None]) == 1:
            return
        n = len([f for f in session.frames() if f is not None])
        press('Escape')
        wait_until(lambda: len([f for f in session.frames() if f is not None]) < n,
                   'Escape to close the window on top')


def press(key):
    """A key press and release, as from the keyboard (XTEST under Xvfb)"""
    keysym = Gdk.keyval_from_name(key)
    pyatspi.Registry.generateKeyboardEvent(keysym, None, pyatspi.KEY_SYM)
    pump()


# ---- the turn ----

class Transcript:
    """What a screen reader is given, in order: the focus as it moves, and
    the focused object's name and description as they change (GTK 4.8 puts
    news there), and any announcement (GTK 4.14 and newer)."""

    EVENTS = ('object:state-changed:focused',
              'object:property-change:accessible-name',
              'object:property-change:accessible-description',
              'object:announcement')

    def __init__(self):
        self.lines = []      # (kind, text)
        self.focus = None
        self.echo = False
        pyatspi.Registry.registerEventListener(self.event_cb, *self.EVENTS)

    def close(self):
        pyatspi.Registry.deregisterEventListener(self.event_cb, *self.EVENTS)

    def add(self, kind, text):
        self.lines.append((kind, text))
        if self.echo:
            log('  %-12s %s' % (kind + ':', text))

    def event_cb(self, event):
        source = event.source
        if event.type.startswith('object:state-changed:focused'):
            if event.detail1:
                self.focus = source
                description = safe(lambda: source.description)
                self.add('focus', describe(source) + (' — ' + description if description else ''))
            elif source == self.focus:
                # nothing holds the focus until the next focus event
                self.focus = None
                self.add('(focus lost)', describe(source))
            return
        if event.type.startswith('object:announcement'):
            self.add('announcement', str(event.any_data))
            return
        if self.focus is None or source != self.focus:
            # news on the window, where nothing in it holds the focus: no
            # screen reader reads it, but the log says where it went
            if (safe(source.getRole, None) == pyatspi.ROLE_FRAME and event.type.endswith('description')
                    and safe(lambda: source.description)):
                self.add('(window)', safe(lambda: source.description))
            return
        if event.type.endswith('accessible-name'):
            self.add('name', safe(lambda: source.name))
        else:
            self.add('description', safe(lambda: source.description))

    def mark(self):
        return len(self.lines)

    def said_since(self, mark):
        """What a screen reader reads since `mark`: the focused object's
        names and descriptions and the announcements, not news on a window
        that holds no focus, nor the test's own notes"""
        return [text for kind, text in self.lines[mark:]
                if kind in ('focus', 'name', 'description', 'announcement')]


def history_rows(window):
    """The history's rows as AT-SPI has them, oldest first."""
    history = find(window, has_role_name(pyatspi.ROLE_LIST, 'History of the game'))
    rows = []
    if history is None:
        return rows
    for i in range(safe(lambda: history.childCount, 0)):
        row = safe(lambda: history.getChildAtIndex(i), None)
        if row is None:
            continue
        text = safe(lambda: row.name)
        if not text:
            label = find(row, has_role_name(pyatspi.ROLE_LABEL))
            text = safe(lambda: label.name) if label is not None else ''
        rows.append(text)
    return rows


def moves_of(events):
    """The moves in a history row's events, "kasi (1), T1 to M1, took 1
    brick", as (from, to) cells; a lost throw's reason ("lost: a kasi is
    needed to start a piece") is none."""
    moves = []
    for clause in events.split(', ')[1:]:
        match = re.fullmatch(r'(.+?) to (.+)', clause)
        if match and ':' not in clause:
            moves.append(match.groups())
    return moves


def on_board(obj):
    """Whether obj is one of the board's cells"""
    for _ in range(12):
        obj = safe(lambda: obj.parent, None)
        if obj is None:
            return False
        if safe(obj.getRole, None) == pyatspi.ROLE_PANEL and safe(lambda: obj.name) == 'Board':
            return True
    return False


def play_mover(s, title, transcript):
    """Plays a mover, as a person does: the focus goes to one, or Tab brings
    it there, and Enter plays it (a cell has no action over AT-SPI on GTK
    4.8)."""
    is_mover = lambda: (transcript.focus is not None
                        and 'moves to' in safe(lambda: transcript.focus.name))
    wait_until(lambda: is_mover() or transcript.focus is not None, 'a focus')
    is_token = lambda: (transcript.focus is not None
                        and re.search(r'\bunits?\b', safe(lambda: transcript.focus.name)))
    for _ in range(80):
        if is_mover():
            break
        mark = transcript.mark()
        # Asi Keliya's throws wait as tokens: Enter chooses one to play; on
        # the board (one Tab stop) M goes to the next mover
        press('Return' if is_token() else 'm' if on_board(transcript.focus) else 'Tab')
        wait_until(lambda: transcript.mark() > mark, 'the focus to move on Tab')
    if not is_mover():
        raise Failure('%s: no mover takes the focus' % title)
    mark = transcript.mark()
    transcript.add('(person)', 'plays ' + safe(lambda: transcript.focus.name))
    press('Return')
    # the move changes the board: the mover's name, or the focus
    wait_until(lambda: transcript.mark() > mark + 1 or not s.enabled('hint'), 'the move played')


def play_round(s, title, computers, transcript, judge=True):
    """The person's turn and the computers' after it; returns whether a
    computer moved a piece, and the problems found."""
    window = lambda: s.frame('Kasimala')
    problems = []
    start = transcript.mark()
    # the person's turn: throws, and a mover played for each move to make,
    # until the turn passes: a computer's row comes into the history
    rows_start = len(history_rows(window()))
    computer_row = lambda: any(any(row.startswith(side + ':') for side in computers)
                               for row in history_rows(window())[rows_start:])
    for _ in range(60):
        if computer_row():
            break
        if s.enabled('hint'):
            play_mover(s, title, transcript)
        elif s.enabled('throw'):
            mark = transcript.mark()
            rows = len(history_rows(window()))
            transcript.add('(person)', 'throws')
            s.activate('throw')
            wait_until(lambda: transcript.mark() > mark + 1 or len(history_rows(window())) > rows
                       or s.enabled('hint') or not s.enabled('throw'), 'the throw to land')
        else:
            wait_until(lambda: s.enabled('hint') or s.enabled('throw') or computer_row(),
                       "the person's next step or the computer's turn")

    # the computers' turns: until the person may throw again
    wait_until(lambda: s.enabled('throw'), "the person's next turn", deadline=120)
    rows = history_rows(window())[rows_start:]
    computer_rows = [row for row in rows if any(row.startswith(side + ':') for side in computers)]

    # what the computers did reached the focused object before the person's
    # next throw: each of their throws with its thrower, and each move's
    # cells. The news waits while earlier news is read, so this waits for it.
    def heard():
        said = ' '.join(transcript.said_since(start))
        missing = []
        for row in computer_rows:
            # "Blue: one (1), g4 to g5": the throw by its name or its count
            side, _, rest = row.partition(': ')
            throw = rest.split(',')[0]
            words = [re.escape(w) for w in re.split(r' \(|\)', throw) if w.strip()]
            if not re.search(r'\b%s\b[^.]*\bthrew\b[^.]*\b(%s)\b' % (re.escape(side), '|'.join(words)),
                             said, re.IGNORECASE):
                missing.append('%s\'s throw (%s)' % (side, throw))
            for cells in moves_of(rest):
                if not re.search(r'\b%s\b[^.]*\bto\b[^.]*\b%s\b' % tuple(map(re.escape, cells)), said):
                    missing.append('%s\'s move %s to %s' % ((side,) + cells))
        return missing

    try:
        if judge:
            wait_until(lambda: not heard(), "the computer's turn spoken", deadline=30)
    except Failure:
        problems.append('%s: the computer\'s turn did not reach the screen reader: %s\n'
                        '    the history had: %s' % (title, '; '.join(heard()), ' | '.join(computer_rows)))
    if not computer_rows:
        problems.append('%s: no computer played before the person\'s next turn' % title)
    moved = any(moves_of(row.partition(': ')[2]) for row in computer_rows)
    return moved, problems


def play_turn(session, game, transcript, judge=True):
    """One turn of the person and the computers after them, on a new game
    of `game` with its standard seats (the person first, then the
    computers); returns the problems found."""
    s = session
    title, person, computers = GAMES[game]
    window = lambda: s.frame('Kasimala')
    problems = []

    s.activate('choose-game', "'%s'" % game)
    wait_until(lambda: find(window(), button('Start Game')),
               "%s's new-game page" % title)
    s.activate('start-game')
    wait_until(lambda: s.enabled('throw'), '%s to be thrown' % title)

    # a new game starts with the focus on Throw
    wait_until(lambda: transcript.focus is not None
               and button('Throw')(transcript.focus), 'the focus on Throw')

    log('\n=== transcript: %s, the person (%s) and the computer, until the computer '
        'has moved a piece ===' % (title, person))
    transcript.echo = True
    # rounds until a computer's throw has moved a piece: a throw can be
    # lost (a kasi is needed to start a piece), and a lost throw has no move
    for round in range(40):
        moved, round_problems = play_round(s, title, computers, transcript, judge)
        problems += round_problems
        if moved or round_problems:
            break
    else:
        problems.append('%s: no computer moved in 40 rounds' % title)
    transcript.echo = False
    log('=== end of the transcript of %s ===\n' % title)
    return problems


def finished_game_file(build_dir, directory):
    """A finished game to review, played by the CLI's random players."""
    cli = os.path.join(build_dir, 'src', 'cli', 'kasimala-cli')
    subprocess.run([cli, 'selfplay', '--game', 'kasimala', '--games', '1', '--seed', '7',
                    '--save', directory], check=True, capture_output=True)
    return [os.path.join(directory, name) for name in sorted(os.listdir(directory))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('build_dir')
    parser.add_argument('--transcript', choices=sorted(GAMES), action='append',
                        help='only play turns of this game and print their transcript')
    parser.add_argument('--part', choices=['names', 'turn', 'all'], default='all',
                        help="the walk of every page's names, the turn against the computer, or both")
    args = parser.parse_args()

    session = Session(args.build_dir)
    problems = []
    try:
        saved = tempfile.mkdtemp(dir=session.tmp)
        files = [] if args.transcript or args.part == 'turn' else finished_game_file(session.build_dir, saved)
        session.start(files)
        transcript = Transcript()
        walker = Walker(session)
        names = not args.transcript and args.part in ('names', 'all')
        if names:
            walk_pages(session, walker, transcript, r'Kasimala Paay: \w+ won')
        games = args.transcript or ['kasimala']
        if args.transcript or args.part in ('turn', 'all'):
            for game in games:
                problems += play_turn(session, game, transcript)
        elif names:
            # a turn played for the history's rows and the turn strip, not
            # judged here
            play_turn(session, 'kasimala', transcript, judge=False)
        if names:
            walker.walk('game page, after a turn')
            problems = walker.problems + problems
        transcript.close()
    except Failure as failure:
        problems.append(str(failure))
    finally:
        output = session.app_output() if hasattr(session, 'app_log') else ''
        session.close()
    if output.strip():
        log('--- the app said ---\n' + output)
    if problems:
        log('%d problems:' % len(problems))
        for problem in problems:
            log('FAIL: ' + problem)
        return 1
    log('no problems')
    return 0


if __name__ == '__main__':
    sys.exit(main())

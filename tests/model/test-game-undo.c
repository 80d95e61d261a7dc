/* test-game-undo.c: undo and redo in a game against a computer seat.
 *
 * Bricks are a person, stones a random computer deciding in a worker thread.
 * Undo takes back the person's last move and everything after it; redo puts
 * exactly that back; a new move drops the redo line; undo never rewinds the
 * throws; and undoing or dropping the game while the computer waits or
 * thinks neither crashes nor lets a stale decision in.
 */
#include "model-test-util.h"

static KsmGame *
new_game (guint64 seed, guint delay)
{
  KsmOptions options = kasimala_options ();
  KsmGame *game = ksm_game_new (&options, PERSON_COMPUTER, seed);
  ksm_game_set_computer_delay (game, delay);
  g_assert_cmpuint (ksm_game_get_computer_delay (game), ==, delay);
  return game;
}

/* Plays (person: first legal move; computer: its own) until the person
 * faces a throw to be played. */
static void
advance_to_person_move (KsmGame *game)
{
  for (;;)
    {
      run_computer (game);
      g_assert_cmpint (ksm_game_get_phase (game), !=, KSM_PHASE_OVER);
      if (ksm_game_get_phase (game) == KSM_PHASE_MOVE)
        return;
      person_acts (game, 0);
    }
}

typedef struct {
  guint      n_events;
  char      *position;
  int        face;
  KsmRecord *record;
} Snapshot;

static void
snapshot_take (Snapshot *s, KsmGame *game)
{
  s->n_events = ksm_record_get_n_events (ksm_game_get_record (game));
  s->position = game_position_text (game);
  s->face = ksm_game_get_face (game);
  s->record = ksm_record_copy (ksm_game_get_record (game));
}

static void
snapshot_clear (Snapshot *s)
{
  g_clear_pointer (&s->position, g_free);
  g_clear_object (&s->record);
}

static void
assert_at_snapshot (KsmGame *game, const Snapshot *s)
{
  g_autofree char *text = game_position_text (game);
  g_autofree char *replayed = NULL;
  KsmRecord *record = ksm_game_get_record (game);

  g_assert_cmpstr (text, ==, s->position);
  g_assert_cmpint (ksm_game_get_face (game), ==, s->face);
  g_assert_cmpuint (ksm_record_get_n_events (record), ==, s->n_events);
  for (guint i = 0; i < s->n_events; i++)
    assert_events_equal (ksm_record_get_event (record, i), ksm_record_get_event (s->record, i), i);
  /* the position is the record replayed */
  replayed = record_position_text (record);
  g_assert_cmpstr (replayed, ==, s->position);
}

/* The computer does nothing more: once what the main loop has queued has
 * run (a stale decision's return included), no event was added, nothing is
 * thought over, and no step waits for its delay. */
static gboolean
computer_stays_idle (KsmGame *game)
{
  guint n = ksm_record_get_n_events (ksm_game_get_record (game));
  drain_main_loop ();
  return ksm_record_get_n_events (ksm_game_get_record (game)) == n && !ksm_game_is_thinking (game)
         && g_main_context_find_source_by_user_data (NULL, game) == NULL;
}

static void
test_undo_redo (void)
{
  g_autoptr(KsmGame) game = new_game (5, 0);
  guint cases = 0, computer_events = 0;

  for (guint round = 0; round < 200 && cases < 8; round++)
    {
      Snapshot before = { 0 }, after = { 0 };
      guint n_moves;

      advance_to_person_move (game);
      snapshot_take (&before, game);
      g_assert_true (ksm_game_is_person_to_act (game));
      g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_MOVE);

      ksm_game_get_moves (game, &n_moves);
      person_acts (game, 0);
      g_assert_false (ksm_game_can_redo (game));
      run_computer (game);
      if (ksm_game_get_phase (game) == KSM_PHASE_OVER)
        {
          snapshot_clear (&before);
          break;
        }
      snapshot_take (&after, game);
      g_assert_cmpuint (after.n_events, >, before.n_events);
      /* everything after the person's move was the computer's */
      g_assert_cmpint (ksm_record_get_event (after.record, before.n_events)->kind, ==,
                       KSM_EVENT_MOVE);
      g_assert_cmpuint (ksm_record_get_event (after.record, before.n_events)->player, ==, 0);
      for (guint i = before.n_events + 1; i < after.n_events; i++)
        g_assert_cmpuint (ksm_record_get_event (after.record, i)->player, ==, 1);

      if (after.n_events > before.n_events + 1)
        {
          cases++;
          computer_events += after.n_events - before.n_events - 1;
        }

      /* undo: the person faces the same throw in the same position */
      g_assert_true (ksm_game_can_undo (game));
      g_assert_true (ksm_game_undo (game));
      assert_at_snapshot (game, &before);
      g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_MOVE);
      g_assert_cmpuint (ksm_game_get_player (game), ==, 0);
      g_assert_true (ksm_game_is_person_to_act (game));
      g_assert_true (ksm_game_can_redo (game));
      {
        guint n_again;
        ksm_game_get_moves (game, &n_again);
        g_assert_cmpuint (n_again, ==, n_moves);
      }
      /* the computer does not act in the person's turn */
      g_assert_true (computer_stays_idle (game));

      /* redo: exactly the record and position of before the undo */
      g_assert_true (ksm_game_redo (game));
      assert_at_snapshot (game, &after);
      g_assert_false (ksm_game_can_redo (game));
      g_assert_true (ksm_game_can_undo (game));
      g_assert_true (computer_stays_idle (game));

      /* undo, redo, undo again and the same holds */
      g_assert_true (ksm_game_undo (game));
      assert_at_snapshot (game, &before);
      g_assert_true (ksm_game_redo (game));
      assert_at_snapshot (game, &after);

      snapshot_clear (&before);
      snapshot_clear (&after);
    }
  g_assert_cmpuint (cases, ==, 8);
  g_test_message ("%u undo/redo rounds over %u computer events", cases, computer_events);
}

/* two undos in a row, then two redos, come back the same way */
static void
test_undo_twice (void)
{
  g_autoptr(KsmGame) game = new_game (9, 0);
  Snapshot s1 = { 0 }, s2 = { 0 }, s3 = { 0 };

  advance_to_person_move (game);
  snapshot_take (&s1, game);
  person_acts (game, 0);
  advance_to_person_move (game);
  snapshot_take (&s2, game);
  person_acts (game, 0);
  run_computer (game);
  snapshot_take (&s3, game);

  g_assert_true (ksm_game_undo (game));
  assert_at_snapshot (game, &s2);
  g_assert_true (ksm_game_undo (game));
  assert_at_snapshot (game, &s1);
  g_assert_true (ksm_game_redo (game));
  assert_at_snapshot (game, &s2);
  g_assert_true (ksm_game_can_redo (game));
  g_assert_true (ksm_game_redo (game));
  assert_at_snapshot (game, &s3);
  g_assert_false (ksm_game_can_redo (game));
  g_assert_false (ksm_game_redo (game));

  snapshot_clear (&s1);
  snapshot_clear (&s2);
  snapshot_clear (&s3);
}

static void
count_notify_cb (GObject *object, GParamSpec *pspec, guint *count)
{
  (*count)++;
}

static void
test_new_move_drops_redo (void)
{
  g_autoptr(KsmGame) game = new_game (21, 0);
  guint redo_notes = 0;
  guint n_moves;

  /* a move with a choice */
  for (;;)
    {
      advance_to_person_move (game);
      ksm_game_get_moves (game, &n_moves);
      if (n_moves >= 2)
        break;
      person_acts (game, 0);
    }
  g_signal_connect (game, "notify::can-redo", G_CALLBACK (count_notify_cb), &redo_notes);

  person_acts (game, 0);
  run_computer (game);
  g_assert_true (ksm_game_undo (game));
  g_assert_true (ksm_game_can_redo (game));
  g_assert_cmpuint (redo_notes, ==, 1);

  /* another move: the redo line is gone */
  person_acts (game, 1);
  g_assert_false (ksm_game_can_redo (game));
  g_assert_cmpuint (redo_notes, ==, 2);
  g_assert_false (ksm_game_redo (game));
  run_computer (game);
  g_assert_false (ksm_game_can_redo (game));
  g_assert_false (ksm_game_redo (game));
}

/* Collects the throws made from event `from` on while playing until there
 * are `count` of them (or the game ends). */
static GArray *
play_collecting_throws (KsmGame *game, guint from, guint count)
{
  GArray *throws = g_array_new (FALSE, FALSE, sizeof (guint32));
  KsmRecord *record = ksm_game_get_record (game);

  for (;;)
    {
      run_computer (game);
      g_array_set_size (throws, 0);
      for (guint i = from; i < ksm_record_get_n_events (record); i++)
        {
          const KsmEvent *event = ksm_record_get_event (record, i);
          if (event->kind == KSM_EVENT_THROW)
            {
              /* face and pattern together */
              guint32 value = (guint32) event->face << 8 | event->pattern;
              g_array_append_val (throws, value);
            }
        }
      if (throws->len >= count || ksm_game_get_phase (game) == KSM_PHASE_OVER)
        break;
      person_acts (game, 0);
    }
  g_array_set_size (throws, MIN (throws->len, count));
  return throws;
}

static void
test_undo_does_not_rewind_throws (void)
{
  g_autoptr(KsmGame) game = new_game (77, 0);
  g_autoptr(GArray) first = NULL, second = NULL;
  Snapshot s = { 0 };
  guint same = 0;

  advance_to_person_move (game);
  snapshot_take (&s, game);

  /* the line that will be undone: the person's move, and 30 throws */
  person_acts (game, 0);
  first = play_collecting_throws (game, s.n_events, 30);
  g_assert_cmpuint (first->len, ==, 30);

  /* undo back to the snapshot, one person move at a time */
  while (ksm_record_get_n_events (ksm_game_get_record (game)) > s.n_events)
    g_assert_true (ksm_game_undo (game));
  assert_at_snapshot (game, &s);
  g_assert_true (ksm_game_can_redo (game));

  /* The same move again. Had undo rewound the generator, the throws would
   * come again exactly: every throw takes one sample whatever the position. */
  person_acts (game, 0);
  g_assert_false (ksm_game_can_redo (game));
  second = play_collecting_throws (game, s.n_events, 30);
  g_assert_cmpuint (second->len, ==, 30);

  for (guint i = 0; i < 30; i++)
    same += g_array_index (first, guint32, i) == g_array_index (second, guint32, i);
  g_test_message ("%u of 30 throws the same after undo", same);
  g_assert_cmpuint (same, <, 30);
  /* fresh throws match the old ones only by chance (about 2 in 30) */
  g_assert_cmpuint (same, <, 20);

  snapshot_clear (&s);
}

/* ---- the computer interrupted ---- */

static gboolean
is_thinking (gpointer data)
{
  return ksm_game_is_thinking (KSM_GAME (data)) || person_or_over (data);
}

/* Plays until the computer is thinking over a move (delay 0) right after a
 * person's move; `s` gets the snapshot taken before that person's move. */
static void
advance_to_thinking (KsmGame *game, Snapshot *s)
{
  for (guint tries = 0; tries < 500; tries++)
    {
      advance_to_person_move (game);
      snapshot_take (s, game);
      person_acts (game, 0);
      wait_for (is_thinking, game, "the computer to think");
      if (ksm_game_is_thinking (game))
        {
          g_assert_false (ksm_game_is_person_to_act (game));
          return;
        }
      snapshot_clear (s);
    }
  g_error ("the computer never came to think");
}

static void
test_undo_while_thinking (void)
{
  g_autoptr(KsmGame) game = new_game (31, 0);
  Snapshot s = { 0 };
  guint thinking_notes = 0;

  for (guint round = 0; round < 5; round++)
    {
      advance_to_thinking (game, &s);
      g_signal_connect (game, "notify::thinking", G_CALLBACK (count_notify_cb), &thinking_notes);
      thinking_notes = 0;

      /* the person cannot act while the computer thinks */
      g_assert_false (ksm_game_throw (game));
      {
        guint n_moves;
        const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
        g_assert_cmpuint (n_moves, >, 0);
        g_assert_false (ksm_game_play (game, &moves[0]));
      }

      g_assert_true (ksm_game_undo (game));
      g_assert_false (ksm_game_is_thinking (game));
      g_assert_cmpuint (thinking_notes, ==, 1);
      assert_at_snapshot (game, &s);

      /* the decision in flight comes back stale and is dropped */
      g_assert_true (computer_stays_idle (game));
      assert_at_snapshot (game, &s);
      g_assert_cmpuint (thinking_notes, ==, 1);

      /* redo brings back what was played before the undo, no more */
      g_assert_true (ksm_game_redo (game));
      g_assert_false (ksm_game_can_redo (game));
      g_signal_handlers_disconnect_by_func (game, count_notify_cb, &thinking_notes);
      /* and the computer goes on from there */
      run_computer (game);
      snapshot_clear (&s);
    }
}

static void
test_undo_while_waiting (void)
{
  g_autoptr(KsmGame) game = new_game (32, 0);
  Snapshot s = { 0 };

  advance_to_person_move (game);
  /* a move that hands the turn to the computer */
  for (;;)
    {
      snapshot_take (&s, game);
      ksm_game_set_computer_delay (game, 150);
      person_acts (game, 0);
      if (!ksm_game_is_person_to_act (game))
        break;
      snapshot_clear (&s);
      ksm_game_set_computer_delay (game, 0);
      advance_to_person_move (game);
    }

  /* the computer waits its delay (the main loop has not run); undo before
   * it acts */
  g_assert_false (ksm_game_is_thinking (game));
  g_assert_cmpuint (ksm_record_get_n_events (ksm_game_get_record (game)), ==, s.n_events + 1);
  g_assert_true (ksm_game_undo (game));
  assert_at_snapshot (game, &s);
  g_assert_true (computer_stays_idle (game));
  assert_at_snapshot (game, &s);
  snapshot_clear (&s);
}

static gboolean
is_gone (gpointer data)
{
  return g_atomic_pointer_get ((gpointer *) data) == NULL;
}

/* Watches a game after its owner let it go: it must say nothing more, and
 * it must be finalized in the main thread (its dispose removes a main-loop
 * source; views' weak references expect the main thread). */
typedef struct {
  GThread *main_thread;
  gboolean dropped;
  guint    said_after;
  gboolean finalized;
  gboolean finalized_elsewhere;
} Dropped;

static void
said_cb (KsmGame *game, Dropped *d)
{
  if (d->dropped)
    d->said_after++;
}

static void
moved_after_cb (KsmGame *game, guint player, gpointer move, gpointer effect, Dropped *d)
{
  said_cb (game, d);
}

static void
thrown_after_cb (KsmGame *game, guint player, guint face, guint pattern, Dropped *d)
{
  said_cb (game, d);
}

static void
finalized_cb (gpointer data, GObject *where_the_object_was)
{
  Dropped *d = data;
  d->finalized = TRUE;
  d->finalized_elsewhere = g_thread_self () != d->main_thread;
}

static void
drop_and_check (KsmGame *game)
{
  Dropped d = { .main_thread = g_thread_self () };
  KsmGame *weak = game;

  g_signal_connect (game, "moved", G_CALLBACK (moved_after_cb), &d);
  g_signal_connect (game, "thrown", G_CALLBACK (thrown_after_cb), &d);
  g_signal_connect (game, "changed", G_CALLBACK (said_cb), &d);
  g_object_add_weak_pointer (G_OBJECT (game), (gpointer *) &weak);
  g_object_weak_ref (G_OBJECT (game), finalized_cb, &d);

  d.dropped = TRUE;
  g_object_unref (game);
  /* the game goes (at the latest when its worker is done), and nothing
   * crashes */
  wait_for (is_gone, &weak, "the game to be finalized");
  drain_main_loop ();
  g_assert_true (d.finalized);
  /* a game let go makes no more moves */
  g_assert_cmpuint (d.said_after, ==, 0);
  g_assert_false (d.finalized_elsewhere);
}

static void
test_unref_while_thinking (void)
{
  for (guint round = 0; round < 10; round++)
    {
      KsmGame *game = new_game (40 + round, 0);
      Snapshot s = { 0 };

      advance_to_thinking (game, &s);
      drop_and_check (game);
      snapshot_clear (&s);
    }
}

static void
test_unref_while_waiting (void)
{
  KsmGame *game = new_game (50, 0);
  KsmGame *weak = game;

  advance_to_person_move (game);
  for (;;)
    {
      ksm_game_set_computer_delay (game, 100);
      person_acts (game, 0);
      if (!ksm_game_is_person_to_act (game))
        break;
      ksm_game_set_computer_delay (game, 0);
      advance_to_person_move (game);
    }
  g_object_add_weak_pointer (G_OBJECT (game), (gpointer *) &weak);
  g_object_unref (game);
  /* nothing held it: it is gone at once, and its timeout with it (the
   * pointer is only compared, to find a source left with it) */
  g_assert_null (weak);
  g_assert_null (g_main_context_find_source_by_user_data (NULL, game));
  drain_main_loop ();
}

/* a new game while the old one's computer thinks: the old one's decision
 * never reaches the new one */
static void
test_new_game_while_thinking (void)
{
  KsmGame *old = new_game (60, 0);
  g_autoptr(KsmGame) fresh = NULL;
  Snapshot s = { 0 };

  advance_to_thinking (old, &s);
  fresh = new_game (61, 0);
  drop_and_check (old);
  /* the new game is where it started: the person throws first */
  g_assert_cmpuint (ksm_record_get_n_events (ksm_game_get_record (fresh)), ==, 0);
  g_assert_true (ksm_game_is_person_to_act (fresh));
  g_assert_false (ksm_game_is_thinking (fresh));
  snapshot_clear (&s);
}

/* a game of two computers plays itself to the end, and undo has nothing to
 * take back */
static void
test_computers_alone (void)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmGame) game = ksm_game_new (&options, COMPUTERS, 3);
  KsmOutcome outcome;

  run_computer (game);
  g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_OVER);
  ksm_game_get_outcome (game, &outcome);
  g_assert_true (outcome.over);
  g_assert_false (ksm_game_can_undo (game));
  g_assert_false (ksm_game_undo (game));
  g_assert_false (ksm_game_is_thinking (game));
  g_assert_nonnull (ksm_record_get_ended (ksm_game_get_record (game)));
}

/* ---- can-undo, can-redo, throws-again, can-throw and can-move ---- */

static const char *const watched_names[] = { "can-undo", "can-redo", "throws-again",
                                             "can-throw", "can-move" };

typedef struct {
  KsmGame  *game;
  gboolean  seen[G_N_ELEMENTS (watched_names)];    /* as last notified */
  guint     notes[G_N_ELEMENTS (watched_names)];
  guint     changes;
} Watched;

static gboolean
property_value (KsmGame *game, const char *name)
{
  gboolean value;

  g_object_get (game, name, &value, NULL);
  return value;
}

/* what the properties must be, from the record and the position alone (the
 * record scanned, as the game no longer does) */
static gboolean
expected_can_undo (KsmGame *game)
{
  KsmRecord *record = ksm_game_get_record (game);

  if (ksm_game_is_read_only (game))
    return FALSE;
  for (guint i = 0; i < ksm_record_get_n_events (record); i++)
    {
      const KsmEvent *event = ksm_record_get_event (record, i);
      if (event->kind == KSM_EVENT_MOVE && ksm_game_get_seat (game, event->player)->kind == KSM_SEAT_PERSON)
        return TRUE;
    }
  return FALSE;
}

static gboolean
expected_throws_again (KsmGame *game)
{
  KsmRecord *record = ksm_game_get_record (game);
  guint n = ksm_record_get_n_events (record);

  return n > 0 && ksm_game_get_phase (game) == KSM_PHASE_THROW
         && ksm_record_get_event (record, n - 1)->player == ksm_game_get_player (game);
}

/* a person's turn, in the phase given */
static gboolean
expected_person_in (KsmGame *game, KsmPhase phase)
{
  return !ksm_game_is_read_only (game) && ksm_game_get_phase (game) == phase
         && ksm_game_get_seat (game, ksm_game_get_player (game))->kind == KSM_SEAT_PERSON;
}

static gboolean
expected_can_move (KsmGame *game)
{
  guint n_moves;
  const KsmMove *moves = ksm_game_get_moves (game, &n_moves);

  return expected_person_in (game, KSM_PHASE_MOVE) && n_moves > 0 && moves[0].kind != KSM_MOVE_LOSE;
}

static void
watched_notify_cb (KsmGame *game, GParamSpec *pspec, Watched *watched)
{
  for (guint i = 0; i < G_N_ELEMENTS (watched_names); i++)
    if (g_str_equal (pspec->name, watched_names[i]))
      {
        gboolean value = property_value (game, watched_names[i]);
        /* notified only when it changed */
        g_assert_cmpint (value, !=, watched->seen[i]);
        watched->seen[i] = value;
        watched->notes[i]++;
      }
}

/* every value is the one last notified, and the right one */
static void
assert_watched (Watched *watched)
{
  KsmGame *game = watched->game;

  for (guint i = 0; i < G_N_ELEMENTS (watched_names); i++)
    g_assert_cmpint (property_value (game, watched_names[i]), ==, watched->seen[i]);
  g_assert_cmpint (watched->seen[0], ==, ksm_game_can_undo (game));
  g_assert_cmpint (watched->seen[0], ==, expected_can_undo (game));
  g_assert_cmpint (watched->seen[1], ==, ksm_game_can_redo (game));
  g_assert_cmpint (watched->seen[2], ==, ksm_game_get_throws_again (game));
  g_assert_cmpint (watched->seen[2], ==, expected_throws_again (game));
  g_assert_cmpint (watched->seen[3], ==, ksm_game_can_throw (game));
  g_assert_cmpint (watched->seen[3], ==, expected_person_in (game, KSM_PHASE_THROW));
  g_assert_cmpint (watched->seen[4], ==, ksm_game_can_move (game));
  g_assert_cmpint (watched->seen[4], ==, expected_can_move (game));
}

/* by "changed", every property that changed has been notified */
static void
watched_changed_cb (KsmGame *game, Watched *watched)
{
  watched->changes++;
  assert_watched (watched);
}

static void
watch (Watched *watched, KsmGame *game)
{
  memset (watched, 0, sizeof *watched);
  watched->game = game;
  for (guint i = 0; i < G_N_ELEMENTS (watched_names); i++)
    watched->seen[i] = property_value (game, watched_names[i]);
  g_signal_connect (game, "notify", G_CALLBACK (watched_notify_cb), watched);
  g_signal_connect (game, "changed", G_CALLBACK (watched_changed_cb), watched);
  assert_watched (watched);
}

/* Whole games against the computer, with undos and redos along the way and
 * after the end: the properties are right after every throw, move,
 * computer turn, undo and redo, and notified exactly when they change. */
static void
test_properties_follow (void)
{
  guint throws_again_notes = 0, undo_notes = 0, redo_notes = 0, overs = 0;
  guint throw_notes = 0, move_notes = 0;

  for (guint64 seed = 70; seed < 76; seed++)
    {
      g_autoptr(KsmGame) game = new_game (seed, 0);
      Watched watched;
      guint step = 0;

      watch (&watched, game);
      while (ksm_game_get_phase (game) != KSM_PHASE_OVER)
        {
          run_computer (game);
          assert_watched (&watched);
          if (ksm_game_get_phase (game) == KSM_PHASE_OVER)
            break;
          gboolean could_undo = ksm_game_can_undo (game);

          person_acts (game, step);
          assert_watched (&watched);
          if (!could_undo && ksm_game_can_undo (game))
            {
              /* the person's first move: taken back, nothing is left to undo */
              g_assert_true (ksm_game_undo (game));
              assert_watched (&watched);
              g_assert_false (ksm_game_can_undo (game));
              g_assert_true (ksm_game_redo (game));
              assert_watched (&watched);
            }
          step++;
          if (step % 17 == 0 && ksm_game_can_undo (game))
            {
              g_assert_true (ksm_game_undo (game));
              assert_watched (&watched);
              g_assert_true (ksm_game_can_redo (game));
              if (step % 34 == 0)
                {
                  /* a second undo, then both back */
                  if (ksm_game_undo (game))
                    {
                      assert_watched (&watched);
                      g_assert_true (ksm_game_redo (game));
                      assert_watched (&watched);
                    }
                  g_assert_true (ksm_game_redo (game));
                  assert_watched (&watched);
                }
              /* otherwise the next move drops the redo line */
            }
        }
      /* over: the last move can still be taken back, and put again */
      overs++;
      assert_watched (&watched);
      if (ksm_game_can_undo (game))
        {
          g_assert_true (ksm_game_undo (game));
          assert_watched (&watched);
          g_assert_true (ksm_game_redo (game));
          assert_watched (&watched);
          g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_OVER);
        }
      g_assert_cmpuint (watched.changes, >, 0);
      undo_notes += watched.notes[0];
      redo_notes += watched.notes[1];
      throws_again_notes += watched.notes[2];
      throw_notes += watched.notes[3];
      move_notes += watched.notes[4];
    }
  g_test_message ("%u games: %u can-undo, %u can-redo, %u throws-again, %u can-throw, "
                  "%u can-move notifications", overs, undo_notes, redo_notes, throws_again_notes,
                  throw_notes, move_notes);
  g_assert_cmpuint (undo_notes, >, 0);
  g_assert_cmpuint (redo_notes, >, 0);
  g_assert_cmpuint (throws_again_notes, >, 0);
  g_assert_cmpuint (throw_notes, >, 0);
  g_assert_cmpuint (move_notes, >, 0);
}

/* a game under review takes nothing back, whatever its record holds */
static void
test_properties_under_review (void)
{
  g_autoptr(KsmGame) game = new_game (77, 0);
  g_autoptr(KsmGame) review = NULL;
  Watched watched;

  for (guint i = 0; i < 30 && ksm_game_get_phase (game) != KSM_PHASE_OVER; i++)
    {
      run_computer (game);
      if (ksm_game_get_phase (game) != KSM_PHASE_OVER)
        person_acts (game, i);
    }
  g_assert_true (ksm_game_can_undo (game));
  review = ksm_game_new_for_review (ksm_game_get_record (game), NULL);
  g_assert_nonnull (review);
  watch (&watched, review);
  g_assert_false (ksm_game_can_undo (review));
  for (guint n = ksm_game_get_n_events (review); n-- > 0; )
    {
      g_assert_true (ksm_game_seek (review, n));
      assert_watched (&watched);
      g_assert_false (ksm_game_can_undo (review));
      g_assert_false (ksm_game_can_redo (review));
    }
  g_assert_true (ksm_game_seek (review, G_MAXUINT));
  assert_watched (&watched);
}

/* how long the computer's waiting step has yet to wait, in seconds */
static double
computer_wait_left (KsmGame *game)
{
  GSource *source = g_main_context_find_source_by_user_data (NULL, game);

  g_assert_nonnull (source);
  return (double) (g_source_get_ready_time (source) - g_get_monotonic_time ()) / G_USEC_PER_SEC;
}

static gboolean
computer_threw (gpointer data)
{
  KsmGame *game = data;
  KsmRecord *record = ksm_game_get_record (game);
  guint n_events = ksm_record_get_n_events (record);

  return ksm_game_is_person_to_act (game)
         || (n_events > 0 && ksm_record_get_event (record, n_events - 1)->kind != KSM_EVENT_MOVE);
}

/* A throw stays for the throw pause before a computer acts on it, a lost
 * one of the person's too; after a move the computer waits its delay.
 * Read from the time the waiting step is due (a pause of a minute against
 * no delay), not by waiting. Each game ends at its first pause. */
static void
test_throw_pause (void)
{
  gboolean held_move = FALSE, held_loss = FALSE;

  for (guint64 seed = 1; seed < 200 && !(held_move && held_loss); seed++)
    {
      g_autoptr(KsmGame) game = new_game (seed, 0);
      KsmRecord *record = ksm_game_get_record (game);
      const KsmEvent *last;

      ksm_game_set_throw_pause (game, 60000);
      g_assert_cmpuint (ksm_game_get_throw_pause (game), ==, 60000);
      /* the person's first turn, until it passes (or the computer's first
       * throw, if it starts) */
      while (ksm_game_is_person_to_act (game))
        person_acts (game, 0);
      if (ksm_record_get_n_events (record) == 0)
        {
          wait_for (computer_threw, game, "the computer's first throw");
          if (!ksm_game_is_person_to_act (game))
            {
              g_assert_cmpfloat (computer_wait_left (game), >, 30);
              held_move = TRUE;
            }
          continue;
        }
      last = ksm_record_get_event (record, ksm_record_get_n_events (record) - 1);
      if (last->kind == KSM_EVENT_LOST)
        {
          /* the person's lost throw stays before the computer throws */
          g_assert_cmpfloat (computer_wait_left (game), >, 30);
          held_loss = TRUE;
          continue;
        }
      g_assert_cmpint (last->kind, ==, KSM_EVENT_MOVE);
      g_assert_cmpfloat (computer_wait_left (game), <, 30);
      wait_for (computer_threw, game, "the computer's throw");
      if (ksm_game_is_person_to_act (game))
        continue;
      /* its throw (to move, lost or to throw again) stays before what follows */
      g_assert_cmpfloat (computer_wait_left (game), >, 30);
      held_move = TRUE;
    }
  g_assert_true (held_move);
  g_assert_true (held_loss);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/undo/undo-redo", test_undo_redo);
  g_test_add_func ("/model/undo/twice", test_undo_twice);
  g_test_add_func ("/model/undo/new-move-drops-redo", test_new_move_drops_redo);
  g_test_add_func ("/model/undo/does-not-rewind-throws", test_undo_does_not_rewind_throws);
  g_test_add_func ("/model/undo/while-thinking", test_undo_while_thinking);
  g_test_add_func ("/model/undo/while-waiting", test_undo_while_waiting);
  g_test_add_func ("/model/undo/unref-while-thinking", test_unref_while_thinking);
  g_test_add_func ("/model/undo/unref-while-waiting", test_unref_while_waiting);
  g_test_add_func ("/model/undo/throw-pause", test_throw_pause);
  g_test_add_func ("/model/undo/new-game-while-thinking", test_new_game_while_thinking);
  g_test_add_func ("/model/undo/computers-alone", test_computers_alone);
  g_test_add_func ("/model/undo/properties-follow", test_properties_follow);
  g_test_add_func ("/model/undo/properties-under-review", test_properties_under_review);

  return g_test_run ();
}

/* model-test-util.h: helpers shared by the model tests (tests/model only).
 *
 * Everything here is static, so each test binary gets its own copy and no
 * library is needed.
 */
#pragma once

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ksm-game.h"
#include "ksm-player.h"
#include "ksm-random.h"
#include "ksm-record.h"
#include "ksm-rules.h"
#include "ksm-store.h"
#include "tests/remove-tree.h"
#include "tests/test-wait.h"

/* Kasimala faces (ksm-kasimala.c: face = value - 1) */
enum { FACE_KASI, FACE_DWADI, FACE_SUDI, FACE_CHYA, FACE_NGHA };

static inline const KsmRules *
kasimala_rules (void)
{
  const KsmRules *rules = ksm_rules_get (KSM_GAME_KASIMALA);
  g_assert_nonnull (rules);
  return rules;
}

static inline KsmOptions
kasimala_options (void)
{
  KsmOptions options;
  kasimala_rules ()->default_options (&options);
  return options;
}

static const KsmSeat PERSONS[KSM_MAX_PLAYERS] = {
  { KSM_SEAT_PERSON, KSM_LEVEL_RANDOM },
  { KSM_SEAT_PERSON, KSM_LEVEL_RANDOM },
};

static const KsmSeat PERSON_COMPUTER[KSM_MAX_PLAYERS] = {
  { KSM_SEAT_PERSON, KSM_LEVEL_RANDOM },
  { KSM_SEAT_COMPUTER, KSM_LEVEL_RANDOM },
};

static const KsmSeat COMPUTERS[KSM_MAX_PLAYERS] = {
  { KSM_SEAT_COMPUTER, KSM_LEVEL_RANDOM },
  { KSM_SEAT_COMPUTER, KSM_LEVEL_RANDOM },
};

/* a position in notation: it holds every field of the position */
static inline char *
position_text (const KsmPosition *pos)
{
  char buf[KSM_NOTATION_MAX];
  int n = ksm_rules_for (pos)->format_position (pos, buf, sizeof buf);
  g_assert_cmpint (n, >, 0);
  return g_strdup (buf);
}

static inline char *
game_position_text (KsmGame *game)
{
  return position_text (ksm_game_get_position (game));
}

/* the record replayed from the start, in notation */
static inline char *
record_position_text (KsmRecord *record)
{
  g_autoptr(GError) error = NULL;
  KsmPosition pos;

  g_assert_true (ksm_record_replay (record, ksm_record_get_n_events (record), &pos, &error));
  g_assert_no_error (error);
  return position_text (&pos);
}

static inline void
assert_events_equal (const KsmEvent *a, const KsmEvent *b, guint index)
{
  if (a->kind != b->kind || a->player != b->player)
    g_error ("event %u: kind %d player %u against kind %d player %u",
             index + 1, a->kind, a->player, b->kind, b->player);
  switch (a->kind)
    {
    case KSM_EVENT_THROW:
      g_assert_cmpuint (a->face, ==, b->face);
      g_assert_cmpuint (a->pattern, ==, b->pattern);
      break;
    case KSM_EVENT_LOST:
      g_assert_cmpuint (a->face, ==, b->face);
      break;
    case KSM_EVENT_MOVE:
      g_assert_cmpint (a->move.kind, ==, b->move.kind);
      g_assert_cmpint (a->move.from, ==, b->move.from);
      g_assert_cmpint (a->move.to, ==, b->move.to);
      g_assert_cmpint (a->move.distance, ==, b->move.distance);
      g_assert_cmpint (a->move.slot, ==, b->move.slot);
      g_assert_cmpint (a->move.captured, ==, b->move.captured);
      break;
    default:
      g_assert_not_reached ();
    }
}

static inline void
assert_options_equal (const KsmOptions *a, const KsmOptions *b)
{
  g_assert_cmpuint (a->game, ==, b->game);
  g_assert_cmpuint (a->length, ==, b->length);
  g_assert_cmpuint (a->n_players, ==, b->n_players);
  g_assert_cmpuint (a->first_player, ==, b->first_player);
  g_assert_cmpuint (a->throw_limit, ==, b->throw_limit);
  g_assert_cmpuint (a->flags, ==, b->flags);
}

static inline void
assert_dates_equal (GDateTime *a, GDateTime *b)
{
  if (a == NULL || b == NULL)
    {
      g_assert_true (a == b);
      return;
    }
  g_assert_true (g_date_time_equal (a, b));
}

/* Everything a record holds. `dates`: compare started and ended too. */
static inline void
assert_records_equal (KsmRecord *a, KsmRecord *b, gboolean dates)
{
  const KsmRules *rules = ksm_record_get_rules (a);

  g_assert_true (rules == ksm_record_get_rules (b));
  assert_options_equal (ksm_record_get_options (a), ksm_record_get_options (b));
  for (int p = 0; p < rules->n_players (ksm_record_get_options (a)); p++)
    {
      const KsmSeat *sa = ksm_record_get_seat (a, (guint) p);
      const KsmSeat *sb = ksm_record_get_seat (b, (guint) p);
      g_assert_cmpint (sa->kind, ==, sb->kind);
      if (sa->kind == KSM_SEAT_COMPUTER)
        g_assert_cmpint (sa->level, ==, sb->level);
    }
  g_assert_cmpuint (ksm_record_get_seed (a), ==, ksm_record_get_seed (b));
  g_assert_cmpstr (ksm_record_get_generator (a), ==, ksm_record_get_generator (b));
  g_assert_cmpstr (ksm_record_get_computer_generator (a), ==,
                   ksm_record_get_computer_generator (b));
  if (dates)
    {
      assert_dates_equal (ksm_record_get_started (a), ksm_record_get_started (b));
      assert_dates_equal (ksm_record_get_ended (a), ksm_record_get_ended (b));
    }
  g_assert_cmpuint (ksm_record_get_n_events (a), ==, ksm_record_get_n_events (b));
  for (guint i = 0; i < ksm_record_get_n_events (a); i++)
    assert_events_equal (ksm_record_get_event (a, i), ksm_record_get_event (b, i), i);
}

/* ---- the main loop: tests/test-wait.h ---- */

static gboolean
person_or_over (gpointer data)
{
  KsmGame *game = data;
  return ksm_game_get_phase (game) == KSM_PHASE_OVER || ksm_game_is_person_to_act (game);
}

/* lets the computer seats play until a person is to act or the game is over */
static inline void
run_computer (KsmGame *game)
{
  wait_for (person_or_over, game, "the computer's turn");
}

/* One action of a person: a throw, or legal move number `choice` (modulo
 * the number of moves). */
static inline void
person_acts (KsmGame *game, guint choice)
{
  g_assert_true (ksm_game_is_person_to_act (game));
  if (ksm_game_get_phase (game) == KSM_PHASE_THROW)
    g_assert_true (ksm_game_throw (game));
  else
    {
      guint n_moves;
      const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
      g_assert_cmpuint (n_moves, >, 0);
      g_assert_cmpint (moves[0].kind, !=, KSM_MOVE_LOSE);
      g_assert_true (ksm_game_play (game, &moves[choice % n_moves]));
    }
}

/* ---- records built with the engine alone, as kasimala-cli selfplay does ---- */

/* Plays random players from the start for at most `max_events` events (or
 * to the end), appending each event as the model records it. */
static inline void
engine_play (KsmRecord *record, KsmRandom *rng, guint max_events, KsmPosition *end)
{
  const KsmRules *rules = ksm_record_get_rules (record);
  KsmPosition pos;
  KsmMove moves[KSM_MAX_MOVES];

  rules->init (&pos, ksm_record_get_options (record));
  for (guint i = 0; i < max_events && pos.phase != KSM_PHASE_OVER; i++)
    {
      KsmEvent event = { .player = pos.to_move };
      if (pos.phase == KSM_PHASE_THROW)
        {
          event.kind = KSM_EVENT_THROW;
          event.face = (guint8) ksm_throw_sample (&rules->throws, rng, &event.pattern);
          rules->apply_throw (&pos, event.face);
        }
      else
        {
          int n = rules->legal_moves (&pos, moves);
          int chosen = ksm_player_choose (KSM_LEVEL_RANDOM, &pos, moves, n, rng);
          if (moves[chosen].kind == KSM_MOVE_LOSE)
            {
              event.kind = KSM_EVENT_LOST;
              event.face = pos.face;
            }
          else
            {
              event.kind = KSM_EVENT_MOVE;
              event.move = moves[chosen];
            }
          rules->apply_move (&pos, &moves[chosen], NULL);
        }
      ksm_record_append (record, &event);
    }
  if (end != NULL)
    *end = pos;
}

/* the index of the first event of `kind` at or after `from`, or -1 */
static inline int
find_event (KsmRecord *record, KsmEventKind kind, guint from)
{
  for (guint i = from; i < ksm_record_get_n_events (record); i++)
    if (ksm_record_get_event (record, i)->kind == kind)
      return (int) i;
  return -1;
}

static inline char *
make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("ksm-model-test-XXXXXX", &error);
  g_assert_no_error (error);
  return dir;
}

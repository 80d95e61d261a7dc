/* test-lost-throw.c: a lost throw says why, from the rules, in the app
 * under Xvfb: the history row of the loss and the throw view's note give
 * the reason in the game's own words ("a kasi is needed to start a
 * piece"), both in a game played through the window until a throw is lost
 * and in games resumed just after a loss for each of the reasons,
 * whose rows the history builds again from the record. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ksm-application.h"
#include "ksm-game-settings.h"
#include "ksm-game-view.h"
#include "ksm-history-view.h"
#include "ksm-random.h"
#include "ksm-record.h"
#include "ksm-window.h"
#include "ksm-words.h"

#include "app-test-util.h"

/* A loss to look for: a game, the reason, whose turn (or -1 for anyone's),
 * and the words the app must give for it */
typedef struct {
  const char   *rules_id;
  KsmLostReason reason;
  int           player;
  const char   *words;
} Loss;

static const Loss losses[] = {
  { "kasimala", KSM_LOST_NEEDS_ENTRY, -1, "a kasi is needed to start a piece" },
  /* the bricks' move, the stones hold the laiga */
  { "kasimala", KSM_LOST_BLOCKED, 0, "every move lands on a laiga the stones hold" },
  { "kasimala", KSM_LOST_BLOCKED, 1, "every move lands on a laiga the bricks hold" },
  { "ashte-kashte", KSM_LOST_OVERSHOOT, -1, "only an exact count reaches the centre" },
  { "asi-keliya", KSM_LOST_NO_PASSING, -1, "passing the other team needs a So-hatara" },
  { "asi-keliya", KSM_LOST_NEEDS_ENTRY, -1, "a 1 or a 5 is needed to enter a piece" },
  { "asi-keliya", KSM_LOST_NO_COUNT, -1, "the throw counts nothing" },
};

/* the words a loss for `reason` must give in `rules_id`, from the table */
static const char *
words_for (const char *rules_id, KsmLostReason reason, int player)
{
  for (gsize i = 0; i < G_N_ELEMENTS (losses); i++)
    if (strcmp (losses[i].rules_id, rules_id) == 0 && losses[i].reason == reason
        && (losses[i].player < 0 || losses[i].player == player))
      return losses[i].words;
  return NULL;
}

/* A game of persons played at random from `seed` up to a throw lost, just
 * after the throw, for `loss`'s reason alone in `loss`'s player's turn; the
 * loss is the record's last event. NULL when the game ends first. */
static KsmRecord *
record_to_loss (const Loss *loss, guint64 seed)
{
  const KsmRules *rules = ksm_rules_lookup (loss->rules_id);
  const KsmSeat seats[KSM_MAX_PLAYERS] = { { KSM_SEAT_PERSON, 0 }, { KSM_SEAT_PERSON, 0 },
                                           { KSM_SEAT_PERSON, 0 }, { KSM_SEAT_PERSON, 0 } };
  g_autoptr(KsmRecord) record = NULL;
  KsmOptions options;
  KsmPosition pos;
  KsmMove moves[KSM_MAX_MOVES];
  KsmRandom rng;
  gboolean after_throw = FALSE;

  rules->default_options (&options);
  record = ksm_record_new (&options, seats, seed);
  ksm_random_seed (&rng, seed);
  rules->init (&pos, &options);
  while (pos.phase != KSM_PHASE_OVER)
    {
      KsmEvent event = { .player = pos.to_move };
      if (pos.phase == KSM_PHASE_THROW)
        {
          event.kind = KSM_EVENT_THROW;
          event.face = (guint8) ksm_throw_sample (&rules->throws, &rng, &event.pattern);
          rules->apply_throw (&pos, event.face);
          after_throw = TRUE;
        }
      else
        {
          int n = rules->legal_moves (&pos, moves);
          int chosen = (int) ksm_random_below (&rng, (guint32) n);
          gboolean wanted = after_throw && ksm_rules_lost_reason (rules, &pos) == loss->reason
                            && (loss->player < 0 || loss->player == pos.to_move);
          event.kind = moves[chosen].kind == KSM_MOVE_LOSE ? KSM_EVENT_LOST : KSM_EVENT_MOVE;
          event.face = pos.face;
          event.move = moves[chosen];
          rules->apply_move (&pos, &moves[chosen], NULL);
          ksm_record_append (record, &event);
          if (wanted)
            return g_steal_pointer (&record);
          after_throw = FALSE;
          continue;
        }
      ksm_record_append (record, &event);
    }
  return NULL;
}

static KsmHistoryView *
history_of (Fixture *fixture)
{
  return KSM_HISTORY_VIEW (ksm_game_view_get_history (ksm_window_get_game_view (fixture->window)));
}

/* The last history row and the throw view's note say why the game's last
 * event, a loss, lost its throw: `words` */
static void
assert_says_why (Fixture *fixture, const char *words)
{
  KsmGameView *view = ksm_window_get_game_view (fixture->window);
  KsmGame *game = ksm_window_get_game (fixture->window);
  KsmRecord *record = ksm_game_get_record (game);
  const KsmRules *rules = ksm_game_get_rules (game);
  guint n_events = ksm_record_get_n_events (record);
  const KsmEvent *lost = ksm_record_get_event (record, n_events - 1);
  KsmHistoryView *history = history_of (fixture);
  guint n_rows = ksm_history_view_get_n_rows (history);
  const char *row;
  g_autofree char *in_row = g_strdup_printf (", lost: %s", words);
  g_autofree char *note = NULL;

  g_assert_cmpint (lost->kind, ==, KSM_EVENT_LOST);
  g_assert_cmpuint (n_rows, >, 0);
  row = ksm_history_view_get_row_text (history, n_rows - 1);
  g_test_message ("%s", row);
  g_assert_nonnull (strstr (row, in_row));
  /* the row names the side whose throw it was */
  g_assert_true (g_str_has_prefix (row, rules->player_name (ksm_game_get_options (game), lost->player)));

  /* the throw view names the throw where it has a name of its own */
  if (strcmp (rules->throws.object_name, "cowrie") == 0)
    note = g_strdup_printf ("This throw is lost: %s", words);
  else
    note = g_strdup_printf ("The %s is lost: %s", rules->throws.faces[lost->face].name, words);
  g_test_message ("%s", note);
  /* the note's first line: a throw that earns another adds "Throw again" */
  g_assert_nonnull (find_widget (ksm_game_view_get_throw_view (view), match_label_starting, note));
}

/* A game resumed just after each loss of the table: the history, built
 * from the record, and the throw view say why */
static void
test_resumed (Fixture *fixture, gconstpointer data)
{
  const Loss *loss = data;
  g_autoptr(KsmRecord) record = NULL;
  g_autoptr(GFile) autosave = NULL;
  g_autoptr(GError) error = NULL;

  for (guint64 seed = 1; seed < 2000 && record == NULL; seed++)
    record = record_to_loss (loss, seed);
  g_assert_nonnull (record);
  autosave = g_file_new_build_filename (fixture->data_dir, "autosave.json", NULL);
  g_mkdir_with_parents (fixture->data_dir, 0700);
  g_assert_true (ksm_record_save_to_file (record, autosave, &error));
  g_assert_no_error (error);
  activate (fixture, "win.resume", NULL);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  assert_says_why (fixture, loss->words);
}

/* A game of persons started from the window and played (throws by the
 * window's action, as Space does) until a throw is lost: its row and the
 * throw view say why, in the words of the table */
static void
test_played (Fixture *fixture, gconstpointer data)
{
  const char *rules_id = data;
  const KsmRules *rules = ksm_rules_lookup (rules_id);
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kasimala.Kasimala");
  g_autoptr(GSettings) game_settings = ksm_game_settings_new (rules);
  const char *seats[KSM_MAX_PLAYERS + 1] = { NULL };
  KsmGame *game;
  int min, max;

  /* a person in every seat, so nothing plays on past a loss */
  ksm_rules_player_range (rules, &min, &max);
  for (int p = 0; p < min; p++)
    seats[p] = "person";
  g_settings_set_strv (game_settings, "seats", seats);
  g_settings_set_int (settings, "computer-delay", 0);
  /* a game's throws are its own (the window seeds it): a game may end
   * before any throw is lost for a reason of the table, and then the next
   * game is played */
  for (int attempt = 0; attempt < 50; attempt++)
    {
      activate (fixture, "win.choose-game", g_variant_new_string (rules_id));
      activate (fixture, "win.start-game", NULL);
      g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
      game = ksm_window_get_game (fixture->window);
      for (int p = 0; p < min; p++)
        g_assert_cmpint (ksm_game_get_seat (game, (guint) p)->kind, ==, KSM_SEAT_PERSON);

      for (int step = 0; step < 4000 && ksm_game_get_phase (game) != KSM_PHASE_OVER; step++)
        {
          KsmRecord *record = ksm_game_get_record (game);
          guint n_events = ksm_record_get_n_events (record);

          if (n_events >= 2 && ksm_record_get_event (record, n_events - 1)->kind == KSM_EVENT_LOST
              && ksm_record_get_event (record, n_events - 2)->kind == KSM_EVENT_THROW)
            {
              KsmPosition before;
              const char *words;
              g_assert_true (ksm_record_replay (record, n_events - 1, &before, NULL));
              words = words_for (rules_id, ksm_rules_lost_reason (rules, &before), before.to_move);
              if (words != NULL)
                {
                  assert_says_why (fixture, words);
                  return;
                }
            }
          if (ksm_game_get_phase (game) == KSM_PHASE_THROW)
            activate (fixture, "win.throw", NULL);
          else
            {
              guint n_moves;
              const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
              g_assert_true (ksm_game_play (game, &moves[0]));
              iterate (2);
            }
        }
    }
  g_assert_not_reached ();
}

/* A turn of several throws (Asi Keliya) that plays some and loses the rest:
 * the loss's row names the throws that were left, not the last one thrown,
 * which the turn may already have played. Random games of persons; the
 * rows are built from the record, as the history and the strip build them. */
static void
test_row_names_what_was_left (void)
{
  const KsmRules *rules = ksm_rules_lookup ("asi-keliya");
  const KsmSeat seats[KSM_MAX_PLAYERS] = { { KSM_SEAT_PERSON, 0 }, { KSM_SEAT_PERSON, 0 },
                                           { KSM_SEAT_PERSON, 0 }, { KSM_SEAT_PERSON, 0 } };
  guint checked = 0, last_thrown_was_played = 0;

  for (guint64 seed = 1; seed <= 40; seed++)
    {
      g_autoptr(KsmRecord) record = NULL;
      KsmOptions options;
      KsmPosition pos;
      KsmMove moves[KSM_MAX_MOVES];
      KsmRandom rng;

      rules->default_options (&options);
      record = ksm_record_new (&options, seats, seed);
      ksm_random_seed (&rng, seed);
      rules->init (&pos, &options);
      while (pos.phase != KSM_PHASE_OVER && ksm_record_get_n_events (record) < 3000)
        {
          KsmEvent event = { .player = pos.to_move, .face = pos.face };
          if (pos.phase == KSM_PHASE_THROW)
            {
              event.kind = KSM_EVENT_THROW;
              event.face = (guint8) ksm_throw_sample (&rules->throws, &rng, &event.pattern);
              rules->apply_throw (&pos, event.face);
            }
          else
            {
              int n = rules->legal_moves (&pos, moves);
              event.move = moves[ksm_random_below (&rng, (guint32) n)];
              event.kind = event.move.kind == KSM_MOVE_LOSE ? KSM_EVENT_LOST : KSM_EVENT_MOVE;
              rules->apply_move (&pos, &event.move, NULL);
            }
          ksm_record_append (record, &event);
        }

      for (guint i = 1; i < ksm_record_get_n_events (record); i++)
        {
          const KsmEvent *event = ksm_record_get_event (record, i);
          uint8_t left[KSM_MAX_PENDING];
          bool split = false;
          int pool = 0, n_left;
          KsmPosition before;
          g_autofree char *text = NULL;
          gboolean named = FALSE;

          /* a loss after a move: what the turn held that nothing could use */
          if (event->kind != KSM_EVENT_LOST || ksm_record_get_event (record, i - 1)->kind != KSM_EVENT_MOVE)
            continue;
          g_assert_true (ksm_record_replay (record, i, &before, NULL));
          n_left = ksm_rules_held_throws (rules, &before, left, &split, &pool);
          g_assert_cmpint (n_left, >, 0);
          ksm_history_view_describe_row (record, NULL, i, &before, &text);
          if (split)
            {
              g_autofree char *units = g_strdup_printf ("%d unit", pool);
              g_assert_nonnull (strstr (text, units));
            }
          else
            for (int k = 0; k < n_left; k++)
              {
                /* the name may be a link to the glossary */
                const char *name = ksm_words_face_name (rules, left[k]);
                int value = rules->throws.faces[left[k]].value;
                g_autofree char *plain = g_strdup_printf ("%s (%d)", name, value);
                g_autofree char *linked = g_strdup_printf ("%s</a> (%d)", name, value);
                g_assert_true (strstr (text, plain) != NULL || strstr (text, linked) != NULL);
              }
          for (int k = 0; k < n_left; k++)
            named |= left[k] == event->face;
          last_thrown_was_played += !named && !split;
          checked++;
        }
    }
  /* the case the row got wrong: the turn's last throw played, others lost */
  g_assert_cmpuint (checked, >, 0);
  g_assert_cmpuint (last_thrown_was_played, >, 0);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-lost-XXXXXX", NULL);
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/lost-throw/row-names-what-was-left", test_row_names_what_was_left);
  g_test_add ("/lost-throw/played/kasimala", Fixture, "kasimala", fixture_set_up, test_played, fixture_tear_down);
  g_test_add ("/lost-throw/played/asi-keliya", Fixture, "asi-keliya", fixture_set_up, test_played, fixture_tear_down);
  for (gsize i = 0; i < G_N_ELEMENTS (losses); i++)
    {
      char *path = g_strdup_printf ("/lost-throw/resumed/%s/%zu", losses[i].rules_id, i);
      g_ptr_array_add (paths, path);
      g_test_add (path, Fixture, &losses[i], fixture_set_up, test_resumed, fixture_tear_down);
    }

  status = g_test_run ();
  remove_tree (data_home);
  return status;
}

/* test-tutor.c: the tutor in the app. A person about to play a move that
 * gives up the analysis's "?" of their chance of winning is asked first:
 * the move waits, a dialog offers Play Anyway, Take It Back and Show Me;
 * Take It Back leaves the game exactly as before the click, Play Anyway
 * plays it, Show Me shows the better move and plays nothing. With the
 * tutor off the same move plays at once. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "ksm-analysis.h"
#include "ksm-board.h"
#include "ksm-board-scene.h"
#include "ksm-game-view.h"
#include "ksm-random.h"
#include "ksm-record.h"
#include "ksm-words.h"

#include "app-test-util.h"

/* A position of a two-person Kasimala game of random moves where a move
 * the board plays from its own cell gives up at least the "?" threshold */
typedef struct {
  KsmRecord *record;
  KsmMove    worst;    /* the costly move */
  KsmMove    best;     /* the judge's best */
} Blunder;

static Blunder blunder;

/* the only legal move from its cell, so a click on the cell plays it */
static gboolean
alone_on_cell (const KsmMove *moves, int n_moves, int index)
{
  for (int m = 0; m < n_moves; m++)
    if (m != index && moves[m].kind != KSM_MOVE_LOSE && moves[m].from == moves[index].from
        && (moves[m].from >= 0 || moves[m].kind == moves[index].kind))
      return FALSE;
  return TRUE;
}

/* the costly move of this decision, if it has one; it and the best are
 * each the only move from their cell, so a click or the focus on the cell
 * means that move */
static gboolean
find_costly (const KsmPosition *pos, const KsmMove *moves, int n_moves)
{
  KsmHint hints[KSM_MAX_MOVES];
  int n = ksm_analysis_rank (NULL, pos, moves, n_moves, hints);

  for (int h = n - 1; h > 0; h--)
    if (ksm_mark_for_loss (hints[0].win_chance - hints[h].win_chance) >= KSM_MARK_BAD
        && alone_on_cell (moves, n_moves, hints[h].move) && moves[hints[h].move].from >= 0
        && alone_on_cell (moves, n_moves, hints[0].move))
      {
        blunder.worst = moves[hints[h].move];
        blunder.best = moves[hints[0].move];
        return TRUE;
      }
  return FALSE;
}

/* Plays seeded games of random moves until a decision has a costly move;
 * the record stops with that decision to make */
static void
build_blunder (void)
{
  const KsmRules *rules = ksm_rules_get (KSM_GAME_KASIMALA);
  const KsmSeat seats[2] = { { KSM_SEAT_PERSON, 0 }, { KSM_SEAT_PERSON, 0 } };
  KsmOptions options;

  rules->default_options (&options);
  for (guint64 seed = 1; seed < 100; seed++)
    {
      g_autoptr(KsmRecord) record = ksm_record_new (&options, seats, seed);
      KsmPosition pos;
      KsmRandom rng;

      ksm_random_seed (&rng, seed);
      rules->init (&pos, &options);
      for (guint i = 0; i < 600 && pos.phase != KSM_PHASE_OVER; i++)
        {
          KsmEvent event = { .player = pos.to_move };
          KsmMove moves[KSM_MAX_MOVES];
          int n, chosen;

          if (pos.phase == KSM_PHASE_THROW)
            {
              event.kind = KSM_EVENT_THROW;
              event.face = (guint8) ksm_throw_sample (&rules->throws, &rng, &event.pattern);
              rules->apply_throw (&pos, event.face);
              ksm_record_append (record, &event);
              continue;
            }
          n = rules->legal_moves (&pos, moves);
          /* a few moves in, so the game has shape */
          if (i > 20 && n > 1 && find_costly (&pos, moves, n))
            {
              blunder.record = g_steal_pointer (&record);
              return;
            }
          chosen = (int) ksm_random_below (&rng, (guint32) n);
          event.kind = moves[chosen].kind == KSM_MOVE_LOSE ? KSM_EVENT_LOST : KSM_EVENT_MOVE;
          event.face = pos.face;
          event.move = moves[chosen];
          rules->apply_move (&pos, &moves[chosen], NULL);
          ksm_record_append (record, &event);
        }
    }
  g_error ("no seeded game has a costly move");
}

static KsmBoard *
board_of (Fixture *fixture)
{
  return KSM_BOARD (ksm_game_view_get_board (ksm_window_get_game_view (fixture->window)));
}

/* The blunder's game resumed in the window, the tutor as `tutor` says */
static KsmGame *
resume_blunder (Fixture *fixture, gboolean tutor)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kasimala.Kasimala");
  g_autofree char *path = g_build_filename (fixture->data_dir, "blunder.kasimala", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) folder = g_file_get_parent (file);
  g_autoptr(GError) error = NULL;
  KsmGame *game;

  g_settings_set_boolean (settings, "tutor", tutor);
  g_settings_set_int (settings, "computer-delay", 0);
  g_assert_true (g_file_make_directory_with_parents (folder, NULL, &error)
                 || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_EXISTS));
  g_clear_error (&error);
  g_assert_true (ksm_record_save_to_file (blunder.record, file, &error));
  g_assert_no_error (error);
  activate (fixture, "win.resume-game", g_variant_new_string (path));
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  game = ksm_window_get_game (fixture->window);
  g_assert_nonnull (game);
  g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_MOVE);
  g_assert_true (ksm_game_can_move (game));
  g_assert_cmpuint (ksm_game_get_n_events (game), ==, ksm_record_get_n_events (blunder.record));
  ksm_board_finish_animation (board_of (fixture));
  iterate (2);
  return game;
}

/* what must not change while a move is questioned or taken back */
typedef struct {
  char  notation[KSM_NOTATION_MAX];
  guint n_events;
  guint player;
  KsmPosition position;
} Snapshot;

static void
snapshot_take (KsmGame *game, Snapshot *snapshot)
{
  memset (snapshot, 0, sizeof *snapshot);
  ksm_game_get_rules (game)->format_position (ksm_game_get_position (game), snapshot->notation,
                                              sizeof snapshot->notation);
  snapshot->n_events = ksm_game_get_n_events (game);
  snapshot->player = ksm_game_get_player (game);
  snapshot->position = *ksm_game_get_position (game);
}

static void
assert_unchanged (KsmGame *game, const Snapshot *before)
{
  Snapshot now;

  snapshot_take (game, &now);
  g_assert_cmpstr (now.notation, ==, before->notation);
  g_assert_cmpuint (now.n_events, ==, before->n_events);
  g_assert_cmpuint (now.player, ==, before->player);
  g_assert_true (memcmp (&now.position, &before->position, sizeof now.position) == 0);
  g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_MOVE);
  g_assert_true (ksm_game_can_move (game));
}

/* a click on the costly move's cell */
static void
click_worst (Fixture *fixture)
{
  GtkWidget *cell = ksm_board_get_move_cell (board_of (fixture), &blunder.worst);

  g_assert_nonnull (cell);
  g_assert_true (gtk_widget_activate (cell));
}

static gboolean
judged (gpointer data)
{
  return !ksm_game_is_judging (KSM_GAME (data));
}

/* Clicks the costly move with the tutor on: it is not played, and the
 * dialog asks, naming what it gives up and the better move */
static AdwMessageDialog *
click_and_get_asked (Fixture *fixture, KsmGame *game, const Snapshot *before)
{
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);
  g_autofree char *from = ksm_words_cell_name (rules, options, blunder.best.from);
  g_autofree char *to = ksm_words_cell_name (rules, options, blunder.best.to);
  g_autofree char *better = g_strdup_printf ("%s to %s keeps more", from, to);
  AdwMessageDialog *dialog = NULL;
  KsmQuestion question;

  click_worst (fixture);
  /* not played at once, nor while it is judged */
  assert_unchanged (game, before);
  wait_for (judged, game, "the tutor's judgement");
  assert_unchanged (game, before);

  g_assert_true (ksm_game_get_question (game, &question));
  g_assert_true (ksm_moves_equal (&question.move, &blunder.worst));
  g_assert_true (ksm_moves_equal (&question.better, &blunder.best));
  g_assert_cmpint (ksm_mark_for_loss (question.best - question.played), >=, KSM_MARK_BAD);

  wait_for (dialog_shown, &dialog, "the tutor's dialog");
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (fixture->window));
  g_assert_true (adw_message_dialog_has_response (dialog, "play-anyway"));
  g_assert_true (adw_message_dialog_has_response (dialog, "take-back"));
  g_assert_true (adw_message_dialog_has_response (dialog, "show-me"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "of your chance of winning"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), better));
  wait_for_frames (GTK_WIDGET (dialog));
  test_save_shot (GTK_WIDGET (fixture->window), "tutor-window");
  test_save_shot (GTK_WIDGET (dialog), "tutor");
  /* and another click meanwhile plays nothing */
  g_assert_false (ksm_game_play (game, &blunder.best));
  assert_unchanged (game, before);
  return dialog;
}

static gboolean
dialog_gone (gpointer data)
{
  return !dialog_shown (NULL);
}

/* the response button labelled `label` */
static TestMatch
match_button (GtkWidget *widget, gconstpointer label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0
         ? TEST_MATCH_YES : TEST_MATCH_NO;
}

/* answers as a person does: the button labelled `label` (NULL: the dialog
 * closed, as Escape does) */
static void
answer (AdwMessageDialog *dialog, const char *label)
{
  if (label != NULL)
    {
      GtkWidget *button = find_widget (GTK_WIDGET (dialog), match_button, label);
      g_assert_nonnull (button);
      g_assert_true (gtk_widget_activate (button));
    }
  else
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL));
  wait_for (dialog_gone, NULL, "the tutor's dialog to close");
  iterate (2);
}

static void
test_take_it_back (Fixture *fixture, gconstpointer data)
{
  KsmGame *game = resume_blunder (fixture, TRUE);
  AdwMessageDialog *dialog;
  Snapshot before;

  snapshot_take (game, &before);
  dialog = click_and_get_asked (fixture, game, &before);
  answer (dialog, "_Take It Back");
  assert_unchanged (game, &before);
  g_assert_false (ksm_game_get_question (game, NULL));

  /* the person chooses again: the same move is asked about again, and
   * closing the dialog (Escape) takes it back too */
  dialog = click_and_get_asked (fixture, game, &before);
  answer (dialog, NULL);
  assert_unchanged (game, &before);
  g_assert_false (ksm_game_get_question (game, NULL));
}

static void
test_play_anyway (Fixture *fixture, gconstpointer data)
{
  KsmGame *game = resume_blunder (fixture, TRUE);
  AdwMessageDialog *dialog;
  const KsmEvent *event;
  Snapshot before;

  snapshot_take (game, &before);
  dialog = click_and_get_asked (fixture, game, &before);
  answer (dialog, "_Play Anyway");
  g_assert_false (ksm_game_get_question (game, NULL));
  g_assert_cmpuint (ksm_game_get_n_events (game), >, before.n_events);
  event = ksm_record_get_event (ksm_game_get_record (game), before.n_events);
  g_assert_cmpint (event->kind, ==, KSM_EVENT_MOVE);
  g_assert_true (ksm_moves_equal (&event->move, &blunder.worst));
}

/* the board shows `move` as a hint does: its start pointed at, its landing a target */
static gboolean
board_shows (KsmBoard *board, const KsmMove *move)
{
  GtkWidget *start = ksm_board_get_move_cell (board, move);
  GtkWidget *cell;

  for (guint i = 0; (cell = ksm_board_get_cell (board, i)) != NULL; i++)
    {
      gboolean target = (int) i == move->to;
      gboolean pointed = start != NULL ? cell == start : target;

      if (gtk_widget_has_css_class (cell, "pointed") != pointed
          || gtk_widget_has_css_class (cell, "target") != target)
        return FALSE;
    }
  return TRUE;
}

static void
test_show_me (Fixture *fixture, gconstpointer data)
{
  KsmGame *game = resume_blunder (fixture, TRUE);
  KsmBoard *board = board_of (fixture);
  AdwMessageDialog *dialog;
  Snapshot before;

  snapshot_take (game, &before);
  dialog = click_and_get_asked (fixture, game, &before);
  answer (dialog, "_Show Me");
  wait_for_frames (GTK_WIDGET (fixture->window));
  assert_unchanged (game, &before);
  g_assert_false (ksm_game_get_question (game, NULL));
  g_assert_true (board_shows (board, &blunder.best));

  /* the better move, played, is not asked about and takes the showing away */
  g_assert_true (gtk_widget_activate (ksm_board_get_move_cell (board, &blunder.best)));
  wait_for (judged, game, "the tutor's judgement");
  g_assert_false (dialog_shown (NULL));
  g_assert_cmpuint (ksm_game_get_n_events (game), >, before.n_events);
  g_assert_true (ksm_moves_equal (&ksm_record_get_event (ksm_game_get_record (game), before.n_events)->move,
                                  &blunder.best));
}

static void
test_tutor_off (Fixture *fixture, gconstpointer data)
{
  KsmGame *game = resume_blunder (fixture, FALSE);
  guint n_events = ksm_game_get_n_events (game);
  const KsmEvent *event;

  click_worst (fixture);
  /* at once: no judgement, no question */
  g_assert_false (ksm_game_is_judging (game));
  g_assert_false (ksm_game_get_question (game, NULL));
  g_assert_cmpuint (ksm_game_get_n_events (game), >, n_events);
  event = ksm_record_get_event (ksm_game_get_record (game), n_events);
  g_assert_cmpint (event->kind, ==, KSM_EVENT_MOVE);
  g_assert_true (ksm_moves_equal (&event->move, &blunder.worst));
  iterate (3);
  g_assert_false (dialog_shown (NULL));
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-tutor-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  build_blunder ();
  g_test_add ("/tutor/take-it-back", Fixture, NULL, fixture_set_up, test_take_it_back, fixture_tear_down);
  g_test_add ("/tutor/play-anyway", Fixture, NULL, fixture_set_up, test_play_anyway, fixture_tear_down);
  g_test_add ("/tutor/show-me", Fixture, NULL, fixture_set_up, test_show_me, fixture_tear_down);
  g_test_add ("/tutor/off", Fixture, NULL, fixture_set_up, test_tutor_off, fixture_tear_down);

  status = g_test_run ();
  g_clear_object (&blunder.record);
  remove_tree (data_home);
  return status;
}

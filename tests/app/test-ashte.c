/* test-ashte.c: Ashte Kashte in the app, under Xvfb: the new-game page's
 * seats, the 7x7 board with its safe squares and goal, the cowries, the
 * blood rule's state, Falkener's yards, and a 4-seat game played through the
 * UI (the throw action and clicks on highlighted cells) to its end dialog. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ksm-application.h"
#include "ksm-board.h"
#include "ksm-cell.h"
#include "ksm-game-settings.h"
#include "ksm-game-view.h"
#include "ksm-history-view.h"
#include "ksm-player.h"
#include "ksm-window.h"

#include "app-test-util.h"

static KsmBoard *
board_of (Fixture *fixture)
{
  return KSM_BOARD (ksm_game_view_get_board (ksm_window_get_game_view (fixture->window)));
}

/* A new game of Ashte Kashte with these seats ("person" or a level) */
static KsmGame *
start_game (Fixture *fixture, int players, const char *const *seats, const char *const *rules_off)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kasimala.Kasimala");
  g_autoptr(GSettings) game_settings = ksm_game_settings_new (ksm_rules_lookup ("ashte-kashte"));
  const char *none[] = { NULL };

  g_settings_set_int (game_settings, "players", players);
  g_settings_set_strv (game_settings, "seats", seats);
  g_settings_set_strv (game_settings, "rules-off", rules_off != NULL ? rules_off : none);
  g_settings_set_int (game_settings, "first", 0);
  g_settings_set_int (settings, "computer-delay", 0);

  activate (fixture, "win.choose-game", g_variant_new_string ("ashte-kashte"));
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "new-game");
  activate (fixture, "win.start-game", NULL);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  return ksm_window_get_game (fixture->window);
}

static void
test_start_page_offers_it (Fixture *fixture, gconstpointer data)
{
  const char *seats[] = { "person", "medium", "medium", "medium", NULL };
  const char *grace_off[] = { "grace", NULL };
  KsmGame *game = start_game (fixture, 4, seats, grace_off);
  const KsmOptions *options = ksm_game_get_options (game);

  g_assert_cmpstr (ksm_game_get_rules (game)->id, ==, "ashte-kashte");
  g_assert_cmpint (options->n_players, ==, 4);
  g_assert_true (options->flags & KSM_OPT_ASHTE_BLOOD_RULE);
  g_assert_true (options->flags & KSM_OPT_ASHTE_CAPTURE_EXTRA);
  g_assert_false (options->flags & KSM_OPT_ASHTE_GRACE);
  g_assert_cmpint (ksm_game_get_seat (game, 0)->kind, ==, KSM_SEAT_PERSON);
  for (guint p = 1; p < 4; p++)
    {
      g_assert_cmpint (ksm_game_get_seat (game, p)->kind, ==, KSM_SEAT_COMPUTER);
      g_assert_cmpint (ksm_game_get_seat (game, p)->level, ==, KSM_LEVEL_MEDIUM);
    }
}

static void
test_board_and_cowries (Fixture *fixture, gconstpointer data)
{
  const char *seats[] = { "person", "person", "person", "person", NULL };
  const char *grace_off[] = { "grace", NULL };
  KsmBoard *board;
  GtkWidget *throw_view, *child;
  guint safe = 0, goals = 0, cowries = 0;

  start_game (fixture, 4, seats, grace_off);
  board = board_of (fixture);

  /* 49 cells, eight safe squares marked, the centre the goal; no yards */
  g_assert_cmpuint (ksm_board_get_n_board_cells (board), ==, 49);
  g_assert_null (ksm_board_get_cell (board, 49));
  for (guint i = 0; i < 49; i++)
    {
      GtkWidget *cell = ksm_board_get_cell (board, i);
      safe += gtk_widget_has_css_class (cell, "laiga");
      goals += gtk_widget_has_css_class (cell, "goal");
    }
  g_assert_cmpuint (safe, ==, 8);
  g_assert_cmpuint (goals, ==, 1);
  g_assert_true (gtk_widget_has_css_class (ksm_board_get_cell (board, 24), "goal"));
  /* each start square in its colour, its four tokens stacked there */
  g_assert_true (gtk_widget_has_css_class (ksm_board_get_cell (board, 3), "home-red"));
  g_assert_true (gtk_widget_has_css_class (ksm_board_get_cell (board, 27), "home-blue"));
  g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (ksm_board_get_cell (board, 3))), ==, 4);
  g_assert_nonnull (strstr (ksm_cell_get_label (KSM_CELL (ksm_board_get_cell (board, 3))), "safe square"));
  g_assert_nonnull (strstr (ksm_cell_get_label (KSM_CELL (ksm_board_get_cell (board, 24))), "goal"));

  /* four cowries, drawn as they fell after a throw */
  throw_view = ksm_game_view_get_throw_view (ksm_window_get_game_view (fixture->window));
  activate (fixture, "win.throw", NULL);
  for (child = gtk_widget_get_first_child (throw_view); child != NULL; child = gtk_widget_get_next_sibling (child))
    for (GtkWidget *c = gtk_widget_get_first_child (child); c != NULL; c = gtk_widget_get_next_sibling (c))
      if (gtk_widget_has_css_class (c, "cowrie"))
        {
          cowries++;
          g_assert_true (gtk_widget_has_css_class (c, "up") || gtk_widget_has_css_class (c, "down"));
        }
  g_assert_cmpuint (cowries, ==, 4);
}

static void
test_two_players_red_and_green (Fixture *fixture, gconstpointer data)
{
  const char *seats[] = { "person", "easy", "person", "person", NULL };
  const char *grace_off[] = { "grace", NULL };
  KsmGame *game = start_game (fixture, 2, seats, grace_off);
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);
  KsmGameView *view = ksm_window_get_game_view (fixture->window);
  KsmBoard *board = board_of (fixture);

  g_assert_cmpint (rules->n_players (options), ==, 2);
  g_assert_cmpstr (rules->player_name (options, 0), ==, "Red");
  g_assert_cmpstr (rules->player_name (options, 1), ==, "Green");
  g_assert_cmpint (ksm_game_get_seat (game, 1)->kind, ==, KSM_SEAT_COMPUTER);
  g_assert_cmpint (ksm_game_get_seat (game, 1)->level, ==, KSM_LEVEL_EASY);
  /* Green sits opposite Red: its tokens on d7, drawn green */
  g_assert_true (gtk_widget_has_css_class (ksm_board_get_cell (board, 45), "home-green"));
  g_assert_cmpint (ksm_cell_get_player (KSM_CELL (ksm_board_get_cell (board, 45))), ==, KSM_CELL_STYLE_GREEN);
  g_assert_cmpint (ksm_cell_get_player (KSM_CELL (ksm_board_get_cell (board, 3))), ==, KSM_CELL_STYLE_RED);
  g_assert_nonnull (ksm_game_view_get_seat_chip (view, 1));
  g_assert_null (ksm_game_view_get_seat_chip (view, 2));
  g_assert_nonnull (strstr (ksm_game_view_get_status (view), "Red"));
}

/* Falkener's grace: tokens wait in yards beside the board and enter with
 * a click on the yard. */
static void
test_grace_yards (Fixture *fixture, gconstpointer data)
{
  const char *seats[] = { "person", "person", "person", "person", NULL };
  KsmGame *game = start_game (fixture, 4, seats, NULL);   /* nothing off: grace on */
  KsmBoard *board = board_of (fixture);
  int tries;

  g_assert_true (ksm_game_get_options (game)->flags & KSM_OPT_ASHTE_GRACE);
  g_assert_cmpuint (ksm_board_get_n_board_cells (board), ==, 49);
  for (guint p = 0; p < 4; p++)
    {
      GtkWidget *yard = ksm_board_get_cell (board, 49 + p);
      g_assert_nonnull (yard);
      g_assert_true (gtk_widget_has_css_class (yard, "yard"));
      g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (yard)), ==, 4);
    }
  g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (ksm_board_get_cell (board, 3))), ==, 0);

  for (tries = 0; tries < 2000; tries++)
    {
      guint n_moves;
      const KsmMove *moves;

      ksm_board_finish_animation (board);
      if (ksm_game_get_phase (game) == KSM_PHASE_THROW)
        {
          activate (fixture, "win.throw", NULL);
          continue;
        }
      moves = ksm_game_get_moves (game, &n_moves);
      if (moves[0].kind == KSM_MOVE_START)
        {
          guint player = ksm_game_get_player (game);
          GtkWidget *yard = ksm_board_get_move_cell (board, &moves[0]);
          guint start = (guint) moves[0].to;

          g_assert_true (yard == ksm_board_get_cell (board, 49 + player));
          g_assert_true (ksm_cell_get_movable (KSM_CELL (yard)));
          g_assert_true (gtk_widget_activate (yard));
          iterate (2);
          ksm_board_finish_animation (board);
          iterate (2);
          g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (yard)), ==, 3);
          g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (ksm_board_get_cell (board, start))), >=, 1);
          return;
        }
      /* any other move: the first highlighted one */
      if (moves[0].kind == KSM_MOVE_LOSE)
        ksm_game_play (game, &moves[0]);
      else
        g_assert_true (gtk_widget_activate (ksm_board_get_move_cell (board, &moves[0])));
      iterate (1);
    }
  g_assert_not_reached ();
}

/* A move that keeps the game short: a capture while the colour has not
 * drawn blood (the blood rule keeps it out of the inner rings until then),
 * and afterwards any move that sends nobody back. Such games last some 300
 * throws; Easy, which always captures, plays thousands. */
static int
choose_quick (const KsmPosition *position, const KsmMove *moves, guint n_moves, KsmRandom *rng)
{
  gboolean blooded = position->u.ashte.blooded >> position->to_move & 1u;
  int candidates[KSM_MAX_MOVES];
  guint n = 0;

  for (guint i = 0; i < n_moves; i++)
    if (blooded ? moves[i].captured == 0 : moves[i].captured > 0)
      candidates[n++] = (int) i;
  if (n == 0)
    return (int) ksm_random_below (rng, n_moves);
  return candidates[ksm_random_below (rng, n)];
}

/* Four seats, every one a person driven through the UI: the throw action,
 * then a click on the highlighted cell of the move chosen, to the end
 * dialog. The blood label follows the captures. */
static void
test_four_seats_to_the_end (Fixture *fixture, gconstpointer data)
{
  const char *seats[] = { "person", "person", "person", "person", NULL };
  const char *grace_off[] = { "grace", NULL };
  g_autoptr(GSettings) settings = ksm_game_settings_new (ksm_rules_lookup ("ashte-kashte"));
  KsmGame *game = start_game (fixture, 4, seats, grace_off);
  KsmBoard *board = board_of (fixture);
  KsmGameView *view = ksm_window_get_game_view (fixture->window);
  GtkLabel *blood = ksm_game_view_get_blood_label (view);
  KsmRandom rng;
  AdwMessageDialog *dialog = NULL;
  KsmOutcome outcome;
  int before[KSM_MAX_PLAYERS], after[KSM_MAX_PLAYERS];
  guint8 blooded = 0;
  guint captures = 0, throws = 0, extra_turns_seen = 0;
  gint64 deadline = test_hang_deadline ();

  ksm_random_seed (&rng, 7);
  /* four seats: each seat's points are its colour's */
  ksm_game_settings_get_points (settings, ksm_game_get_rules (game), ksm_game_get_options (game), before);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (blood)));
  g_assert_nonnull (strstr (gtk_label_get_label (blood), "Nobody"));

  while (ksm_game_get_phase (game) != KSM_PHASE_OVER)
    {
      test_check_hang (deadline, "a game of four");
      ksm_board_finish_animation (board);
      if (ksm_game_get_phase (game) == KSM_PHASE_THROW)
        {
          if (strstr (ksm_game_view_get_status (view), "throws again") != NULL)
            extra_turns_seen++;
          g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->window), "throw"));
          activate (fixture, "win.throw", NULL);
          throws++;
        }
      else
        {
          guint n_moves;
          const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
          KsmPosition before_move = *ksm_game_get_position (game);
          int chosen;

          if (moves[0].kind == KSM_MOVE_LOSE)
            {
              /* a lost throw has nothing to click: the game plays it on */
              ksm_game_play (game, &moves[0]);
              iterate (1);
              continue;
            }
          chosen = choose_quick (&before_move, moves, n_moves, &rng);
          {
            GtkWidget *cell = ksm_board_get_move_cell (board, &moves[chosen]);
            guint captured = moves[chosen].captured;
            g_assert_nonnull (cell);
            g_assert_true (ksm_cell_get_movable (KSM_CELL (cell)));
            g_assert_true (gtk_widget_activate (cell));
            iterate (1);
            if (captured > 0)
              captures++;
          }
          /* the blood label names every colour that has captured */
          if (ksm_game_get_position (game)->u.ashte.blooded != blooded)
            {
              const KsmRules *rules = ksm_game_get_rules (game);
              const KsmOptions *options = ksm_game_get_options (game);

              blooded = ksm_game_get_position (game)->u.ashte.blooded;
              for (int p = 0; p < 4; p++)
                if (blooded >> p & 1)
                  g_assert_nonnull (strstr (gtk_label_get_label (blood), rules->player_name (options, p)));
              g_assert_nonnull (strstr (gtk_label_get_label (blood), "drawn blood"));
              g_assert_true (gtk_widget_has_css_class (ksm_game_view_get_seat_chip (view, before_move.to_move),
                                                       "blooded"));
            }
        }
      g_main_context_iteration (NULL, FALSE);
    }
  g_test_message ("%u throws, %u captures, %u extra turns", throws, captures, extra_turns_seen);
  g_assert_cmpuint (captures, >, 0);
  g_assert_cmpuint (extra_turns_seen, >, 0);
  g_assert_cmpuint (ksm_history_view_get_n_rows (KSM_HISTORY_VIEW (ksm_game_view_get_history (view))), >, 0);

  wait_for (dialog_shown, &dialog, "the end of the game's dialog");
  ksm_game_get_outcome (game, &outcome);
  g_assert_true (outcome.over);
  ksm_game_settings_get_points (settings, ksm_game_get_rules (game), ksm_game_get_options (game), after);
  if (outcome.winner >= 0)
    {
      const char *name = ksm_game_get_rules (game)->player_name (ksm_game_get_options (game), outcome.winner);
      g_assert_cmpint (after[outcome.winner], ==, before[outcome.winner] + 1);
      g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), name));
      g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "centre"));
      /* all four of the winner's tokens stand on the goal */
      g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (ksm_board_get_cell (board, 24))), >=, 1);
    }
  g_assert_true (adw_message_dialog_has_response (dialog, "new-game"));
  adw_message_dialog_response (dialog, "new-game");
  iterate (3);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "start");
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-ashte-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/ashte/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("new-game-seats", test_start_page_offers_it);
  ADD ("board-and-cowries", test_board_and_cowries);
  ADD ("two-players-red-and-green", test_two_players_red_and_green);
  ADD ("grace-yards", test_grace_yards);
  ADD ("four-seats-to-the-end", test_four_seats_to_the_end);
#undef ADD

  status = g_test_run ();
  remove_tree (data_home);
  return status;
}

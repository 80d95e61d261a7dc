/* test-last-move.c: the last move stays marked on the board, in each game,
 * after a computer's move (a person against the computer, no delay): where
 * it left, the cells it walked and where it landed, said to a screen
 * reader too; and a history row, hovered or focused, shows its own move
 * instead until the pointer or the focus leaves it. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "ksm-board.h"
#include "ksm-cell.h"
#include "ksm-game-settings.h"
#include "ksm-game-view.h"
#include "ksm-history-view.h"
#include "ksm-words.h"

#include "app-test-util.h"

typedef struct {
  const char *game;
  const char *seats[5];
  int         players;    /* 0: the game's own number */
} LastMoveCase;

static const LastMoveCase cases[] = {
  { "kasimala", { "person", "random", NULL }, 0 },
  { "ashte-kashte", { "person", "random", "person", "person", NULL }, 2 },
  { "asi-keliya", { "person", "random", "random", "random", NULL }, 0 },
};

static KsmBoard *
board_of (Fixture *fixture)
{
  return KSM_BOARD (ksm_game_view_get_board (ksm_window_get_game_view (fixture->window)));
}

static KsmGame *
start_game (Fixture *fixture, const LastMoveCase *game_case)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kasimala.Kasimala");
  g_autoptr(GSettings) game_settings = ksm_game_settings_new (ksm_rules_lookup (game_case->game));

  g_settings_set_strv (game_settings, "seats", game_case->seats);
  /* the computer throws first */
  g_settings_set_int (game_settings, "first", 1);
  if (game_case->players > 0)
    g_settings_set_int (game_settings, "players", game_case->players);
  g_settings_set_int (settings, "computer-delay", 0);

  activate (fixture, "win.choose-game", g_variant_new_string (game_case->game));
  activate (fixture, "win.start-game", NULL);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  return ksm_window_get_game (fixture->window);
}

/* the index of the record's last move, or -1 */
static int
last_move_event (KsmGame *game)
{
  KsmRecord *record = ksm_game_get_record (game);

  for (guint i = ksm_record_get_n_events (record); i-- > 0;)
    {
      const KsmEvent *event = ksm_record_get_event (record, i);
      if (event->kind == KSM_EVENT_MOVE && event->move.kind != KSM_MOVE_LOSE)
        return (int) i;
    }
  return -1;
}

static guint
count_moves (KsmGame *game)
{
  KsmRecord *record = ksm_game_get_record (game);
  guint moves = 0;

  for (guint i = 0; i < ksm_record_get_n_events (record); i++)
    moves += ksm_record_get_event (record, i)->kind == KSM_EVENT_MOVE;
  return moves;
}

/* The person plays (throws, and the first piece that can move) until a
 * computer's move is the last of several and the person is to throw */
static void
play_until_computer_moved (Fixture *fixture, KsmGame *game)
{
  KsmBoard *board = board_of (fixture);
  gint64 deadline = test_hang_deadline ();

  for (;;)
    {
      int last = last_move_event (game);

      test_check_hang (deadline, "a computer's move");
      g_assert_cmpint (ksm_game_get_phase (game), !=, KSM_PHASE_OVER);
      ksm_board_finish_animation (board);
      if (ksm_game_is_person_to_act (game) && ksm_game_get_phase (game) == KSM_PHASE_THROW
          && !ksm_game_is_thinking (game) && last >= 0 && count_moves (game) >= 3
          && ksm_game_get_seat (game, ksm_record_get_event (ksm_game_get_record (game),
                                                            (guint) last)->player)->kind == KSM_SEAT_COMPUTER)
        break;
      if (ksm_game_is_person_to_act (game) && ksm_game_get_phase (game) == KSM_PHASE_THROW)
        activate (fixture, "win.throw", NULL);
      else if (ksm_game_is_person_to_act (game) && ksm_game_get_phase (game) == KSM_PHASE_MOVE)
        {
          GtkWidget *cell = first_movable_cell (board);
          g_assert_nonnull (cell);
          g_assert_true (gtk_widget_activate (cell));
        }
      else
        wait_for_an_event ();
      g_main_context_iteration (NULL, FALSE);
    }
  ksm_board_finish_animation (board);
  iterate (2);
}

/* the board's cells that wear `css_class` */
static GArray *
cells_with (KsmBoard *board, const char *css_class)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (int));
  GtkWidget *cell;

  for (int i = 0; (cell = ksm_board_get_cell (board, (guint) i)) != NULL; i++)
    if (gtk_widget_has_css_class (cell, css_class))
      g_array_append_val (found, i);
  return found;
}

/* the one cell wearing `css_class`, or -1 for none */
static int
only_cell_with (KsmBoard *board, const char *css_class)
{
  g_autoptr(GArray) found = cells_with (board, css_class);

  g_assert_cmpuint (found->len, <=, 1);
  return found->len == 1 ? g_array_index (found, int, 0) : -1;
}

/* where a person picks the move of `event`: its from, or its mover's yard */
static int
from_cell (KsmBoard *board, const KsmEvent *event)
{
  if (event->move.from >= 0)
    return event->move.from;
  return (int) ksm_board_get_n_board_cells (board) + event->player;
}

static void
test_marked_after_computer_move (Fixture *fixture, gconstpointer data)
{
  const LastMoveCase *game_case = data;
  KsmGame *game = start_game (fixture, game_case);
  KsmBoard *board = board_of (fixture);
  KsmEvent played;
  const KsmEvent *event = &played;   /* a copy: the record grows */
  const int8_t *path;
  int length, last;
  g_autoptr(GArray) walked = NULL;

  play_until_computer_moved (fixture, game);
  last = last_move_event (game);
  played = *ksm_record_get_event (ksm_game_get_record (game), (guint) last);

  /* where it left, where it landed, and every cell between */
  g_assert_cmpint (only_cell_with (board, "last-from"), ==, from_cell (board, event));
  g_assert_cmpint (only_cell_with (board, "last-to"), ==, event->move.to);
  length = ksm_game_get_last_path (game, &path);
  g_assert_cmpint (length, >=, 1);
  g_assert_cmpint (path[length - 1], ==, event->move.to);
  walked = cells_with (board, "last-path");
  for (int i = 0; i + 1 < length; i++)
    g_assert_true (gtk_widget_has_css_class (ksm_board_get_cell (board, (guint) path[i]), "last-path"));
  for (guint i = 0; i < walked->len; i++)
    {
      gboolean on_path = FALSE;
      for (int k = 0; k + 1 < length; k++)
        on_path |= path[k] == g_array_index (walked, int, i);
      g_assert_true (on_path);
    }
  g_assert_true (gtk_widget_has_css_class (ksm_board_get_cell (board, (guint) event->move.to), "last-taken")
                 == (event->move.captured > 0));
  /* and a screen reader hears it */
  g_assert_nonnull (strstr (ksm_cell_get_label (KSM_CELL (ksm_board_get_cell (board, (guint) event->move.to))),
                            "last move landed here"));
  g_assert_nonnull (strstr (ksm_cell_get_label (KSM_CELL (ksm_board_get_cell (board, (guint) from_cell (board, event)))),
                            "last move left here"));

  /* a throw since leaves it marked */
  activate (fixture, "win.throw", NULL);
  ksm_board_finish_animation (board);
  iterate (2);
  if (last_move_event (game) == last)
    g_assert_cmpint (only_cell_with (board, "last-to"), ==, event->move.to);
}

static GtkEventController *
row_controller (GtkWidget *row, GType type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (row);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        return controller;
    }
  return NULL;
}

/* Pointed at, row by row, each move's row shows its move; leaving it shows
 * the last move again */
static void
test_history_row_shows_its_move (Fixture *fixture, gconstpointer data)
{
  const LastMoveCase *game_case = data;
  KsmGame *game = start_game (fixture, game_case);
  KsmBoard *board = board_of (fixture);
  KsmHistoryView *history = KSM_HISTORY_VIEW (ksm_game_view_get_history (ksm_window_get_game_view (fixture->window)));
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);
  GtkListBox *list;
  GtkWidget *row = NULL;
  guint shown = 0;
  int last_to;

  play_until_computer_moved (fixture, game);
  list = GTK_LIST_BOX (find_of_type (GTK_WIDGET (history), GTK_TYPE_LIST_BOX));
  g_assert_nonnull (list);
  last_to = only_cell_with (board, "last-to");
  g_assert_cmpint (last_to, >=, 0);

  for (guint i = 0; i < ksm_history_view_get_n_rows (history); i++)
    {
      GtkEventController *motion;
      int to, from;

      row = GTK_WIDGET (gtk_list_box_get_row_at_index (list, (int) i));
      motion = row_controller (row, GTK_TYPE_EVENT_CONTROLLER_MOTION);
      g_assert_nonnull (motion);
      g_signal_emit_by_name (motion, "enter", 4.0, 4.0);
      to = only_cell_with (board, "recalled-to");
      from = only_cell_with (board, "recalled-from");
      if (to >= 0)
        {
          g_autofree char *to_name = ksm_words_cell_name (rules, options, to);

          /* the row names where its move landed; only that move is marked */
          g_assert_nonnull (strstr (ksm_history_view_get_row_text (history, i), to_name));
          g_assert_cmpint (from, >=, 0);
          g_assert_cmpint (only_cell_with (board, "last-to"), ==, -1);
          shown++;
        }
      else
        /* a throw without a move: the last move stays */
        g_assert_cmpint (only_cell_with (board, "last-to"), ==, last_to);
      g_signal_emit_by_name (motion, "leave");
      g_assert_cmpint (only_cell_with (board, "recalled-to"), ==, -1);
      g_assert_cmpint (only_cell_with (board, "last-to"), ==, last_to);
    }
  g_assert_cmpuint (shown, >=, 3);

  /* the focus on a move's row shows it too, until it leaves */
  for (guint i = 0; i < ksm_history_view_get_n_rows (history); i++)
    {
      g_autofree char *to_name = NULL;
      int to;

      row = GTK_WIDGET (gtk_list_box_get_row_at_index (list, (int) i));
      g_assert_true (gtk_widget_grab_focus (row));
      iterate (1);
      to = only_cell_with (board, "recalled-to");
      if (to < 0)
        continue;
      to_name = ksm_words_cell_name (rules, options, to);
      g_assert_nonnull (strstr (ksm_history_view_get_row_text (history, i), to_name));
      gtk_window_set_focus (GTK_WINDOW (fixture->window), NULL);
      iterate (1);
      g_assert_cmpint (only_cell_with (board, "recalled-to"), ==, -1);
      g_assert_cmpint (only_cell_with (board, "last-to"), ==, last_to);
      return;
    }
  g_assert_not_reached ();
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-last-move-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *marked = g_strdup_printf ("/last-move/%s/after-computer-move", cases[i].game);
      g_autofree char *rows = g_strdup_printf ("/last-move/%s/history-row", cases[i].game);

      g_test_add (marked, Fixture, &cases[i], fixture_set_up, test_marked_after_computer_move, fixture_tear_down);
      g_test_add (rows, Fixture, &cases[i], fixture_set_up, test_history_row_shows_its_move, fixture_tear_down);
    }

  status = g_test_run ();
  remove_tree (data_home);
  return status;
}

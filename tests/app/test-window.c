/* test-window.c: the app as a person meets it, under Xvfb: the start page,
 * a new game with chosen options, moving by clicking a highlighted piece,
 * undo, and a whole game against the computer to its end screen. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ksm-application.h"
#include "ksm-board.h"
#include "ksm-cell.h"
#include "ksm-game-over-dialog.h"
#include "ksm-game-settings.h"
#include "ksm-hint-popover.h"
#include "ksm-history-view.h"
#include "ksm-new-game-page.h"
#include "ksm-preferences-window.h"
#include "ksm-rules.h"
#include "ksm-rules-view.h"
#include "ksm-rules-window.h"
#include "ksm-window.h"

#include "test-application.h"
#include "test-helpers.h"

typedef struct {
  KsmApplication *app;
  KsmWindow      *window;
  char           *data_dir;
} Fixture;

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  /* main () points XDG_DATA_HOME here; each test starts without an autosave */
  fixture->data_dir = g_build_filename (g_get_user_data_dir (), "kasimala", NULL);

  fixture->app = test_application ();
  fixture->window = ksm_window_new (fixture->app);
  gtk_window_present (GTK_WINDOW (fixture->window));
  iterate (3);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  test_destroy_window (GTK_WINDOW (fixture->window));
  iterate (3);
  remove_tree (fixture->data_dir);
  g_free (fixture->data_dir);
}

static void
activate (Fixture *fixture, const char *action, GVariant *parameter)
{
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (fixture->window), action, parameter));
  iterate (2);
}

static gboolean
action_enabled (Fixture *fixture, const char *name)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->window), name);
}

/* A new game with two persons and Kasimala's default rules */
static KsmGame *
start_person_game (Fixture *fixture, guint first_player)
{
  GSettings *settings = g_settings_new ("io.github.kasimala.Kasimala");
  g_autoptr(GSettings) game_settings = ksm_game_settings_new (ksm_rules_lookup ("kasimala"));
  const char *seats[] = { "person", "person", NULL };

  g_settings_set_strv (game_settings, "seats", seats);
  g_settings_set_int (game_settings, "first", first_player ? 1 : 0);
  g_settings_set_int (settings, "computer-delay", 0);
  g_object_unref (settings);

  activate (fixture, "win.choose-game", g_variant_new_string ("kasimala"));
  activate (fixture, "win.start-game", NULL);
  return ksm_window_get_game (fixture->window);
}

static KsmBoard *
board_of (Fixture *fixture)
{
  return KSM_BOARD (ksm_game_view_get_board (ksm_window_get_game_view (fixture->window)));
}

/* Throws (by the window's action, as Space does) until a throw can be used */
static void
throw_until_movable (Fixture *fixture, KsmGame *game)
{
  for (int tries = 0; tries < 500; tries++)
    {
      if (ksm_game_get_phase (game) == KSM_PHASE_MOVE)
        return;
      g_assert_true (action_enabled (fixture, "throw"));
      activate (fixture, "win.throw", NULL);
    }
  g_assert_not_reached ();
}

/* the first cell of the geometry (no yard) whose piece can move now */
static GtkWidget *
first_movable_board_cell (KsmBoard *board, KsmGame *game)
{
  const KsmRules *rules = ksm_game_get_rules (game);
  int n_cells = rules->n_cells (ksm_game_get_options (game));

  for (int i = 0; i < n_cells; i++)
    {
      GtkWidget *cell = ksm_board_get_cell (board, (guint) i);
      if (ksm_cell_get_movable (KSM_CELL (cell)))
        return cell;
    }
  return NULL;
}

static void
test_opens_on_start_page (Fixture *fixture, gconstpointer data)
{
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "start");
  g_assert_null (ksm_window_get_game (fixture->window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (fixture->window)));
  /* nothing to undo or throw before a game */
  g_assert_false (action_enabled (fixture, "undo"));
  g_assert_false (action_enabled (fixture, "throw"));

  /* every game but Kasimala, whose board the app's icon shows, has a
   * picture of its own board on the start page */
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (fixture->window)));
  for (unsigned i = 0; i < ksm_rules_n_games (); i++)
    {
      const KsmRules *rules = ksm_rules_nth (i);
      g_autofree char *icon = g_strconcat (APPLICATION_ID "-", rules->id, NULL);
      if (strcmp (rules->id, "kasimala") != 0)
        g_assert_true (gtk_icon_theme_has_icon (theme, icon));
    }
}

static void
test_new_game_uses_choices (Fixture *fixture, gconstpointer data)
{
  GSettings *settings = ksm_game_settings_new (ksm_rules_lookup ("kasimala"));
  const char *off[] = { "safe-laigas", NULL };
  const char *seats[] = { "person", "random", NULL };
  KsmGame *game;
  const KsmOptions *options;

  g_settings_set_int (settings, "length", 21);
  g_settings_set_strv (settings, "rules-off", off);
  g_settings_set_int (settings, "throw-limit", 500);
  g_settings_set_strv (settings, "seats", seats);

  activate (fixture, "win.choose-game", g_variant_new_string ("kasimala"));
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "new-game");
  activate (fixture, "win.start-game", NULL);

  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  game = ksm_window_get_game (fixture->window);
  g_assert_nonnull (game);
  options = ksm_game_get_options (game);
  g_assert_cmpint (options->length, ==, 21);
  g_assert_cmpint (options->throw_limit, ==, 500);
  g_assert_false (options->flags & KSM_OPT_KASIMALA_SAFE_LAIGAS);
  g_assert_true (options->flags & KSM_OPT_KASIMALA_EXTRA_THROW);
  g_assert_cmpint (ksm_game_get_seat (game, 0)->kind, ==, KSM_SEAT_PERSON);
  g_assert_cmpint (ksm_game_get_seat (game, 1)->kind, ==, KSM_SEAT_COMPUTER);
  g_assert_cmpint (ksm_game_get_seat (game, 1)->level, ==, KSM_LEVEL_RANDOM);
  /* the board follows the options: three rows of 21 */
  g_assert_nonnull (ksm_board_get_cell (board_of (fixture), 3 * 21 - 1));
  g_assert_null (ksm_board_get_cell (board_of (fixture), 3 * 21));
  /* and the choices are remembered */
  g_assert_cmpint (g_settings_get_int (settings, "length"), ==, 21);
  g_object_unref (settings);
}

static void
test_click_moves_and_undo_restores (Fixture *fixture, gconstpointer data)
{
  KsmGame *game = start_person_game (fixture, 0);
  KsmBoard *board = board_of (fixture);
  GtkWidget *cell;
  guint n_events, index, from_count_before;
  const KsmRules *rules = ksm_game_get_rules (game);
  g_autofree char *label_before = NULL;
  char position_before[KSM_NOTATION_MAX], position_after[KSM_NOTATION_MAX];

  throw_until_movable (fixture, game);
  ksm_board_finish_animation (board);
  iterate (2);

  cell = first_movable_board_cell (board, game);
  g_assert_nonnull (cell);
  g_assert_true (gtk_widget_has_css_class (cell, "movable"));
  index = ksm_cell_get_index (KSM_CELL (cell));
  from_count_before = ksm_cell_get_count (KSM_CELL (cell));
  label_before = g_strdup (ksm_cell_get_label (KSM_CELL (cell)));
  n_events = ksm_record_get_n_events (ksm_game_get_record (game));
  rules->format_position (ksm_game_get_position (game), position_before, sizeof position_before);

  /* a click on the highlighted piece plays it */
  g_assert_true (gtk_widget_activate (cell));
  iterate (2);
  ksm_board_finish_animation (board);
  iterate (2);

  g_assert_cmpuint (ksm_record_get_n_events (ksm_game_get_record (game)), ==, n_events + 1);
  g_assert_cmpint (ksm_record_get_event (ksm_game_get_record (game), n_events)->kind, ==, KSM_EVENT_MOVE);
  g_assert_cmpint (ksm_record_get_event (ksm_game_get_record (game), n_events)->move.from, ==, (int) index);
  /* the piece walked the whole throw, cell by cell, to where it landed */
  {
    const KsmEvent *event = ksm_record_get_event (ksm_game_get_record (game), n_events);
    const int8_t *path;
    int length = ksm_game_get_last_path (game, &path);
    g_assert_cmpint (length, ==, event->move.distance);
    g_assert_cmpint (path[length - 1], ==, event->move.to);
  }
  /* the board widgets follow the model */
  g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (ksm_board_get_cell (board, index))), ==,
                    from_count_before - 1);
  g_assert_cmpstr (ksm_cell_get_label (KSM_CELL (ksm_board_get_cell (board, index))), !=, label_before);
  g_assert_false (gtk_widget_has_css_class (ksm_board_get_cell (board, index), "movable"));
  /* the history says it */
  g_assert_cmpuint (ksm_history_view_get_n_rows (KSM_HISTORY_VIEW (ksm_game_view_get_history (
                    ksm_window_get_game_view (fixture->window)))), >, 0);

  /* undo puts the board back, the same throw waiting */
  g_assert_true (action_enabled (fixture, "undo"));
  activate (fixture, "win.undo", NULL);
  ksm_board_finish_animation (board);
  iterate (2);
  rules->format_position (ksm_game_get_position (game), position_after, sizeof position_after);
  g_assert_cmpstr (position_after, ==, position_before);
  g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (ksm_board_get_cell (board, index))), ==,
                    from_count_before);
  g_assert_cmpstr (ksm_cell_get_label (KSM_CELL (ksm_board_get_cell (board, index))), ==, label_before);
  g_assert_true (gtk_widget_has_css_class (ksm_board_get_cell (board, index), "movable"));
  g_assert_true (action_enabled (fixture, "redo"));
}

static void
test_whole_game_against_computer (Fixture *fixture, gconstpointer data)
{
  GSettings *settings = g_settings_new ("io.github.kasimala.Kasimala");
  const KsmRules *rules = ksm_rules_lookup ("kasimala");
  g_autoptr(GSettings) game_settings = ksm_game_settings_new (rules);
  const char *seats[] = { "person", "random", NULL };
  KsmGame *game;
  KsmBoard *board;
  AdwMessageDialog *dialog = NULL;
  KsmOutcome outcome;
  int score_before[KSM_MAX_PLAYERS], score_after[KSM_MAX_PLAYERS];
  gint64 deadline = test_hang_deadline ();

  g_settings_set_strv (game_settings, "seats", seats);
  g_settings_set_int (settings, "computer-delay", 0);
  activate (fixture, "win.choose-game", g_variant_new_string ("kasimala"));
  activate (fixture, "win.start-game", NULL);
  game = ksm_window_get_game (fixture->window);
  ksm_game_settings_get_points (game_settings, rules, ksm_game_get_options (game), score_before);
  board = board_of (fixture);

  /* the person throws with the action and plays the first highlighted piece */
  while (ksm_game_get_phase (game) != KSM_PHASE_OVER)
    {
      test_check_hang (deadline, "a game against the computer");
      ksm_board_finish_animation (board);
      if (ksm_game_is_person_to_act (game) && ksm_game_get_phase (game) == KSM_PHASE_THROW)
        activate (fixture, "win.throw", NULL);
      else if (ksm_game_is_person_to_act (game) && ksm_game_get_phase (game) == KSM_PHASE_MOVE)
        {
          GtkWidget *cell = first_movable_board_cell (board, game);
          g_assert_nonnull (cell);
          g_assert_true (gtk_widget_activate (cell));
        }
      else
        wait_for_an_event ();   /* the computer's turn: sleep until it acts */
      g_main_context_iteration (NULL, FALSE);
    }
  wait_for (dialog_shown, &dialog, "the end of the game's dialog");
  /* the summary of the end, after a whole game through the window; the
   * key that made the last move cannot answer it: nothing is armed yet,
   * as nothing has run since it showed (test-game-over.c tries the keys) */
  g_assert_true (KSM_IS_GAME_OVER_DIALOG (dialog));
  g_assert_false (ksm_game_over_dialog_get_armed (KSM_GAME_OVER_DIALOG (dialog)));
  g_assert_null (gtk_window_get_default_widget (GTK_WINDOW (dialog)));

  ksm_game_get_outcome (game, &outcome);
  g_assert_true (outcome.over);
  ksm_game_settings_get_points (game_settings, rules, ksm_game_get_options (game), score_after);
  if (outcome.winner >= 0)
    g_assert_cmpint (score_after[outcome.winner], ==, score_before[outcome.winner] + outcome.score);
  g_assert_nonnull (adw_message_dialog_get_heading (dialog));
  g_assert_true (adw_message_dialog_has_response (dialog, "new-game"));
  g_assert_true (adw_message_dialog_has_response (dialog, "review"));
  g_assert_true (adw_message_dialog_has_response (dialog, "play-again"));

  /* New Game from the end screen opens the game chooser */
  adw_message_dialog_response (dialog, "new-game");
  iterate (3);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "start");
  g_object_unref (settings);
}

static void
test_resume_offered_after_restart (Fixture *fixture, gconstpointer data)
{
  KsmGame *game = start_person_game (fixture, 0);
  char position[KSM_NOTATION_MAX], resumed[KSM_NOTATION_MAX];
  const KsmRules *rules = ksm_game_get_rules (game);
  KsmWindow *second;

  throw_until_movable (fixture, game);
  rules->format_position (ksm_game_get_position (game), position, sizeof position);

  /* a second window, as a new start of the app would make, offers it back;
   * the app before it ended by quitting, which waits for the autosave */
  ksm_window_flush_autosave (fixture->window);
  /* the first window goes, as the app it belonged to did: its autosave
   * is free for the next start to take (ksm-store.c's autosave locks) */
  test_destroy_window (GTK_WINDOW (fixture->window));
  fixture->window = second = ksm_window_new (fixture->app);
  iterate (2);
  g_assert_cmpstr (ksm_window_get_page_name (second), ==, "start");
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (second), "win.resume", NULL));
  iterate (2);
  g_assert_cmpstr (ksm_window_get_page_name (second), ==, "game");
  rules->format_position (ksm_game_get_position (ksm_window_get_game (second)), resumed, sizeof resumed);
  g_assert_cmpstr (resumed, ==, position);
}

static gboolean
hints_shown (gpointer data)
{
  return ksm_hint_popover_get_n_rows (KSM_HINT_POPOVER (data)) > 0;
}

static void
test_hint_ranks_and_plays (Fixture *fixture, gconstpointer data)
{
  KsmGame *game = start_person_game (fixture, 0);
  KsmHintPopover *popover = ksm_window_get_hint_popover (fixture->window);
  guint n_moves, n_events;
  const char *best;

  /* nothing to rank before a throw */
  g_assert_false (action_enabled (fixture, "hint"));
  throw_until_movable (fixture, game);
  ksm_game_get_moves (game, &n_moves);
  g_assert_true (action_enabled (fixture, "hint"));

  activate (fixture, "win.hint", NULL);
  wait_for (hints_shown, popover, "the hints");
  g_assert_cmpuint (ksm_hint_popover_get_n_rows (popover), ==, n_moves);
  best = ksm_hint_popover_get_row_text (popover, 0);
  g_assert_nonnull (strstr (best, "chance of winning"));
  g_assert_true (strstr (best, "safe from the next throw") != NULL || strstr (best, "open to a") != NULL);

  /* choosing a ranked move plays it */
  n_events = ksm_record_get_n_events (ksm_game_get_record (game));
  g_assert_true (ksm_hint_popover_choose (popover, 0));
  iterate (2);
  g_assert_cmpuint (ksm_record_get_n_events (ksm_game_get_record (game)), >, n_events);
  g_assert_cmpint (ksm_record_get_event (ksm_game_get_record (game), n_events)->kind, ==, KSM_EVENT_MOVE);
}

/* Throws, and plays the first move, until a throw offers `least` moves */
static void
throw_until_moves (Fixture *fixture, KsmGame *game, guint least)
{
  for (int tries = 0; tries < 200; tries++)
    {
      guint n_moves;
      const KsmMove *moves;

      throw_until_movable (fixture, game);
      moves = ksm_game_get_moves (game, &n_moves);
      if (n_moves >= least)
        return;
      g_assert_true (ksm_game_play (game, &moves[0]));
      iterate (2);
    }
  g_assert_not_reached ();
}

/* whether the board shows `move` as pointed at (where it starts, or where
 * it lands for a piece entering without a yard) and where it lands; for
 * NULL, whether it shows no move */
static gboolean
board_shows (KsmBoard *board, const KsmMove *move)
{
  GtkWidget *start = move != NULL ? ksm_board_get_move_cell (board, move) : NULL;
  GtkWidget *cell;

  for (guint i = 0; (cell = ksm_board_get_cell (board, i)) != NULL; i++)
    {
      gboolean target = move != NULL && (int) i == move->to;
      gboolean pointed = move != NULL && (start != NULL ? cell == start : target);

      if (gtk_widget_has_css_class (cell, "pointed") != pointed
          || gtk_widget_has_css_class (cell, "target") != target)
        return FALSE;
    }
  return TRUE;
}

/* the hint list's natural height at the width its viewport gives it, as
 * the viewport asks: a row's own allocated width leaves out its margins,
 * and its words measured that much narrower can wrap a line more than
 * they do in the list */
static int
list_rows_height (GtkWidget *list)
{
  int natural;

  gtk_widget_measure (list, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (gtk_widget_get_parent (list)),
                      NULL, &natural, NULL, NULL);
  return natural;
}

/* the scroller round the hint list stands at least as tall as its rows
 * need, up to its most */
static gboolean
list_at_rows_height (gpointer data)
{
  GtkWidget *list = data;
  GtkWidget *scroller = gtk_widget_get_ancestor (list, GTK_TYPE_SCROLLED_WINDOW);
  int most = gtk_scrolled_window_get_max_content_height (GTK_SCROLLED_WINDOW (scroller));
  int rows = list_rows_height (list);

  return rows > 0 && gtk_widget_get_height (scroller) >= MIN (rows, most);
}

/* The hint's list opens at its rows' height (up to its most, then it
 * scrolls), starts at the best with the best shown on the board, Down
 * goes to the next move and shows it, and Enter plays it and closes. */
static void
test_hint_list_keyboard_and_board (Fixture *fixture, gconstpointer data)
{
  KsmGame *game = start_person_game (fixture, 0);
  KsmHintPopover *popover = ksm_window_get_hint_popover (fixture->window);
  KsmBoard *board = board_of (fixture);
  GtkWidget *first, *second, *list, *scroller, *focus;
  int most, rows = 0;
  guint n_events;
  KsmMove chosen;
  const KsmEvent *event;

  throw_until_moves (fixture, game, 3);
  activate (fixture, "win.hint", NULL);
  wait_for (hints_shown, popover, "the hints");
  wait_for_frames (GTK_WIDGET (popover));

  first = ksm_hint_popover_get_row (popover, 0);
  second = ksm_hint_popover_get_row (popover, 1);
  list = gtk_widget_get_parent (first);
  scroller = gtk_widget_get_ancestor (first, GTK_TYPE_SCROLLED_WINDOW);
  most = gtk_scrolled_window_get_max_content_height (GTK_SCROLLED_WINDOW (scroller));
  g_assert_cmpint (most, >, 0);
  /* the popover's size settles over a few layouts: wait for the list to
   * stand at its rows' height (a hang, and the test fails, if it never does) */
  wait_for (list_at_rows_height, list, "the hint list at its rows' height");
  rows = list_rows_height (list);
  g_assert_cmpint (gtk_widget_get_height (scroller), >=, MIN (rows, most));
  g_assert_cmpint (2 * gtk_widget_get_height (scroller), >, 3 * gtk_widget_get_height (first));

  /* the keyboard starts at the best, which the board shows */
  g_assert_true (gtk_widget_is_focus (first));
  g_assert_true (board_shows (board, ksm_hint_popover_get_row_move (popover, 0)));

  /* Down, as the list's key binding does it: the next move, on the board too */
  g_signal_emit_by_name (list, "move-cursor", GTK_MOVEMENT_DISPLAY_LINES, 1, FALSE, FALSE);
  iterate (2);
  g_assert_true (gtk_widget_is_focus (second));
  g_assert_true (board_shows (board, ksm_hint_popover_get_row_move (popover, 1)));

  /* Enter on it plays it, closes the list and takes the move off the board */
  chosen = *ksm_hint_popover_get_row_move (popover, 1);
  n_events = ksm_record_get_n_events (ksm_game_get_record (game));
  g_assert_true (gtk_widget_activate (second));
  iterate (2);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (popover)));
  focus = gtk_root_get_focus (GTK_ROOT (fixture->window));
  g_assert_true (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (popover)));
  g_assert_cmpuint (ksm_record_get_n_events (ksm_game_get_record (game)), >, n_events);
  event = ksm_record_get_event (ksm_game_get_record (game), n_events);
  g_assert_cmpint (event->kind, ==, KSM_EVENT_MOVE);
  g_assert_cmpint (event->move.from, ==, chosen.from);
  g_assert_cmpint (event->move.to, ==, chosen.to);
  g_assert_true (board_shows (board, NULL));
}

/* the words of row `index`'s move: its last label */
static const char *
row_words (KsmHintPopover *popover, guint index)
{
  GtkWidget *box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (ksm_hint_popover_get_row (popover, index)));
  return gtk_label_get_text (GTK_LABEL (gtk_widget_get_last_child (box)));
}

static gboolean
row_is_heading (KsmHintPopover *popover, guint index)
{
  GtkWidget *box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (ksm_hint_popover_get_row (popover, index)));
  return gtk_widget_has_css_class (gtk_widget_get_last_child (box), "heading");
}

/* Row `index` reads `equal` over its move's words, or no such words for
 * NULL, and a screen reader hears what it reads */
static void
assert_row_equal_words (KsmHintPopover *popover, guint index, const char *equal)
{
  const char *text = ksm_hint_popover_get_row_text (popover, index);
  g_autofree char *expected = equal != NULL ? g_strdup_printf ("%s: %s", equal, row_words (popover, index))
                                            : g_strdup (row_words (popover, index));
  char *error;

  g_assert_cmpstr (text, ==, expected);
  g_assert_null (strstr (row_words (popover, index), "Equal best"));
  g_assert_null (strstr (row_words (popover, index), "Same chance"));
  error = gtk_test_accessible_check_property (GTK_ACCESSIBLE (ksm_hint_popover_get_row (popover, index)),
                                              GTK_ACCESSIBLE_PROPERTY_LABEL, text);
  g_assert_null (error);
}

/* Moves whose chances are shown equal say so, and the best is not set
 * above a move of the same chance; the board shows nothing once closed. */
static void
test_hint_equal_chances (Fixture *fixture, gconstpointer data)
{
  KsmGame *game = start_person_game (fixture, 0);
  KsmHintPopover *popover = ksm_window_get_hint_popover (fixture->window);
  KsmBoard *board = board_of (fixture);
  /* 50% and 50% as shown, though not exactly; then 40% twice */
  const double tied[] = { 0.504, 0.496, 0.40, 0.40 };
  const double apart[] = { 0.60, 0.50, 0.40, 0.30 };
  g_autoptr(GArray) hints = g_array_new (FALSE, TRUE, sizeof (KsmHint));

  throw_until_moves (fixture, game, G_N_ELEMENTS (tied));
  g_array_set_size (hints, G_N_ELEMENTS (tied));
  for (guint i = 0; i < hints->len; i++)
    {
      g_array_index (hints, KsmHint, i).move = (int) i;
      g_array_index (hints, KsmHint, i).win_chance = tied[i];
    }
  /* opened from its button, as a keyboard user does */
  g_assert_true (gtk_widget_grab_focus (gtk_widget_get_parent (GTK_WIDGET (popover))));
  ksm_hint_popover_show_ranking (popover, game, board, hints);
  iterate (2);
  g_assert_cmpuint (ksm_hint_popover_get_n_rows (popover), ==, G_N_ELEMENTS (tied));
  assert_row_equal_words (popover, 0, "Equal best");
  assert_row_equal_words (popover, 1, "Equal best");
  assert_row_equal_words (popover, 2, NULL);
  assert_row_equal_words (popover, 3, "Same chance as the move above");
  g_assert_true (row_is_heading (popover, 0));
  g_assert_true (row_is_heading (popover, 1));
  g_assert_false (row_is_heading (popover, 2));
  g_assert_true (board_shows (board, ksm_hint_popover_get_row_move (popover, 0)));

  for (guint i = 0; i < hints->len; i++)
    g_array_index (hints, KsmHint, i).win_chance = apart[i];
  ksm_hint_popover_show_ranking (popover, game, board, hints);
  iterate (2);
  for (guint i = 0; i < hints->len; i++)
    {
      assert_row_equal_words (popover, i, NULL);
      g_assert_cmpint (row_is_heading (popover, i), ==, i == 0);
    }

  /* closed (as Escape does), the board shows no move and the focus is
   * back on the button */
  gtk_popover_popdown (GTK_POPOVER (popover));
  iterate (2);
  g_assert_true (board_shows (board, NULL));
  g_assert_true (gtk_widget_is_focus (gtk_widget_get_parent (GTK_WIDGET (popover))));
}

static void
test_accessible_header_and_cells (Fixture *fixture, gconstpointer data)
{
  KsmGame *game = start_person_game (fixture, 0);
  KsmBoard *board = board_of (fixture);
  GtkWidget *cell = ksm_board_get_cell (board, 16);   /* B17 */

  g_assert_nonnull (game);
  g_assert_nonnull (cell);
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_ROLE_BUTTON);
  g_assert_nonnull (ksm_cell_get_label (KSM_CELL (cell)));
  g_assert_cmpstr (ksm_cell_get_label (KSM_CELL (cell)), !=, "");
}

/* the value beside a row name in the rules' settings table */
static const char *
setting_value (KsmRulesView *view, const char *name)
{
  GtkWidget *grid = ksm_rules_view_get_settings (view);
  GtkWidget *label = find_label (grid, name);
  GtkWidget *cell;
  int column, row;

  g_assert_nonnull (label);
  cell = gtk_widget_get_parent (label);   /* the name's box */
  gtk_grid_query_child (GTK_GRID (grid), cell, &column, &row, NULL, NULL);
  return gtk_label_get_text (GTK_LABEL (gtk_grid_get_child_at (GTK_GRID (grid), 1, row)));
}

static gboolean
widget_focused (gpointer widget)
{
  return gtk_widget_has_focus (widget);
}

static void
test_rules_pane_beside_the_board (Fixture *fixture, gconstpointer data)
{
  GSettings *settings = ksm_game_settings_new (ksm_rules_lookup ("kasimala"));
  const char *off[] = { "safe-laigas", NULL };
  KsmGameView *game_view = ksm_window_get_game_view (fixture->window);
  KsmRulesView *view = ksm_game_view_get_rules_view (game_view);
  KsmGame *game;

  g_settings_set_strv (settings, "rules-off", off);
  g_settings_set_int (settings, "throw-limit", 1500);
  g_settings_set_int (settings, "length", 17);
  game = start_person_game (fixture, 0);
  g_object_unref (settings);

  /* F1's action opens the pane beside the board */
  g_assert_false (ksm_game_view_get_rules_revealed (game_view));
  activate (fixture, "win.rules", NULL);
  g_assert_true (ksm_game_view_get_rules_revealed (game_view));
  g_assert_nonnull (find_label (GTK_WIDGET (view), "How to play Kasimala"));
  g_assert_nonnull (find_label (GTK_WIDGET (view), "Capturing, and the laigas"));

  /* the settings table is the game's */
  g_assert_cmpstr (setting_value (view, "Laigas are safe"), ==, "Off");
  g_assert_cmpstr (setting_value (view, "Chya and ngha throw again"), ==, "On");
  /* written as the rules pages write their figures, "3,000" */
  g_assert_cmpstr (setting_value (view, "Throw limit"), ==, "1,500");
  g_assert_cmpstr (setting_value (view, "Board length"), ==, "17");

  /* it stays open while the game goes on */
  throw_until_movable (fixture, game);
  g_assert_true (ksm_game_view_get_rules_revealed (game_view));

  /* the throw's name leads to its glossary entry */
  {
    GtkWidget *name = find_widget (ksm_game_view_get_throw_view (game_view), match_css_class, "throw-name");
    const KsmRecord *record = ksm_game_get_record (game);
    const KsmEvent *event = NULL;
    const char *face;
    GtkWidget *entry;
    gboolean handled = FALSE;
    g_autofree char *uri = NULL;

    for (guint i = ksm_record_get_n_events ((KsmRecord *) record); i > 0 && event == NULL; i--)
      if (ksm_record_get_event ((KsmRecord *) record, i - 1)->kind == KSM_EVENT_THROW)
        event = ksm_record_get_event ((KsmRecord *) record, i - 1);
    face = ksm_game_get_rules (game)->throws.faces[event->face].name;
    uri = g_strconcat ("glossary:", face, NULL);
    g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (name)), uri));

    activate (fixture, "win.rules", NULL);   /* closed again */
    g_assert_false (ksm_game_view_get_rules_revealed (game_view));
    g_signal_emit_by_name (name, "activate-link", uri, &handled);
    g_assert_true (handled);
    g_assert_true (ksm_game_view_get_rules_revealed (game_view));
    entry = ksm_rules_view_get_entry (view, face);
    g_assert_nonnull (entry);
    /* the pane slides in and scrolls to the entry before it takes the
     * focus: a loaded machine takes more frames for that than a quiet one */
    wait_for (widget_focused, entry, "the glossary entry to take the focus");
    g_assert_true (gtk_widget_has_css_class (entry, "shown"));
  }

  /* the history's throws link the same way */
  {
    GtkWidget *history = ksm_game_view_get_history (game_view);
    GtkWidget *row_label = find_widget (history, match_css_class, "navigation-sidebar");
    gboolean linked = FALSE;

    for (GtkWidget *row = gtk_widget_get_first_child (row_label); row != NULL;
         row = gtk_widget_get_next_sibling (row))
      if (GTK_IS_LIST_BOX_ROW (row)
          && strstr (gtk_label_get_label (GTK_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)))),
                     "<a href=\"glossary:") != NULL)
        linked = TRUE;
    g_assert_true (linked);
  }

  /* the search reads the whole page, the glossary with it, and hides
   * nothing (test-rules.c has the rest) */
  gtk_editable_set_text (GTK_EDITABLE (ksm_rules_view_get_search_entry (view)), "laiga");
  g_signal_emit_by_name (ksm_rules_view_get_search_entry (view), "search-changed");
  iterate (2);
  g_assert_cmpuint (ksm_rules_view_get_n_matches (view), >, 1);
  g_assert_true (gtk_widget_get_visible (ksm_rules_view_get_entry (view, "laiga")));
  g_assert_true (gtk_widget_get_visible (ksm_rules_view_get_entry (view, "kasi")));
  g_assert_true (gtk_widget_is_visible (find_label (GTK_WIDGET (view), "How to play Kasimala")));
  gtk_editable_set_text (GTK_EDITABLE (ksm_rules_view_get_search_entry (view)), "");
  g_signal_emit_by_name (ksm_rules_view_get_search_entry (view), "search-changed");
  iterate (2);
  g_assert_cmpuint (ksm_rules_view_get_n_matches (view), ==, 0);
}

static void
test_rules_window_from_start_page (Fixture *fixture, gconstpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  KsmRulesWindow *rules_window = NULL;
  GSettings *settings = ksm_game_settings_new (ksm_rules_lookup ("kasimala"));
  const char *off[] = { "extra-throw", NULL };

  g_settings_set_strv (settings, "rules-off", off);
  g_object_unref (settings);
  activate (fixture, "win.rules", NULL);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);
      if (KSM_IS_RULES_WINDOW (item))
        rules_window = KSM_RULES_WINDOW (item);
    }
  g_assert_nonnull (rules_window);
  g_assert_nonnull (find_label (GTK_WIDGET (rules_window), "How to play Kasimala"));
  /* from the start page, the standard settings */
  g_assert_cmpstr (setting_value (ksm_rules_window_get_view (rules_window), "Chya and ngha throw again"), ==, "On");
  gtk_window_destroy (GTK_WINDOW (rules_window));

  /* from the new-game page, the settings chosen there */
  activate (fixture, "win.choose-game", g_variant_new_string ("kasimala"));
  activate (fixture, "win.rules", NULL);
  rules_window = NULL;
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);
      if (KSM_IS_RULES_WINDOW (item))
        rules_window = KSM_RULES_WINDOW (item);
    }
  g_assert_nonnull (rules_window);
  g_assert_cmpstr (setting_value (ksm_rules_window_get_view (rules_window), "Chya and ngha throw again"), ==, "Off");
  gtk_window_destroy (GTK_WINDOW (rules_window));
}

static gboolean
flap_folded (gpointer game_view)
{
  return adw_flap_get_folded (ksm_game_view_get_rules_flap (game_view));
}

static gboolean
pane_shown (gpointer pane)
{
  return gtk_widget_get_child_visible (pane) && gtk_widget_get_width (pane) > 0;
}

/* At 360 px the pane folds over the board, and still shows. */
static void
test_rules_pane_narrow (Fixture *fixture, gconstpointer data)
{
  KsmGameView *game_view = ksm_window_get_game_view (fixture->window);
  GtkWidget *pane;

  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 360, 600);
  start_person_game (fixture, 0);
  /* the flap hides its pane when it folds, so open it once folded: the
   * narrow size takes a few frames to arrive */
  wait_for (flap_folded, game_view, "the rules flap to fold at 360 px");
  activate (fixture, "win.rules", NULL);
  pane = adw_flap_get_flap (ksm_game_view_get_rules_flap (game_view));
  /* the pane slides in */
  wait_for (pane_shown, pane, "the rules pane to slide in");
  g_assert_true (adw_flap_get_folded (ksm_game_view_get_rules_flap (game_view)));
  g_assert_true (adw_flap_get_reveal_flap (ksm_game_view_get_rules_flap (game_view)));
  g_assert_true (gtk_widget_get_child_visible (pane));
  g_assert_cmpint (gtk_widget_get_width (pane), >, 0);
  g_assert_cmpint (gtk_widget_get_width (pane), <=, gtk_widget_get_width (GTK_WIDGET (fixture->window)));
  /* the game view, rules pane and all, fits a 360 px window */
  {
    int minimum;
    gtk_widget_measure (GTK_WIDGET (game_view), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
    g_assert_cmpint (minimum, <=, 360);
  }
  g_test_message ("window %d px, pane %d px", gtk_widget_get_width (GTK_WIDGET (fixture->window)),
                  gtk_widget_get_width (pane));
}

/* Undo, redo, throw and hint are enabled from the game's properties while
 * the game page shows it, and off on the other pages, at every step. */
static void
assert_actions_follow (Fixture *fixture, KsmGame *game, gboolean shown)
{
  g_assert_cmpint (action_enabled (fixture, "undo"), ==, shown && ksm_game_can_undo (game));
  g_assert_cmpint (action_enabled (fixture, "redo"), ==, shown && ksm_game_can_redo (game));
  g_assert_cmpint (action_enabled (fixture, "throw"), ==, shown && ksm_game_can_throw (game));
  g_assert_cmpint (action_enabled (fixture, "hint"), ==, shown && ksm_game_can_move (game));
}

static void
test_actions_follow_the_game (Fixture *fixture, gconstpointer data)
{
  KsmGame *game = start_person_game (fixture, 0);
  guint moves = 0;

  g_assert_nonnull (game);
  assert_actions_follow (fixture, game, TRUE);
  for (int step = 0; step < 60 && moves < 3; step++)
    {
      if (ksm_game_get_phase (game) == KSM_PHASE_THROW)
        activate (fixture, "win.throw", NULL);
      else
        {
          guint n_moves;
          const KsmMove *played = ksm_game_get_moves (game, &n_moves);
          g_assert_true (ksm_game_play (game, &played[0]));
          iterate (2);
          moves++;
        }
      assert_actions_follow (fixture, game, TRUE);
    }
  g_assert_true (ksm_game_can_undo (game));

  /* the game chooser: the game goes on behind it, its actions off */
  activate (fixture, "win.new-game", NULL);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "start");
  assert_actions_follow (fixture, game, FALSE);
  /* a change made meanwhile does not turn them on */
  g_assert_true (ksm_game_undo (game));
  iterate (2);
  assert_actions_follow (fixture, game, FALSE);

  /* back to the game, which the start page offers first: they follow it again */
  activate (fixture, "win.resume", NULL);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  assert_actions_follow (fixture, game, TRUE);
  g_assert_true (action_enabled (fixture, "redo"));
  activate (fixture, "win.redo", NULL);
  assert_actions_follow (fixture, game, TRUE);
}

/* every key of a game's settings back to "the game's default" */
static GSettings *
fresh_game_settings (const char *id)
{
  GSettings *settings = ksm_game_settings_new (ksm_rules_lookup (id));
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);
  return settings;
}

/* What a person chose under the main schema's old keys is carried into
 * each game's settings once, and a new game follows it */
static void
test_old_settings_move_once (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kasimala.Kasimala");
  g_autoptr(GSettings) kasimala = fresh_game_settings ("kasimala");
  g_autoptr(GSettings) ashte = fresh_game_settings ("ashte-kashte");
  g_autoptr(GSettings) asi = fresh_game_settings ("asi-keliya");
  const KsmRules *kasimala_rules = ksm_rules_lookup ("kasimala");
  const KsmRules *ashte_rules = ksm_rules_lookup ("ashte-kashte");
  const KsmRules *asi_rules = ksm_rules_lookup ("asi-keliya");
  const char *kasimala_off[] = { "kasi-starts", NULL };
  const char *ashte_seats[] = { "person", "hard", "person", "easy", NULL };
  const char *asi_seats[] = { "random", "person", "hard", "person", NULL };
  const char *none[] = { NULL };
  KsmOptions options, defaults;
  KsmSeat seats[KSM_MAX_PLAYERS];
  int points[KSM_MAX_PLAYERS];
  KsmGame *game;

  g_settings_set_int (settings, "board-length", 25);
  g_settings_set_string (settings, "kasimala-opponent", "easy");
  g_settings_set_string (settings, "kasimala-first", "stones");
  g_settings_set_strv (settings, "kasimala-rules-off", kasimala_off);
  g_settings_set_int (settings, "kasimala-throw-limit", 1234);
  g_settings_set (settings, "kasimala-score", "(ii)", 5, 7);
  g_settings_set_int (settings, "ashte-players", 3);
  g_settings_set_strv (settings, "ashte-seats", ashte_seats);
  g_settings_set_int (settings, "ashte-first", 2);
  g_settings_set (settings, "ashte-score", "(iiii)", 1, 2, 3, 4);
  g_settings_set_strv (settings, "asi-seats", asi_seats);
  g_settings_set_int (settings, "asi-first", 1);
  g_settings_set_strv (settings, "asi-rules-off", none);
  g_settings_set (settings, "asi-score", "(ii)", 8, 9);
  g_settings_set_boolean (settings, "game-settings-moved", FALSE);

  ksm_game_settings_migrate (settings);
  g_assert_true (g_settings_get_boolean (settings, "game-settings-moved"));

  /* Kasimala: the opponent is the second seat, the first side a seat number */
  ksm_game_settings_get_choices (kasimala, kasimala_rules, &options, seats);
  g_assert_cmpint (options.length, ==, 25);
  g_assert_cmpint (options.throw_limit, ==, 1234);
  g_assert_cmpint (options.first_player, ==, 1);
  g_assert_false (options.flags & KSM_OPT_KASIMALA_KASI_STARTS);
  g_assert_true (options.flags & KSM_OPT_KASIMALA_EXTRA_THROW);
  g_assert_cmpint (seats[0].kind, ==, KSM_SEAT_PERSON);
  g_assert_cmpint (seats[1].kind, ==, KSM_SEAT_COMPUTER);
  g_assert_cmpint (seats[1].level, ==, KSM_LEVEL_EASY);
  g_assert_cmpuint (ksm_game_settings_get_points (kasimala, kasimala_rules, &options, points), ==, 2);
  g_assert_cmpint (points[0], ==, 5);
  g_assert_cmpint (points[1], ==, 7);

  /* Ashte Kashte: three players; the rules nobody switched stay standard */
  ksm_game_settings_get_choices (ashte, ashte_rules, &options, seats);
  ashte_rules->default_options (&defaults);
  g_assert_cmpint (options.n_players, ==, 3);
  g_assert_cmpint (options.first_player, ==, 2);
  g_assert_cmpuint (options.flags, ==, defaults.flags);
  g_assert_null (g_settings_get_user_value (ashte, "rules-off"));
  g_assert_cmpint (seats[1].kind, ==, KSM_SEAT_COMPUTER);
  g_assert_cmpint (seats[1].level, ==, KSM_LEVEL_HARD);
  g_assert_cmpint (seats[3].level, ==, KSM_LEVEL_EASY);
  /* the score stays by colour: of three, the third seat is Green */
  g_assert_cmpuint (ksm_game_settings_get_points (ashte, ashte_rules, &options, points), ==, 3);
  g_assert_cmpint (points[0], ==, 1);
  g_assert_cmpint (points[1], ==, 2);
  g_assert_cmpint (points[2], ==, 3);
  g_assert_cmpuint (ksm_game_settings_get_points (ashte, ashte_rules, &defaults, points), ==, 4);
  g_assert_cmpint (points[3], ==, 4);

  /* Asi Keliya: every rule on, and the score by team */
  ksm_game_settings_get_choices (asi, asi_rules, &options, seats);
  g_assert_cmpint (options.first_player, ==, 1);
  g_assert_true (options.flags & KSM_OPT_ASI_PASSING);
  g_assert_true (options.flags & KSM_OPT_ASI_PARTNER_PLAY);
  g_assert_cmpint (seats[0].level, ==, KSM_LEVEL_RANDOM);
  g_assert_cmpint (seats[0].kind, ==, KSM_SEAT_COMPUTER);
  g_assert_cmpint (seats[1].kind, ==, KSM_SEAT_PERSON);
  g_assert_cmpuint (ksm_game_settings_get_points (asi, asi_rules, &options, points), ==, 4);
  g_assert_cmpint (points[0], ==, 8);
  g_assert_cmpint (points[1], ==, 9);
  g_assert_cmpint (points[2], ==, 8);
  g_assert_cmpint (points[3], ==, 9);

  /* once: an old key written afterwards is not read again */
  g_settings_set_int (settings, "kasimala-throw-limit", 99);
  ksm_game_settings_migrate (settings);
  g_assert_cmpint (g_settings_get_int (kasimala, "throw-limit"), ==, 1234);

  /* and a new game from the page follows what was carried over */
  activate (fixture, "win.choose-game", g_variant_new_string ("kasimala"));
  activate (fixture, "win.start-game", NULL);
  game = ksm_window_get_game (fixture->window);
  g_assert_nonnull (game);
  g_assert_cmpint (ksm_game_get_options (game)->length, ==, 25);
  g_assert_cmpint (ksm_game_get_options (game)->throw_limit, ==, 1234);
  g_assert_cmpint (ksm_game_get_options (game)->first_player, ==, 1);
  g_assert_cmpint (ksm_game_get_seat (game, 1)->level, ==, KSM_LEVEL_EASY);

  /* a game nobody chose for keeps its rules' defaults */
  g_object_unref (fresh_game_settings ("kasimala"));
  ksm_game_settings_get_choices (kasimala, kasimala_rules, &options, seats);
  kasimala_rules->default_options (&defaults);
  g_assert_cmpint (options.length, ==, defaults.length);
  g_assert_cmpint (options.throw_limit, ==, defaults.throw_limit);
  g_assert_cmpuint (options.flags, ==, defaults.flags);
}

/* A game the app has no skin for, of two players without a board length
 * or a throw limit: the page offers a row a seat, and keeps its choices
 * under the game's own path */
static void
test_new_game_page_for_unknown_game (Fixture *fixture, gconstpointer data)
{
  static KsmRules unknown;
  KsmNewGamePage *page = ksm_window_get_new_game_page (fixture->window);
  g_autoptr(GSettings) game_settings = NULL;
  g_autoptr(GSettings) kasimala_settings = ksm_game_settings_new (ksm_rules_lookup ("kasimala"));
  g_autofree char *kasimala_seats = NULL;
  const char *seats[] = { "person", "hard", NULL };
  KsmOptions options;
  KsmSeat chosen[KSM_MAX_PLAYERS];
  g_auto(GStrv) stored = NULL;

  unknown = *ksm_rules_lookup ("kasimala");
  unknown.id = "unknown-race";
  unknown.lengths = NULL;
  unknown.n_lengths = 0;
  unknown.throw_limit = false;
  game_settings = ksm_game_settings_new (&unknown);
  g_settings_set_strv (game_settings, "seats", seats);
  kasimala_seats = g_variant_print (g_settings_get_value (kasimala_settings, "seats"), FALSE);

  ksm_new_game_page_set_rules (page, &unknown);
  g_assert_true (ksm_new_game_page_get_rules (page) == &unknown);
  unknown.default_options (&options);
  /* a row a seat, named as the engine names the players */
  for (int p = 0; p < 2; p++)
    g_assert_nonnull (find_visible_row (GTK_WIDGET (page), unknown.player_name (&options, p)));
  g_assert_null (find_visible_row (GTK_WIDGET (page), "_Opponent"));
  g_assert_null (find_visible_row (GTK_WIDGET (page), "Board _Length"));
  g_assert_null (find_visible_row (GTK_WIDGET (page), "Throw _Limit"));
  g_assert_null (find_visible_row (GTK_WIDGET (page), "_Number of Players"));

  ksm_new_game_page_get_choices (page, &options, chosen);
  g_assert_cmpint (options.n_players, ==, 2);
  g_assert_cmpint (chosen[0].kind, ==, KSM_SEAT_PERSON);
  g_assert_cmpint (chosen[1].kind, ==, KSM_SEAT_COMPUTER);
  g_assert_cmpint (chosen[1].level, ==, KSM_LEVEL_HARD);
  /* remembered under its own path, the other games' settings untouched */
  stored = g_settings_get_strv (game_settings, "seats");
  g_assert_cmpstr (stored[1], ==, "hard");
  g_assert_nonnull (g_settings_get_user_value (game_settings, "rules-off"));
  {
    g_autofree char *after = g_variant_print (g_settings_get_value (kasimala_settings, "seats"), FALSE);
    g_assert_cmpstr (after, ==, kasimala_seats);
  }
}

/* The pace chosen in Preferences reaches the game in progress at once: the
 * computer's delay a step, its pause after a throw and the board's walk,
 * each as the row says; "computer-delay", set, stands for the pace (the
 * tests' 0). A game of two has no "since your turn" strip. */
static void
test_pace_reaches_the_game (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kasimala.Kasimala");
  KsmGame *game = start_person_game (fixture, 0);
  KsmBoard *board = board_of (fixture);
  GtkWidget *preferences;
  AdwComboRow *row;
  GListModel *paces;

  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (ksm_game_view_get_turn_strip (
    ksm_window_get_game_view (fixture->window)))));
  g_assert_cmpuint (ksm_game_get_computer_delay (game), ==, 0);
  g_assert_cmpuint (ksm_game_get_throw_pause (game), ==, 0);

  g_settings_reset (settings, "computer-delay");
  g_settings_set_string (settings, "pace", "slow");
  g_assert_cmpuint (ksm_game_get_computer_delay (game), ==, 1600);
  g_assert_cmpuint (ksm_game_get_throw_pause (game), ==, 2000);
  g_assert_cmpuint (ksm_board_get_animation_duration (board), ==, 600);

  /* Preferences shows the pace set, with its times, and sets another */
  preferences = ksm_preferences_window_new (GTK_WINDOW (fixture->window));
  gtk_window_present (GTK_WINDOW (preferences));
  iterate (2);
  row = ADW_COMBO_ROW (find_visible_row (preferences, "Computer _Pace"));
  g_assert_nonnull (row);
  paces = adw_combo_row_get_model (row);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (paces), adw_combo_row_get_selected (row)),
                   ==, "Slow");
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "1.6 s"));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "2 s"));

  /* an older version's time gives way to the pace chosen */
  g_settings_set_int (settings, "computer-delay", 1200);
  g_assert_cmpuint (ksm_game_get_computer_delay (game), ==, 1200);
  g_assert_cmpuint (ksm_game_get_throw_pause (game), ==, 1200);
  adw_combo_row_set_selected (row, 2);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (paces), 2), ==, "Fast");
  {
    g_autofree char *pace = g_settings_get_string (settings, "pace");
    g_assert_cmpstr (pace, ==, "fast");
  }
  g_assert_null (g_settings_get_user_value (settings, "computer-delay"));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "0.4 s"));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "0.6 s"));
  g_assert_cmpuint (ksm_game_get_computer_delay (game), ==, 400);
  g_assert_cmpuint (ksm_game_get_throw_pause (game), ==, 600);
  g_assert_cmpuint (ksm_board_get_animation_duration (board), ==, 150);

  adw_combo_row_set_selected (row, 3);
  g_assert_cmpuint (ksm_game_get_computer_delay (game), ==, 0);
  g_assert_cmpuint (ksm_game_get_throw_pause (game), ==, 0);
  g_assert_cmpuint (ksm_board_get_animation_duration (board), ==, 0);
  gtk_window_destroy (GTK_WINDOW (preferences));
  iterate (2);

  /* a game started afterwards gets the pace too */
  g_settings_set_string (settings, "pace", "normal");
  game = start_person_game (fixture, 0);
  g_assert_cmpuint (ksm_game_get_computer_delay (game), ==, 0);
  g_settings_reset (settings, "computer-delay");
  g_assert_cmpuint (ksm_game_get_computer_delay (game), ==, 900);
  g_assert_cmpuint (ksm_game_get_throw_pause (game), ==, 1200);
  g_assert_cmpuint (ksm_board_get_animation_duration (board), ==, 350);

  g_settings_reset (settings, "pace");
  g_settings_set_int (settings, "computer-delay", 0);
}

/* the board's coordinate labels shown, and whether any lies over a cell */
static guint
count_coordinates (KsmBoard *board, gboolean *over_a_cell)
{
  guint n_cells = ksm_board_get_n_board_cells (board), shown = 0;

  *over_a_cell = FALSE;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (board)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      graphene_rect_t label, cell, both;

      if (!gtk_widget_has_css_class (child, "coordinate") || !gtk_widget_get_mapped (child))
        continue;
      shown++;
      g_assert_true (gtk_widget_compute_bounds (child, GTK_WIDGET (board), &label));
      for (guint i = 0; i < n_cells; i++)
        if (gtk_widget_compute_bounds (ksm_board_get_cell (board, i), GTK_WIDGET (board), &cell)
            && graphene_rect_intersection (&label, &cell, &both)
            && both.size.width > 0.5f && both.size.height > 0.5f)
          *over_a_cell = TRUE;
    }
  return shown;
}

static gboolean
coordinates_laid_out (gpointer board)
{
  gboolean over_a_cell;

  return count_coordinates (board, &over_a_cell) == 3 + 17;
}

static gboolean
coordinates_gone (gpointer board)
{
  gboolean over_a_cell;

  return count_coordinates (board, &over_a_cell) == 0;
}

static void
test_coordinates_switch (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kasimala.Kasimala");
  KsmBoard *board;
  GtkWidget *preferences;
  AdwActionRow *row;
  GtkWidget *toggle;
  gboolean over_a_cell = TRUE;

  start_person_game (fixture, 0);
  board = board_of (fixture);
  /* on at first: a row letter each row, a number each column, beside the cells */
  g_assert_true (ksm_board_get_show_coordinates (board));
  wait_for (coordinates_laid_out, board, "the coordinates along the board's edges");
  count_coordinates (board, &over_a_cell);
  g_assert_false (over_a_cell);

  preferences = ksm_preferences_window_new (GTK_WINDOW (fixture->window));
  gtk_window_present (GTK_WINDOW (preferences));
  iterate (2);
  row = ADW_ACTION_ROW (find_visible_row (preferences, "Show _Coordinates"));
  g_assert_nonnull (row);
  toggle = adw_action_row_get_activatable_widget (row);
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (toggle)));

  /* the switch turns them off on the board at once, and on again */
  gtk_switch_set_active (GTK_SWITCH (toggle), FALSE);
  g_assert_false (g_settings_get_boolean (settings, "show-coordinates"));
  g_assert_false (ksm_board_get_show_coordinates (board));
  wait_for (coordinates_gone, board, "the coordinates hidden");
  gtk_switch_set_active (GTK_SWITCH (toggle), TRUE);
  g_assert_true (ksm_board_get_show_coordinates (board));
  wait_for (coordinates_laid_out, board, "the coordinates shown again");

  gtk_window_destroy (GTK_WINDOW (preferences));
  iterate (2);
  g_settings_reset (settings, "show-coordinates");
}

/* the newest row of the history's list, as laid out, is inside its pane:
 * what is drawn, not only what the scroll bar says */
static gboolean
newest_row_drawn (GtkWidget *scroller)
{
  GtkWidget *list = find_of_type (scroller, GTK_TYPE_LIST_BOX);
  GtkWidget *last = list != NULL ? gtk_widget_get_last_child (list) : NULL;
  graphene_rect_t bounds;

  while (last != NULL && !GTK_IS_LIST_BOX_ROW (last))
    last = gtk_widget_get_prev_sibling (last);
  if (last == NULL || !gtk_widget_compute_bounds (last, scroller, &bounds))
    return FALSE;
  return bounds.origin.y >= -1
         && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scroller) + 1;
}

/* the history's list shows its newest row, at its end */
static gboolean
history_at_end (gpointer data)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (data));

  return gtk_adjustment_get_upper (adjustment) > gtk_adjustment_get_page_size (adjustment)
         && gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment)
            >= gtk_adjustment_get_upper (adjustment) - 1
         && newest_row_drawn (data);
}

static gboolean
list_longer_than_its_pane (gpointer adjustment)
{
  return gtk_adjustment_get_upper (adjustment) > 2 * gtk_adjustment_get_page_size (adjustment);
}

/* A game long enough to scroll the history: after each move its list ends
 * on the newest row, however late the rows' heights come; and once the
 * person scrolls back, the next row brings the list to its end again */
static void
test_history_follows_the_newest_row (Fixture *fixture, gconstpointer data)
{
  KsmGame *game = start_person_game (fixture, 0);
  GtkWidget *history = ksm_game_view_get_history (ksm_window_get_game_view (fixture->window));
  GtkWidget *scroller = find_of_type (history, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment;
  guint moves = 0;

  g_assert_nonnull (scroller);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  while (moves < 40 && ksm_game_get_phase (game) != KSM_PHASE_OVER)
    {
      guint n_moves;
      const KsmMove *choices;

      throw_until_movable (fixture, game);
      choices = ksm_game_get_moves (game, &n_moves);
      g_assert_true (ksm_game_play (game, &choices[0]));
      moves++;
      /* once the list is longer than its pane */
      if (list_longer_than_its_pane (adjustment))
        wait_for (history_at_end, scroller, "the history's list to end on its newest row");
    }
  /* the rows' heights come with the next layouts, later on a loaded machine */
  wait_for (list_longer_than_its_pane, adjustment, "the history's list to be twice its pane");

  gtk_adjustment_set_value (adjustment, 0);
  g_assert_false (history_at_end (scroller));
  throw_until_movable (fixture, game);
  wait_for (history_at_end, scroller, "the list to come back to its end for the next row");

  /* resumed by a new start of the app, the list opens on its newest row:
   * its rows all come at once, before the pane has its size */
  ksm_window_flush_autosave (fixture->window);
  /* the first window goes, as the app it belonged to did: its autosave
   * is free for the next start to take (ksm-store.c's autosave locks) */
  test_destroy_window (GTK_WINDOW (fixture->window));
  {
    KsmWindow *second = fixture->window = ksm_window_new (fixture->app);
    GtkWidget *again;

    gtk_window_present (GTK_WINDOW (second));
    iterate (2);
    g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (second), "win.resume", NULL));
    again = find_of_type (ksm_game_view_get_history (ksm_window_get_game_view (second)),
                          GTK_TYPE_SCROLLED_WINDOW);
    wait_for (history_at_end, again, "the resumed game's history to open at its end");
  }
}

/* the game-over dialogs among the app's windows, made, shown or not; and
 * the last of them in *last, when asked */
static guint
count_message_dialogs (gpointer *last)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* GTK's own */
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);
      if (ADW_IS_MESSAGE_DIALOG (window))
        {
          n++;
          if (last != NULL)
            *last = window;
        }
    }
  return n;
}

/* A window closed as its game ends, before the end's dialog is shown (it
 * waits a moment, so the last move is seen): the dialog goes with it. It
 * used to wait on, its transient parent freed, and crash the next window
 * presented. */
static void
test_window_closed_as_its_game_ends (Fixture *fixture, gconstpointer data)
{
  GSettings *settings = g_settings_new ("io.github.kasimala.Kasimala");
  g_autoptr(GSettings) game_settings = ksm_game_settings_new (ksm_rules_lookup ("kasimala"));
  const char *seats[] = { "person", "person", NULL };
  KsmWindow *window = ksm_window_new (fixture->app);
  guint dialogs_before = count_message_dialogs (NULL);
  gpointer dialog = NULL;   /* compared, never read */
  KsmGame *game;
  gint64 deadline = test_hang_deadline ();

  g_settings_set_strv (game_settings, "seats", seats);
  g_settings_set_int (settings, "computer-delay", 0);
  g_object_unref (settings);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.choose-game",
                                                     g_variant_new_string ("kasimala")));
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.start-game", NULL));
  game = ksm_window_get_game (window);
  g_assert_nonnull (game);
  while (ksm_game_get_phase (game) != KSM_PHASE_OVER)
    {
      test_check_hang (deadline, "a game of two persons");
      if (ksm_game_get_phase (game) == KSM_PHASE_THROW)
        g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.throw", NULL));
      else
        {
          guint n_moves;
          const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
          g_assert_true (ksm_game_play (game, &moves[0]));
        }
    }
  /* what the window has ready runs; the end's dialog is made, and on a
   * quick machine still waits to be shown (on a slow one it may be shown
   * already, and then there is nothing to wait on either way) */
  iterate (3);
  g_assert_cmpuint (count_message_dialogs (&dialog), ==, dialogs_before + 1);

  test_destroy_window (GTK_WINDOW (window));
  /* nothing is left waiting to show it */
  g_assert_null (g_main_context_find_source_by_user_data (NULL, dialog));
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-app-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/app/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("opens-on-start-page", test_opens_on_start_page);
  ADD ("coordinates-switch", test_coordinates_switch);
  ADD ("new-game-uses-choices", test_new_game_uses_choices);
  ADD ("click-moves-and-undo-restores", test_click_moves_and_undo_restores);
  ADD ("whole-game-against-computer", test_whole_game_against_computer);
  ADD ("resume-offered-after-restart", test_resume_offered_after_restart);
  ADD ("accessible-cells", test_accessible_header_and_cells);
  ADD ("hint-ranks-and-plays", test_hint_ranks_and_plays);
  ADD ("hint-list-keyboard-and-board", test_hint_list_keyboard_and_board);
  ADD ("hint-equal-chances", test_hint_equal_chances);
  ADD ("rules-pane-beside-the-board", test_rules_pane_beside_the_board);
  ADD ("rules-window-from-start-page", test_rules_window_from_start_page);
  ADD ("rules-pane-narrow", test_rules_pane_narrow);
  ADD ("actions-follow-the-game", test_actions_follow_the_game);
  ADD ("old-settings-move-once", test_old_settings_move_once);
  ADD ("new-game-page-for-unknown-game", test_new_game_page_for_unknown_game);
  ADD ("pace-reaches-the-game", test_pace_reaches_the_game);
  ADD ("history-follows-the-newest-row", test_history_follows_the_newest_row);
  ADD ("window-closed-as-its-game-ends", test_window_closed_as_its_game_ends);
#undef ADD

  status = g_test_run ();
  remove_tree (data_home);
  return status;
}

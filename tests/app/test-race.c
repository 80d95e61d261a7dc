/* test-race.c: a fourth game in the app, under Xvfb. Sun and Moon
 * (tests/fourth-game/race-rules.c), a race the app does not ship, is
 * registered with the engine at the start of the process with a skin of
 * this test's, and played as a person plays the shipped games: the start
 * page lists it, its new-game page seats two people or a person and the
 * computer, the board shows its track, goals and yards, a throw and a click
 * on a highlighted cell move, the history says so, undo takes it back, the
 * autosave resumes it after a restart, and a game played to its end is in
 * the saved games and opens for review. No file of src/ui or src/model
 * knows the game, and none of the shipped games' settings changes for it. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ksm-application.h"
#include "ksm-board.h"
#include "ksm-cell.h"
#include "ksm-game-view.h"
#include "ksm-history-view.h"
#include "ksm-library-item.h"
#include "ksm-library-page.h"
#include "ksm-new-game-page.h"
#include "ksm-player.h"
#include "ksm-review.h"
#include "ksm-skin.h"
#include "ksm-start-page.h"
#include "ksm-window.h"

#include "race-rules.h"

#include "app-test-util.h"

/* ---- the game's skin: its name and the words for its sides ---- */

static char *
count_sun (guint count)
{
  return g_strdup_printf (count == 1 ? "%u Sun disc" : "%u Sun discs", count);
}

static char *
count_moon (guint count)
{
  return g_strdup_printf (count == 1 ? "%u Moon disc" : "%u Moon discs", count);
}

static const KsmSkinSide race_sides[] = {
  { "Sun", "Sun", "Sun’s discs", count_sun },
  { "Moon", "Moon", "Moon’s discs", count_moon },
};

static const KsmSkin race_skin = {
  .rules_id = "race",
  .name = "Sun and Moon",
  .summary = "A test’s race: two discs a side along eight cells, one coin.",
  .listed = TRUE,
  .sides = race_sides,
  .n_sides = G_N_ELEMENTS (race_sides),
};

/* ---- finding widgets ---- */

static KsmBoard *
board_of (Fixture *fixture)
{
  return KSM_BOARD (ksm_game_view_get_board (ksm_window_get_game_view (fixture->window)));
}

static gboolean
action_enabled (Fixture *fixture, const char *name)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->window), name);
}

static TestMatch
match_icon (GtkWidget *widget, gconstpointer icon_name)
{
  return GTK_IS_IMAGE (widget) && g_strcmp0 (gtk_image_get_icon_name (GTK_IMAGE (widget)), icon_name) == 0
         ? TEST_MATCH_YES : TEST_MATCH_NO;
}

/* the throw objects the throw view draws */
static guint
count_throw_objects (GtkWidget *widget)
{
  guint n = gtk_widget_has_css_class (widget, "strip") || gtk_widget_has_css_class (widget, "cowrie");

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_throw_objects (child);
  return n;
}

/* the position of the game on the board, in notation */
static char *
position_of (KsmGame *game)
{
  char text[KSM_NOTATION_MAX];

  g_assert_cmpint (race_rules.format_position (ksm_game_get_position (game), text, sizeof text), >, 0);
  return g_strdup (text);
}

/* The shipped games' own settings (their seats, rules and scores), as
 * text: a game of another game leaves them as they were */
static char *
shipped_games_settings (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kasimala.Kasimala");
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;
  GString *text = g_string_new (NULL);

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    if (g_str_has_prefix (keys[i], "kasimala-") || g_str_has_prefix (keys[i], "ashte-")
        || g_str_has_prefix (keys[i], "asi-") || strcmp (keys[i], "board-length") == 0)
      {
        g_autoptr(GVariant) value = g_settings_get_value (settings, keys[i]);
        g_autofree char *printed = g_variant_print (value, FALSE);
        g_string_append_printf (text, "%s=%s\n", keys[i], printed);
      }
  return g_string_free (text, FALSE);
}

/* A seat's row on the new-game page, named for its side: a person, or a
 * computer level (0 a person, 1 + level a computer) */
static void
choose_seat (Fixture *fixture, const char *side, guint choice)
{
  GtkWidget *row = find_visible_row (GTK_WIDGET (ksm_window_get_new_game_page (fixture->window)), side);
  GListModel *choices;

  if (row == NULL || !ADW_IS_COMBO_ROW (row))
    g_error ("the new-game page has no row for %s's seat", side);
  choices = adw_combo_row_get_model (ADW_COMBO_ROW (row));
  g_assert_cmpuint (g_list_model_get_n_items (choices), ==, 1 + KSM_N_LEVELS);
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), choice);
  iterate (1);
}

/* The start page's row for the game opens its new-game page; Sun a person,
 * Moon as `moon` says; the game starts */
static KsmGame *
start_game (Fixture *fixture, guint moon)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kasimala.Kasimala");
  GtkWidget *row;
  KsmGame *game;

  g_settings_set_int (settings, "computer-delay", 0);
  activate (fixture, "win.show-start", NULL);
  row = find_visible_row (GTK_WIDGET (ksm_window_get_start_page (fixture->window)), "Sun and Moon");
  g_assert_true (ADW_IS_ACTION_ROW (row));
  g_assert_true (gtk_widget_activate (row));
  iterate (2);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "new-game");
  g_assert_true (ksm_new_game_page_get_rules (ksm_window_get_new_game_page (fixture->window)) == &race_rules);
  choose_seat (fixture, "Sun", 0);
  choose_seat (fixture, "Moon", moon);
  activate (fixture, "win.start-game", NULL);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  game = ksm_window_get_game (fixture->window);
  g_assert_nonnull (game);
  g_assert_true (ksm_game_get_rules (game) == &race_rules);
  ksm_game_set_computer_delay (game, 0);
  return game;
}

/* Throws by the window's action (as Space does) until a throw can be used */
static void
throw_until_movable (Fixture *fixture, KsmGame *game)
{
  for (int tries = 0; tries < 500; tries++)
    {
      ksm_board_finish_animation (board_of (fixture));
      if (ksm_game_get_phase (game) == KSM_PHASE_MOVE && ksm_game_is_person_to_act (game))
        return;
      g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_THROW);
      g_assert_true (action_enabled (fixture, "throw"));
      activate (fixture, "win.throw", NULL);
    }
  g_assert_not_reached ();
}

/* Plays `move` as a person does: a click on the highlighted cell it moves
 * from (a yard, for a piece entering) */
static void
click_move (Fixture *fixture, const KsmMove *move)
{
  GtkWidget *cell = ksm_board_get_move_cell (board_of (fixture), move);

  g_assert_nonnull (cell);
  g_assert_true (ksm_cell_get_movable (KSM_CELL (cell)));
  g_assert_true (gtk_widget_has_css_class (cell, "movable"));
  g_assert_true (gtk_widget_activate (cell));
  iterate (2);
  ksm_board_finish_animation (board_of (fixture));
  iterate (2);
}

static GtkWidget *
yard (Fixture *fixture, int player)
{
  return ksm_board_get_cell (board_of (fixture), (guint) (RACE_N_CELLS + player));
}

static KsmHistoryView *
history_of (Fixture *fixture)
{
  return KSM_HISTORY_VIEW (ksm_game_view_get_history (ksm_window_get_game_view (fixture->window)));
}

/* ---- the tests ---- */

/* The start page offers it by the skin's name and summary; with no icon of
 * its own it shows the app's */
static void
test_start_page_lists_it (Fixture *fixture, gconstpointer data)
{
  GtkWidget *row = find_visible_row (GTK_WIDGET (ksm_window_get_start_page (fixture->window)), "Sun and Moon");

  g_assert_true (ADW_IS_ACTION_ROW (row));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, race_skin.summary);
  g_assert_nonnull (find_widget (row, match_icon, APPLICATION_ID));
  g_assert_true (gtk_widget_activate (row));
  iterate (2);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "new-game");
  g_assert_true (ksm_new_game_page_get_rules (ksm_window_get_new_game_page (fixture->window)) == &race_rules);
}

/* Two people, or a person against a computer level, as chosen; the
 * choices are the game's own, not another game's settings */
static void
test_new_game_seats (Fixture *fixture, gconstpointer data)
{
  g_autofree char *shipped = shipped_games_settings ();
  KsmGame *game = start_game (fixture, 0);
  const KsmOptions *options = ksm_game_get_options (game);
  KsmOptions defaults;

  race_rules.default_options (&defaults);
  g_assert_cmpint (options->game, ==, ksm_rules_kind (&race_rules));
  g_assert_cmpint (options->n_players, ==, 2);
  /* a game never set up before plays its standard rules */
  g_assert_cmpuint (options->flags, ==, defaults.flags);
  g_assert_cmpint (ksm_game_get_seat (game, RACE_SUN)->kind, ==, KSM_SEAT_PERSON);
  g_assert_cmpint (ksm_game_get_seat (game, RACE_MOON)->kind, ==, KSM_SEAT_PERSON);

  game = start_game (fixture, 1 + KSM_LEVEL_EASY);
  g_assert_cmpint (ksm_game_get_seat (game, RACE_SUN)->kind, ==, KSM_SEAT_PERSON);
  g_assert_cmpint (ksm_game_get_seat (game, RACE_MOON)->kind, ==, KSM_SEAT_COMPUTER);
  g_assert_cmpint (ksm_game_get_seat (game, RACE_MOON)->level, ==, KSM_LEVEL_EASY);
  {
    g_autofree char *after = shipped_games_settings ();
    g_assert_cmpstr (after, ==, shipped);
  }
}

/* The board: the track and two goals from the rules, a yard a side with
 * its two pieces, in the skin's words and the sides' styles. A throw and a
 * click enter a piece; the history says it; undo takes it back. */
static void
test_board_move_history_undo (Fixture *fixture, gconstpointer data)
{
  KsmGame *game = start_game (fixture, 0);
  KsmBoard *board = board_of (fixture);
  g_autofree char *before = NULL, *after = NULL;
  guint n_events, rows_before, rows_thrown;
  char to[16];
  const KsmMove *moves;
  const KsmEvent *event;
  KsmMove move;

  g_assert_cmpuint (ksm_board_get_n_board_cells (board), ==, RACE_N_CELLS);
  g_assert_true (gtk_widget_has_css_class (ksm_board_get_cell (board, RACE_SUN_GOAL), "goal"));
  g_assert_true (gtk_widget_has_css_class (ksm_board_get_cell (board, RACE_MOON_GOAL), "goal"));
  g_assert_false (gtk_widget_has_css_class (ksm_board_get_cell (board, 3), "goal"));
  for (int p = 0; p < 2; p++)
    {
      g_assert_nonnull (yard (fixture, p));
      g_assert_true (gtk_widget_has_css_class (yard (fixture, p), "yard"));
      g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (yard (fixture, p))), ==, RACE_PIECES);
      g_assert_cmpint (ksm_cell_get_player (KSM_CELL (yard (fixture, p))), ==,
                       p == RACE_SUN ? KSM_CELL_STYLE_YELLOW : KSM_CELL_STYLE_BLUE);
    }
  g_assert_null (ksm_board_get_cell (board, RACE_N_CELLS + 2));
  /* the yard's label counts its pieces in the skin's words */
  g_assert_nonnull (strstr (ksm_cell_get_label (KSM_CELL (yard (fixture, RACE_SUN))), "2 Sun discs"));
  /* the status names the side to throw by its skin's name */
  g_assert_nonnull (strstr (ksm_game_view_get_status (ksm_window_get_game_view (fixture->window)), "Sun"));

  /* the first throw always lets a piece enter; the throw view shows the
   * game's one coin */
  rows_before = ksm_history_view_get_n_rows (history_of (fixture));
  throw_until_movable (fixture, game);
  g_assert_cmpuint (count_throw_objects (ksm_game_view_get_throw_view (ksm_window_get_game_view (fixture->window))),
                    ==, race_rules.throws.n_objects);
  g_assert_cmpint (ksm_game_get_player (game), ==, RACE_SUN);
  before = position_of (game);
  n_events = ksm_record_get_n_events (ksm_game_get_record (game));
  rows_thrown = ksm_history_view_get_n_rows (history_of (fixture));
  moves = ksm_game_get_moves (game, NULL);
  move = moves[0];
  g_assert_cmpint (move.kind, ==, KSM_MOVE_START);
  g_assert_true (ksm_board_get_move_cell (board, &move) == yard (fixture, RACE_SUN));
  click_move (fixture, &move);

  g_assert_cmpuint (ksm_record_get_n_events (ksm_game_get_record (game)), ==, n_events + 1);
  event = ksm_record_get_event (ksm_game_get_record (game), n_events);
  g_assert_cmpint (event->kind, ==, KSM_EVENT_MOVE);
  g_assert_cmpint (event->move.to, ==, move.to);
  /* the piece walked its throw from the start cell */
  {
    const int8_t *path;
    int length = ksm_game_get_last_path (game, &path);
    g_assert_cmpint (length, ==, move.distance);
    g_assert_cmpint (path[0], ==, 0);
    g_assert_cmpint (path[length - 1], ==, move.to);
  }
  g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (yard (fixture, RACE_SUN))), ==, 1);
  g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (ksm_board_get_cell (board, (guint) move.to))), ==, 1);
  g_assert_cmpint (ksm_cell_get_player (KSM_CELL (ksm_board_get_cell (board, (guint) move.to))), ==,
                   KSM_CELL_STYLE_YELLOW);
  g_assert_false (ksm_cell_get_movable (KSM_CELL (yard (fixture, RACE_SUN))));

  /* the history says who moved, where to */
  race_rules.cell_name (ksm_game_get_options (game), move.to, to, sizeof to);
  {
    KsmHistoryView *history = history_of (fixture);
    guint rows = ksm_history_view_get_n_rows (history);
    const char *last;

    g_assert_cmpuint (rows, >, rows_before);
    last = ksm_history_view_get_row_text (history, rows - 1);
    g_test_message ("history: %s", last);
    g_assert_nonnull (strstr (last, "Sun"));
    g_assert_nonnull (strstr (last, to));
  }

  /* undo puts the piece back in its yard, the same throw waiting */
  g_assert_true (action_enabled (fixture, "undo"));
  activate (fixture, "win.undo", NULL);
  ksm_board_finish_animation (board);
  iterate (2);
  after = position_of (game);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (yard (fixture, RACE_SUN))), ==, RACE_PIECES);
  g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (ksm_board_get_cell (board, (guint) move.to))), ==, 0);
  g_assert_true (ksm_cell_get_movable (KSM_CELL (yard (fixture, RACE_SUN))));
  /* and the history is back to the throw alone */
  g_assert_cmpuint (ksm_history_view_get_n_rows (history_of (fixture)), ==, rows_thrown);
  g_assert_null (strstr (ksm_history_view_get_row_text (history_of (fixture), rows_thrown - 1), to));
  g_assert_true (action_enabled (fixture, "redo"));
}

/* A game under way is written as it goes, and a new start of the app
 * offers it back where it stood */
static void
test_autosave_resumed (Fixture *fixture, gconstpointer data)
{
  KsmGame *game = start_game (fixture, 0);
  g_autofree char *position = NULL, *resumed = NULL;
  g_autofree char *autosave = g_build_filename (fixture->data_dir, "autosave.json", NULL);
  KsmWindow *second;
  KsmGame *again;

  for (int moves = 0; moves < 3; moves++)
    {
      throw_until_movable (fixture, game);
      click_move (fixture, &ksm_game_get_moves (game, NULL)[0]);
    }
  throw_until_movable (fixture, game);
  position = position_of (game);

  /* the app before the restart ended by quitting, which waits for the
   * autosave */
  ksm_window_flush_autosave (fixture->window);
  g_assert_true (g_file_test (autosave, G_FILE_TEST_IS_REGULAR));
  {
    g_autofree char *contents = NULL;
    g_assert_true (g_file_get_contents (autosave, &contents, NULL, NULL));
    g_assert_nonnull (strstr (contents, "\"race\""));
  }
  /* the first window goes, as the app it belonged to did: its autosave
   * is free for the next start to take (ksm-store.c's autosave locks) */
  test_destroy_window (GTK_WINDOW (fixture->window));
  fixture->window = second = ksm_window_new (fixture->app);
  iterate (2);
  g_assert_cmpstr (ksm_window_get_page_name (second), ==, "start");
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (second), "win.resume", NULL));
  iterate (2);
  g_assert_cmpstr (ksm_window_get_page_name (second), ==, "game");
  again = ksm_window_get_game (second);
  g_assert_true (ksm_game_get_rules (again) == &race_rules);
  resumed = position_of (again);
  g_assert_cmpstr (resumed, ==, position);
  g_assert_cmpint (ksm_game_get_seat (again, RACE_MOON)->kind, ==, KSM_SEAT_PERSON);
  iterate (2);
}

typedef struct {
  Fixture *fixture;
  char    *title;
} RowWanted;

static gboolean
analysed (gpointer review)
{
  return ksm_review_is_analysed (KSM_REVIEW (review));
}

/* the saved games' row titled `title`, once the list shows it */
static GtkListBoxRow *
library_row (Fixture *fixture, const char *title)
{
  GtkListBox *list = ksm_library_page_get_list (ksm_window_get_library_page (fixture->window));

  for (int i = 0; gtk_list_box_get_row_at_index (list, i) != NULL; i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, i);
      if (g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), title) == 0)
        return row;
    }
  return NULL;
}

static gboolean
row_listed (gpointer data)
{
  RowWanted *wanted = data;
  return library_row (wanted->fixture, wanted->title) != NULL;
}

/* A person against the computer to the end, through the UI; the finished
 * game is in the saved games, and opens for review, which steps through it
 * to the end the board showed */
static void
test_whole_game_saved_and_reviewed (Fixture *fixture, gconstpointer data)
{
  g_autofree char *shipped = shipped_games_settings ();
  KsmGame *game = start_game (fixture, 1 + KSM_LEVEL_RANDOM);
  KsmBoard *board = board_of (fixture);
  AdwMessageDialog *dialog = NULL;
  KsmOutcome outcome;
  RowWanted wanted = { fixture, NULL };
  g_autofree char *end = NULL, *reviewed = NULL, *winner_said = NULL;
  gint64 deadline = test_hang_deadline ();
  guint person_moves = 0, n_events;
  GtkListBoxRow *row;
  KsmReview *review;

  while (ksm_game_get_phase (game) != KSM_PHASE_OVER)
    {
      test_check_hang (deadline, "a game against the computer");
      ksm_board_finish_animation (board);
      if (ksm_game_is_person_to_act (game) && ksm_game_get_phase (game) == KSM_PHASE_THROW)
        activate (fixture, "win.throw", NULL);
      else if (ksm_game_is_person_to_act (game) && ksm_game_get_phase (game) == KSM_PHASE_MOVE)
        {
          click_move (fixture, &ksm_game_get_moves (game, NULL)[0]);
          person_moves++;
        }
      else
        wait_for_an_event ();   /* the computer's turn: sleep until it acts */
      g_main_context_iteration (NULL, FALSE);
    }
  g_assert_cmpuint (person_moves, >, 0);
  wait_for (dialog_shown, &dialog, "the end of the game's dialog");
  ksm_game_get_outcome (game, &outcome);
  g_assert_true (outcome.over);
  g_assert_cmpint (outcome.reason, ==, KSM_END_ALL_HOME);
  /* the end names the winner as the skin calls it */
  winner_said = g_strdup (race_sides[outcome.winner].name);
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), winner_said));
  /* both the winner's pieces are in its goal */
  g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (ksm_board_get_cell (
                      board, outcome.winner == RACE_SUN ? RACE_SUN_GOAL : RACE_MOON_GOAL))), ==, RACE_PIECES);
  end = position_of (game);
  n_events = ksm_record_get_n_events (ksm_game_get_record (game));
  /* its score is its own: no shipped game's score moved */
  {
    g_autofree char *after = shipped_games_settings ();
    g_assert_cmpstr (after, ==, shipped);
  }
  adw_message_dialog_response (dialog, "new-game");
  iterate (3);

  /* kept in the saved games, under the skin's name and the winner */
  activate (fixture, "win.saved-games", NULL);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "library");
  wanted.title = g_strdup_printf ("Sun and Moon: %s won", winner_said);
  wait_for (row_listed, &wanted, "the finished game in the saved games");
  row = library_row (fixture, wanted.title);
  g_free (wanted.title);
  {
    KsmLibraryItem *item = g_object_get_data (G_OBJECT (row), "item");
    g_assert_nonnull (item);
    g_assert_true (ksm_record_get_rules (ksm_library_item_get_record (item)) == &race_rules);
    g_assert_cmpuint (ksm_record_get_n_events (ksm_library_item_get_record (item)), ==, n_events);
  }

  /* opened, it is under review from its start */
  g_signal_emit_by_name (row, "activated");
  iterate (2);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  review = ksm_game_view_get_review (ksm_window_get_game_view (fixture->window));
  g_assert_nonnull (review);
  g_assert_true (ksm_record_get_rules (ksm_review_get_record (review)) == &race_rules);
  g_assert_cmpuint (ksm_review_get_step (review), ==, 0);
  g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (yard (fixture, RACE_SUN))), ==, RACE_PIECES);

  activate (fixture, "win.review-forward", NULL);
  g_assert_cmpuint (ksm_review_get_step (review), ==, 1);
  activate (fixture, "win.review-end", NULL);
  ksm_board_finish_animation (board_of (fixture));
  iterate (2);
  g_assert_cmpuint (ksm_review_get_step (review), ==, ksm_review_get_n_steps (review));
  reviewed = position_of (ksm_review_get_game (review));
  g_assert_cmpstr (reviewed, ==, end);
  /* the history has the whole game, its last row the winning move */
  {
    guint rows = ksm_history_view_get_n_rows (history_of (fixture));
    g_assert_cmpuint (rows, >, 0);
    g_assert_nonnull (strstr (ksm_history_view_get_row_text (history_of (fixture), rows - 1), winner_said));
  }
  g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (ksm_board_get_cell (
                      board_of (fixture), outcome.winner == RACE_SUN ? RACE_SUN_GOAL : RACE_MOON_GOAL))),
                    ==, RACE_PIECES);

  /* the review's analysis runs on a game with no evaluation of its own,
   * and ends with the winner's chance at one */
  wait_for (analysed, review, "the analysis");
  {
    const double *chances = ksm_review_get_chances (review, ksm_review_get_n_steps (review));
    g_assert_nonnull (chances);
    g_assert_cmpfloat (chances[outcome.winning_team], ==, 1.0);
  }
}

/* With no rules page of its own, the rules pane says so, and does not fail */
static void
test_rules_pane_without_a_page (Fixture *fixture, gconstpointer data)
{
  KsmGameView *view = ksm_window_get_game_view (fixture->window);

  start_game (fixture, 0);
  activate (fixture, "win.rules", NULL);
  g_assert_true (ksm_game_view_get_rules_revealed (view));
  g_assert_nonnull (find_label (GTK_WIDGET (ksm_game_view_get_rules_view (view)),
                                "The rules of this game are not written yet."));
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-race-XXXXXX", NULL);
  int status;

  /* before any window: the start page lists the games it finds */
  race_register ();
  ksm_skin_register (&race_skin);

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/race/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("start-page-lists-it", test_start_page_lists_it);
  ADD ("new-game-seats", test_new_game_seats);
  ADD ("board-move-history-undo", test_board_move_history_undo);
  ADD ("autosave-resumed", test_autosave_resumed);
  ADD ("whole-game-saved-and-reviewed", test_whole_game_saved_and_reviewed);
  ADD ("rules-pane-without-a-page", test_rules_pane_without_a_page);
#undef ADD

  status = g_test_run ();
  remove_tree (data_home);
  return status;
}

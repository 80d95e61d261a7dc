/* test-layout.c: the play screen at the sizes people use, in each game:
 * the board's share of a 1280x800 window; a piece's size at 960x680; the
 * Throw button and the whole board inside an 800x600 and a 360x640
 * window, without scrolling sideways; the window keeping its size through
 * computer turns while the since-your-turn strip fills; the board keeping
 * its place when the status line's text changes. One window a test, sized
 * before it is shown (Xvfb has no window manager to ask), then given the
 * frames to lay out. */
#include "config.h"

#include <adwaita.h>

#include "ksm-board.h"
#include "ksm-cell.h"
#include "ksm-game-settings.h"
#include "ksm-game-view.h"
#include "ksm-play-layout.h"
#include "ksm-turn-strip.h"
#include "ksm-turn-strip.h"

#include "app-test-util.h"

typedef struct {
  const char *game;
  const char *seats[5];
  int         players;    /* 0: the game's own number */
} LayoutGame;

static const LayoutGame games[] = {
  { "kasimala", { "person", "random", NULL }, 0 },
  { "ashte-kashte", { "person", "random", "random", "random", NULL }, 4 },
  { "asi-keliya", { "person", "random", "random", "random", NULL }, 0 },
};

typedef struct {
  const LayoutGame *game;
  int               width, height;
} LayoutCase;

typedef struct {
  KsmApplication *app;
  KsmWindow      *window;
  char           *data_dir;
  int             width, height;             /* asked for */
  int             shown_width, shown_height; /* as shown */
} SizedFixture;

/* the most a window's invisible border takes from the size it asks for */
#define KSM_TEST_BORDER 16

static gboolean
window_shown (gpointer data)
{
  SizedFixture *fixture = data;

  return gtk_widget_get_mapped (GTK_WIDGET (fixture->window)) && gtk_widget_get_width (GTK_WIDGET (fixture->window)) > 0;
}

/* A fresh app's window of the case's size, with its game started: the
 * person's seat first, the computer's without delay */
static void
sized_set_up (SizedFixture *fixture, gconstpointer data)
{
  const LayoutCase *layout_case = data;
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kasimala.Kasimala");
  g_autoptr(GSettings) game_settings = ksm_game_settings_new (ksm_rules_lookup (layout_case->game->game));

  fixture->data_dir = g_build_filename (g_get_user_data_dir (), "kasimala", NULL);
  remove_tree (fixture->data_dir);
  g_mkdir_with_parents (g_get_user_data_dir (), 0700);
  fixture->width = layout_case->width;
  fixture->height = layout_case->height;

  g_settings_set_strv (game_settings, "seats", layout_case->game->seats);
  g_settings_set_int (game_settings, "first", 0);
  if (layout_case->game->players > 0)
    g_settings_set_int (game_settings, "players", layout_case->game->players);
  g_settings_set_int (settings, "computer-delay", 0);

  fixture->app = test_application ();
  fixture->window = ksm_window_new (fixture->app);
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), fixture->width, fixture->height);
  gtk_window_present (GTK_WINDOW (fixture->window));
  iterate (3);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (fixture->window), "win.choose-game",
                                                     g_variant_new_string (layout_case->game->game)));
  iterate (2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.start-game", NULL));
  iterate (2);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  wait_for (window_shown, fixture, "the window shown");
  wait_for_frames (GTK_WIDGET (fixture->window));
  /* without a window manager the window keeps the size it asked for, less
   * its client-side decorations' invisible border; never more, which would
   * be the content asking for more room than the window was given */
  fixture->shown_width = gtk_widget_get_width (GTK_WIDGET (fixture->window));
  fixture->shown_height = gtk_widget_get_height (GTK_WIDGET (fixture->window));
  g_test_message ("window %dx%d asked, %dx%d shown", fixture->width, fixture->height,
                  fixture->shown_width, fixture->shown_height);
  g_assert_cmpint (fixture->shown_width, <=, fixture->width);
  g_assert_cmpint (fixture->shown_width, >=, fixture->width - KSM_TEST_BORDER);
  g_assert_cmpint (fixture->shown_height, <=, fixture->height);
  g_assert_cmpint (fixture->shown_height, >=, fixture->height - KSM_TEST_BORDER);
}

static void
sized_tear_down (SizedFixture *fixture, gconstpointer data)
{
  test_destroy_window (GTK_WINDOW (fixture->window));
  remove_tree (fixture->data_dir);
  g_free (fixture->data_dir);
}

static KsmGameView *
game_view_of (SizedFixture *fixture)
{
  return ksm_window_get_game_view (fixture->window);
}

static KsmBoard *
board_of (SizedFixture *fixture)
{
  return KSM_BOARD (ksm_game_view_get_board (game_view_of (fixture)));
}

/* where `widget` is, in the window's coordinates; FALSE if it is not shown */
static gboolean
bounds_in_window (SizedFixture *fixture, GtkWidget *widget, graphene_rect_t *bounds)
{
  return gtk_widget_is_drawable (widget)
         && gtk_widget_compute_bounds (widget, GTK_WIDGET (fixture->window), bounds);
}

/* The board's drawn grid: every cell's rectangle, yards included, joined */
static graphene_rect_t
grid_of (SizedFixture *fixture)
{
  KsmBoard *board = board_of (fixture);
  graphene_rect_t grid = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  GtkWidget *cell;

  for (guint i = 0; (cell = ksm_board_get_cell (board, i)) != NULL; i++)
    {
      graphene_rect_t bounds;

      g_assert_true (bounds_in_window (fixture, cell, &bounds));
      if (i == 0)
        grid = bounds;
      else
        graphene_rect_union (&grid, &bounds, &grid);
    }
  g_assert_cmpfloat (grid.size.width, >, 0);
  return grid;
}

static gboolean
grid_laid_out (gpointer data)
{
  SizedFixture *fixture = data;
  GtkWidget *cell = ksm_board_get_cell (board_of (fixture), 0);

  return cell != NULL && gtk_widget_get_width (cell) > 0;
}

static gboolean
inside (const graphene_rect_t *inner, const graphene_rect_t *outer)
{
  /* a half pixel for the rounding of fractional bounds */
  graphene_rect_t grown;

  graphene_rect_inset_r (outer, -0.5f, -0.5f, &grown);
  return graphene_rect_contains_rect (&grown, inner);
}

static TestMatch
match_throw_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.throw") == 0
         ? TEST_MATCH_YES : TEST_MATCH_NO;
}

/* the scrolled window nearest above `widget`, or NULL */
static GtkWidget *
scroller_above (GtkWidget *widget)
{
  for (GtkWidget *up = gtk_widget_get_parent (widget); up != NULL; up = gtk_widget_get_parent (up))
    if (GTK_IS_SCROLLED_WINDOW (up))
      return up;
  return NULL;
}

/* ---- the board's share at 1280x800 ---- */

static void
test_board_share (SizedFixture *fixture, gconstpointer data)
{
  const LayoutCase *layout_case = data;
  KsmGameView *game_view = game_view_of (fixture);
  AdwFlap *flap = ksm_game_view_get_flap (game_view);
  graphene_rect_t grid, drawn, board_bounds;
  int play_width;
  /* the window as shown, its invisible border left out */
  double window_area = (double) fixture->shown_width * fixture->shown_height;

  wait_for (grid_laid_out, fixture, "the board laid out");
  grid = grid_of (fixture);
  /* the board as drawn: its frame round the cells, where the coordinates
   * stand, is the board a person sees */
  g_assert_true (ksm_board_get_drawn_bounds (board_of (fixture), &drawn));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (board_of (fixture)), GTK_WIDGET (fixture->window),
                                            &board_bounds));
  graphene_rect_offset (&drawn, board_bounds.origin.x, board_bounds.origin.y);
  g_assert_true (graphene_rect_contains_rect (&drawn, &grid));
  g_assert_true (inside (&drawn, &board_bounds));
  /* the history stays beside the board at this size */
  g_assert_false (adw_flap_get_folded (flap));
  g_assert_true (adw_flap_get_reveal_flap (flap));
  /* the play area: all beside the history, margins included */
  play_width = gtk_widget_get_width (adw_flap_get_content (flap))
               + gtk_widget_get_margin_start (adw_flap_get_content (flap))
               + gtk_widget_get_margin_end (adw_flap_get_content (flap));
  g_test_message ("%s: board %.0fx%.0f (cells %.0fx%.0f) at %.0f,%.0f in a %dx%d window, play area %d px wide",
                  layout_case->game->game, drawn.size.width, drawn.size.height, grid.size.width,
                  grid.size.height, drawn.origin.x, drawn.origin.y, fixture->shown_width,
                  fixture->shown_height, play_width);
  /* a square board stands beside its panel, a wide one above it */
  g_assert_true (ksm_play_layout_get_beside (KSM_PLAY_LAYOUT (gtk_widget_get_ancestor (
                   GTK_WIDGET (board_of (fixture)), KSM_TYPE_PLAY_LAYOUT)))
                 == (grid.size.width <= 2 * grid.size.height));
  if (grid.size.width > 2 * grid.size.height)
    /* a wide board fills the play area's width */
    g_assert_cmpfloat (drawn.size.width, >=, 0.9 * play_width);
  else
    g_assert_cmpfloat (drawn.size.width * drawn.size.height, >=, 0.5 * window_area);
}

/* ---- a piece's size at 960x680 ---- */

/* a piece alone on any cell of the board is at least 28 px across */
static void
test_piece_size (SizedFixture *fixture, gconstpointer data)
{
  KsmBoard *board = board_of (fixture);
  float smallest = G_MAXFLOAT;

  wait_for (grid_laid_out, fixture, "the board laid out");
  for (guint i = 0; i < ksm_board_get_n_board_cells (board); i++)
    {
      graphene_rect_t piece;

      ksm_cell_get_piece_bounds (KSM_CELL (ksm_board_get_cell (board, i)), 0, &piece);
      smallest = MIN (smallest, MIN (piece.size.width, piece.size.height));
    }
  g_test_message ("the smallest piece %.0f px across", smallest);
  g_assert_cmpfloat (smallest, >=, 28);
}

/* ---- the throw control and the board in small windows ---- */

static void
test_fits (SizedFixture *fixture, gconstpointer data)
{
  KsmGameView *game_view = game_view_of (fixture);
  GtkWidget *window = GTK_WIDGET (fixture->window);
  GtkWidget *button = find_widget (ksm_game_view_get_throw_view (game_view), match_throw_button, NULL);
  GtkWidget *scroller;
  graphene_rect_t window_rect = GRAPHENE_RECT_INIT (0, 0, fixture->shown_width, fixture->shown_height);
  graphene_rect_t grid, bounds, view;
  int minimum;

  wait_for (grid_laid_out, fixture, "the board laid out");
  g_assert_nonnull (button);
  grid = grid_of (fixture);
  g_test_message ("grid %.0fx%.0f at %.0f,%.0f", grid.size.width, grid.size.height, grid.origin.x, grid.origin.y);
  g_assert_true (inside (&grid, &window_rect));

  /* the person throws first: the button is there, inside the window */
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_true (bounds_in_window (fixture, button, &bounds));
  g_test_message ("throw button %.0fx%.0f at %.0f,%.0f", bounds.size.width, bounds.size.height,
                  bounds.origin.x, bounds.origin.y);
  g_assert_true (inside (&bounds, &window_rect));
  /* and in the part of its scrolled panel in view, not scrolled away */
  scroller = scroller_above (button);
  if (scroller != NULL)
    {
      g_assert_true (bounds_in_window (fixture, scroller, &view));
      g_assert_true (inside (&bounds, &view));
    }
  /* nothing scrolls sideways: what the window holds fits its width */
  gtk_widget_measure (adw_application_window_get_content (ADW_APPLICATION_WINDOW (window)),
                      GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, fixture->shown_width);
  g_assert_cmpint (gtk_widget_get_width (window), ==, fixture->shown_width);
}

/* ---- the window keeps its size, the board its place ---- */

static gboolean
same_rect (const graphene_rect_t *a, const graphene_rect_t *b)
{
  return graphene_rect_equal (a, b);
}

static void
assert_unmoved (SizedFixture *fixture, const graphene_rect_t *board_rect, const char *when)
{
  graphene_rect_t now;

  if (gtk_widget_get_width (GTK_WIDGET (fixture->window)) != fixture->shown_width
      || gtk_widget_get_height (GTK_WIDGET (fixture->window)) != fixture->shown_height)
    g_error ("the window changed its size %s: %dx%d, was %dx%d", when,
             gtk_widget_get_width (GTK_WIDGET (fixture->window)),
             gtk_widget_get_height (GTK_WIDGET (fixture->window)), fixture->shown_width, fixture->shown_height);
  g_assert_true (bounds_in_window (fixture, GTK_WIDGET (board_of (fixture)), &now));
  if (!same_rect (&now, board_rect))
    g_error ("the board moved %s: %.0fx%.0f at %.0f,%.0f, was %.0fx%.0f at %.0f,%.0f", when,
             now.size.width, now.size.height, now.origin.x, now.origin.y,
             board_rect->size.width, board_rect->size.height, board_rect->origin.x, board_rect->origin.y);
}

/* a computer's seat acted since the record had `since` events */
static gboolean
others_played (KsmGame *game, guint since)
{
  KsmRecord *record = ksm_game_get_record (game);

  for (guint i = since; i < ksm_record_get_n_events (record); i++)
    if (ksm_game_get_seat (game, ksm_record_get_event (record, i)->player)->kind == KSM_SEAT_COMPUTER)
      return TRUE;
  return FALSE;
}

/* The person throws and plays the first piece that can move, turn after
 * turn, while the computers take theirs; the window and the board never
 * move, and in games of more than two the strip fills meanwhile. */
static void
test_steady_through_turns (SizedFixture *fixture, gconstpointer data)
{
  KsmGame *game = ksm_window_get_game (fixture->window);
  KsmBoard *board = board_of (fixture);
  KsmTurnStrip *strip = ksm_game_view_get_turn_strip (game_view_of (fixture));
  guint n_players = (guint) ksm_game_get_rules (game)->n_players (ksm_game_get_options (game));
  guint person_turns = 0, most_rows = 0;
  guint last_throw = 0;   /* the record's length at the person's last throw */
  gint64 deadline = test_hang_deadline ();
  graphene_rect_t board_rect;

  wait_for (grid_laid_out, fixture, "the board laid out");
  g_assert_true (bounds_in_window (fixture, GTK_WIDGET (board), &board_rect));

  /* turns of the person, each after the others' (a throw that earns
   * another is not a new turn) */
  while (person_turns < 4 && ksm_game_get_phase (game) != KSM_PHASE_OVER)
    {
      test_check_hang (deadline, "the computers' turns");
      assert_unmoved (fixture, &board_rect, "in play");
      ksm_board_finish_animation (board);
      most_rows = MAX (most_rows, ksm_turn_strip_get_n_rows (strip));
      if (ksm_game_is_person_to_act (game) && !ksm_game_is_thinking (game)
          && ksm_game_get_phase (game) == KSM_PHASE_THROW)
        {
          /* the frames of the last computer's move drawn first */
          wait_for_frames (GTK_WIDGET (fixture->window));
          assert_unmoved (fixture, &board_rect, "after the computers' turns");
          most_rows = MAX (most_rows, ksm_turn_strip_get_n_rows (strip));
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.throw", NULL));
          person_turns += person_turns == 0 || others_played (game, last_throw);
          last_throw = ksm_record_get_n_events (ksm_game_get_record (game));
        }
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
  wait_for_frames (GTK_WIDGET (fixture->window));
  assert_unmoved (fixture, &board_rect, "at the end");
  g_test_message ("%u turns of the person, the strip at most %u rows", person_turns, most_rows);
  if (n_players > 2)
    g_assert_cmpuint (most_rows, >=, n_players - 1);
}

/* A status line of any length leaves the board and the Throw button
 * where they are. */
static void
test_still_when_status_changes (SizedFixture *fixture, gconstpointer data)
{
  KsmGameView *game_view = game_view_of (fixture);
  GtkWidget *button = find_widget (ksm_game_view_get_throw_view (game_view), match_throw_button, NULL);
  GtkWidget *status;
  graphene_rect_t board_rect, button_rect, now;
  g_autofree char *status_text = NULL;
  g_autoptr(GString) long_text = g_string_new (NULL);

  wait_for (grid_laid_out, fixture, "the board laid out");
  wait_for_frames (GTK_WIDGET (fixture->window));
  status_text = g_strdup (ksm_game_view_get_status (game_view));
  status = find_label (GTK_WIDGET (game_view), status_text);
  g_assert_nonnull (status);
  g_assert_true (bounds_in_window (fixture, GTK_WIDGET (board_of (fixture)), &board_rect));
  g_assert_true (bounds_in_window (fixture, button, &button_rect));

  for (int i = 0; i < 12; i++)
    g_string_append (long_text, "a status that goes on and on ");
  for (int round = 0; round < 3; round++)
    {
      gtk_label_set_label (GTK_LABEL (status), round == 0 ? "" : round == 1 ? long_text->str : "x");
      wait_for_frames (GTK_WIDGET (fixture->window));
      assert_unmoved (fixture, &board_rect, "when the status changed");
      g_assert_true (bounds_in_window (fixture, button, &now));
      g_assert_true (same_rect (&now, &button_rect));
    }
  gtk_label_set_label (GTK_LABEL (status), status_text);
}

/* ---- the history folds away below its width ---- */

static gboolean
history_shown (gpointer data)
{
  AdwFlap *flap = data;

  return adw_flap_get_reveal_progress (flap) >= 1.0 && gtk_widget_get_child_visible (adw_flap_get_flap (flap));
}

static gboolean
history_hidden (gpointer data)
{
  return adw_flap_get_reveal_progress (data) <= 0.0;
}

/* At 800x600 the history is folded away, the board taking its room; the
 * History action slides it over the board, which stays where it is, and
 * takes it away again. */
static void
test_history_folds (SizedFixture *fixture, gconstpointer data)
{
  AdwFlap *flap = ksm_game_view_get_flap (game_view_of (fixture));
  graphene_rect_t board_rect, history;

  wait_for (grid_laid_out, fixture, "the board laid out");
  g_assert_true (adw_flap_get_folded (flap));
  g_assert_false (adw_flap_get_reveal_flap (flap));
  /* the play area is the window's width, but for its margins */
  {
    GtkWidget *content = adw_flap_get_content (flap);
    g_assert_cmpint (gtk_widget_get_width (content) + gtk_widget_get_margin_start (content)
                     + gtk_widget_get_margin_end (content), ==, fixture->shown_width);
  }
  g_assert_true (bounds_in_window (fixture, GTK_WIDGET (board_of (fixture)), &board_rect));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.toggle-history", NULL));
  wait_for (history_shown, flap, "the history sliding in");
  wait_for_frames (GTK_WIDGET (fixture->window));
  g_assert_true (adw_flap_get_folded (flap));
  g_assert_true (bounds_in_window (fixture, adw_flap_get_flap (flap), &history));
  g_assert_cmpfloat (history.size.width, >, 0);
  g_assert_cmpfloat (history.origin.x + history.size.width, <=, fixture->shown_width + 0.5);
  assert_unmoved (fixture, &board_rect, "under the history");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.toggle-history", NULL));
  wait_for (history_hidden, flap, "the history sliding away");
  g_assert_false (adw_flap_get_reveal_flap (flap));
  assert_unmoved (fixture, &board_rect, "once the history is away");
}

/* ---- the rules pane beside the board ---- */

static gboolean
rules_shown (gpointer data)
{
  AdwFlap *flap = data;

  return adw_flap_get_reveal_progress (flap) >= 1.0 && gtk_widget_get_width (adw_flap_get_flap (flap)) > 0;
}

/* At 1280x800 the rules pane opens beside the board, the history folding
 * away to leave the board most of the height (it was 120 px once) */
static void
test_rules_beside (SizedFixture *fixture, gconstpointer data)
{
  KsmGameView *game_view = game_view_of (fixture);
  AdwFlap *rules = ksm_game_view_get_rules_flap (game_view);
  graphene_rect_t grid, pane;

  wait_for (grid_laid_out, fixture, "the board laid out");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.rules", NULL));
  wait_for (rules_shown, rules, "the rules pane");
  wait_for_frames (GTK_WIDGET (fixture->window));
  g_assert_false (adw_flap_get_folded (rules));
  g_assert_true (adw_flap_get_folded (ksm_game_view_get_flap (game_view)));
  g_assert_true (bounds_in_window (fixture, adw_flap_get_flap (rules), &pane));
  grid = grid_of (fixture);
  g_test_message ("grid %.0fx%.0f beside a %.0f px rules pane", grid.size.width, grid.size.height,
                  pane.size.width);
  /* the board clear of the pane, and at least two thirds of the height */
  g_assert_cmpfloat (grid.origin.x + grid.size.width, <=, pane.origin.x);
  g_assert_cmpfloat (grid.size.height, >=, 2.0 * fixture->shown_height / 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.rules", NULL));
}

#define CASE(name, game, w, h) \
  static const LayoutCase name = { &games[game], w, h }
CASE (kasimala_1280, 0, 1280, 800);
CASE (ashte_1280, 1, 1280, 800);
CASE (asi_1280, 2, 1280, 800);
CASE (kasimala_800, 0, 800, 600);
CASE (ashte_800, 1, 800, 600);
CASE (asi_800, 2, 800, 600);
CASE (kasimala_360, 0, 360, 640);
CASE (ashte_360, 1, 360, 640);
CASE (asi_360, 2, 360, 640);
CASE (kasimala_960, 0, 960, 680);
CASE (ashte_960, 1, 960, 680);
CASE (asi_960, 2, 960, 680);
#undef CASE

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-app-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, data, func) \
  g_test_add ("/layout/" path, SizedFixture, &data, sized_set_up, func, sized_tear_down)
  ADD ("share/kasimala", kasimala_1280, test_board_share);
  ADD ("share/ashte-kashte", ashte_1280, test_board_share);
  ADD ("share/asi-keliya", asi_1280, test_board_share);
  ADD ("piece-960x680/kasimala", kasimala_960, test_piece_size);
  ADD ("piece-960x680/ashte-kashte", ashte_960, test_piece_size);
  ADD ("piece-960x680/asi-keliya", asi_960, test_piece_size);
  ADD ("fits-800x600/kasimala", kasimala_800, test_fits);
  ADD ("fits-800x600/ashte-kashte", ashte_800, test_fits);
  ADD ("fits-800x600/asi-keliya", asi_800, test_fits);
  ADD ("fits-360x640/kasimala", kasimala_360, test_fits);
  ADD ("fits-360x640/ashte-kashte", ashte_360, test_fits);
  ADD ("fits-360x640/asi-keliya", asi_360, test_fits);
  ADD ("rules-beside/ashte-kashte", ashte_1280, test_rules_beside);
  ADD ("history-folds/asi-keliya", asi_800, test_history_folds);
  ADD ("steady/kasimala", kasimala_800, test_steady_through_turns);
  ADD ("steady/ashte-kashte", ashte_800, test_steady_through_turns);
  ADD ("steady/asi-keliya", asi_800, test_steady_through_turns);
  ADD ("steady-360x640/asi-keliya", asi_360, test_steady_through_turns);
  ADD ("still/kasimala", kasimala_800, test_still_when_status_changes);
  ADD ("still/ashte-kashte", ashte_800, test_still_when_status_changes);
  ADD ("still/asi-keliya", asi_360, test_still_when_status_changes);
#undef ADD

  status = g_test_run ();
  remove_tree (data_home);
  return status;
}

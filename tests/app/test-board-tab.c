/* test-board-tab.c: the board on the game page is one Tab stop (issue 24):
 * Shift+Tab from the throw comes into it on one cell, and goes on out of
 * it; Tab comes back to the same cell, and on to the throw. */
#include "config.h"

#include "ksm-game-view.h"

#include "app-test-util.h"
#include "test-keys.h"

static KsmBoard *
board_of (Fixture *fixture)
{
  return KSM_BOARD (ksm_game_view_get_board (ksm_window_get_game_view (fixture->window)));
}

static GtkWidget *
focus_of (Fixture *fixture)
{
  return gtk_root_get_focus (GTK_ROOT (fixture->window));
}

static gboolean
on_board (Fixture *fixture)
{
  GtkWidget *focus = focus_of (fixture);

  return focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (board_of (fixture)));
}

static void
test_one_stop (Fixture *fixture, gconstpointer data)
{
  GSettings *settings = g_settings_new ("io.github.kasimala.Kasimala");
  GtkWidget *throw_button, *cell, *next;

  g_settings_set_int (settings, "computer-delay", 0);
  g_object_unref (settings);
  activate (fixture, "win.choose-game", g_variant_new_string ("kasimala"));
  activate (fixture, "win.start-game", NULL);
  iterate (3);

  /* a new game: the focus on the throw */
  throw_button = focus_of (fixture);
  g_assert_true (GTK_IS_BUTTON (throw_button));
  g_assert_false (on_board (fixture));

  /* back from the throw: into the board, on one cell */
  g_assert_true (press (GTK_WIDGET (fixture->window), GDK_KEY_Tab, GDK_SHIFT_MASK));
  cell = focus_of (fixture);
  g_assert_true (KSM_IS_CELL (cell));
  /* the arrows move on it */
  g_assert_true (press (GTK_WIDGET (fixture->window), GDK_KEY_Right, 0));
  next = focus_of (fixture);
  g_assert_true (KSM_IS_CELL (next));
  g_assert_true (next != cell);
  /* back again: out of the board */
  g_assert_true (press (GTK_WIDGET (fixture->window), GDK_KEY_Tab, GDK_SHIFT_MASK));
  g_assert_false (on_board (fixture));
  /* forward: in on the cell left, then out to the throw */
  g_assert_true (press (GTK_WIDGET (fixture->window), GDK_KEY_Tab, 0));
  g_assert_true (focus_of (fixture) == next);
  g_assert_true (press (GTK_WIDGET (fixture->window), GDK_KEY_Tab, 0));
  g_assert_true (focus_of (fixture) == throw_button);

}

/* Space on a cell that cannot move throws, and the person reading the
 * board stays there as the game goes on */
static void
test_space_from_board (Fixture *fixture, gconstpointer data)
{
  GSettings *settings = g_settings_new ("io.github.kasimala.Kasimala");
  KsmGame *game;
  GtkWidget *cell;

  g_settings_set_int (settings, "computer-delay", 0);
  g_object_unref (settings);
  activate (fixture, "win.choose-game", g_variant_new_string ("kasimala"));
  activate (fixture, "win.start-game", NULL);
  iterate (3);
  game = ksm_window_get_game (fixture->window);
  g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_THROW);
  g_assert_true (ksm_game_is_person_to_act (game));

  cell = GTK_WIDGET (ksm_board_get_cell (board_of (fixture), 0));
  g_assert_false (ksm_cell_get_movable (KSM_CELL (cell)));
  gtk_widget_grab_focus (cell);
  /* the cell does not take Space as a press of its own: the window's
   * capture-phase controller, which a key reaches first, throws */
  g_assert_true (press_space_first (GTK_WIDGET (fixture->window)));
  g_assert_cmpuint (ksm_game_get_n_events (game), >, 0);
  g_assert_cmpint (ksm_record_get_event (ksm_game_get_record (game), 0)->kind, ==, KSM_EVENT_THROW);
  iterate (3);
  g_assert_true (on_board (fixture));
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-app-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add ("/board-tab/one-stop", Fixture, NULL, fixture_set_up, test_one_stop, fixture_tear_down);
  g_test_add ("/board-tab/space-from-board", Fixture, NULL, fixture_set_up, test_space_from_board, fixture_tear_down);
  status = g_test_run ();
  remove_tree (data_home);
  return status;
}

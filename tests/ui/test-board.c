/* test-board.c: the board and the throw view over a real game. */
#include "config.h"

#include <adwaita.h>

#include "ksm-board.h"
#include "ksm-cell.h"
#include "ksm-throw-view.h"

#include "tests/app/test-helpers.h"

static KsmGame *
new_game (guint64 seed)
{
  const KsmRules *rules = ksm_rules_get (KSM_GAME_KASIMALA);
  KsmOptions options;
  KsmSeat seats[2] = {
    { .kind = KSM_SEAT_PERSON },
    { .kind = KSM_SEAT_PERSON },
  };

  rules->default_options (&options);
  return ksm_game_new (&options, seats, seed);
}

static int
cell_named (KsmGame *game, const char *name)
{
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);

  for (int i = 0; i < rules->n_cells (options); i++)
    {
      char buf[16];
      rules->cell_name (options, i, buf, sizeof buf);
      if (g_str_equal (buf, name))
        return i;
    }
  g_assert_not_reached ();
}

static GtkWidget *
board_cell (GtkWidget *board, KsmGame *game, const char *name)
{
  GtkWidget *cell = ksm_board_get_cell (KSM_BOARD (board), (guint) cell_named (game, name));

  g_assert_nonnull (cell);
  return cell;
}

/* throws (lost throws pass the turn) until a move is due */
static void
throw_until_move (KsmGame *game)
{
  for (int i = 0; i < 500 && ksm_game_get_phase (game) == KSM_PHASE_THROW; i++)
    g_assert_true (ksm_game_throw (game));
  g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_MOVE);
}

static void
test_board_cells (void)
{
  g_autoptr(KsmGame) game = new_game (1);
  GtkWidget *board = g_object_ref_sink (ksm_board_new ());
  guint n_cells = 0;

  ksm_board_set_game (KSM_BOARD (board), game);
  g_assert_true (ksm_board_get_game (KSM_BOARD (board)) == game);
  gtk_test_accessible_assert_role (board, GTK_ACCESSIBLE_ROLE_GROUP);

  for (GtkWidget *child = gtk_widget_get_first_child (board); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (KSM_IS_CELL (child))
      {
        n_cells++;
        gtk_test_accessible_assert_role (child, GTK_ACCESSIBLE_ROLE_BUTTON);
        g_assert_false (ksm_cell_get_movable (KSM_CELL (child)));
        /* every cell can be focused and read, none greyed out (issue 24) */
        g_assert_true (gtk_widget_get_focusable (child));
        g_assert_false (gtk_test_accessible_has_state (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_STATE_DISABLED));
      }
  g_assert_cmpuint (n_cells, ==, 3 * 17);

  gtk_test_accessible_assert_property (board_cell (board, game, "B17"), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "B17, a waiting brick, next to start");
  gtk_test_accessible_assert_property (board_cell (board, game, "B16"), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "B16, a waiting brick");
  gtk_test_accessible_assert_property (board_cell (board, game, "M9"), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "M9, laiga, empty");
  gtk_test_accessible_assert_property (board_cell (board, game, "M8"), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "M8, empty");
  gtk_test_accessible_assert_property (board_cell (board, game, "T1"), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "T1, a waiting stone, next to start");
  gtk_test_accessible_assert_property (board_cell (board, game, "T3"), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "T3, a waiting stone");
  g_assert_true (gtk_widget_has_css_class (board_cell (board, game, "M1"), "laiga"));
  g_assert_false (gtk_widget_has_css_class (board_cell (board, game, "M2"), "laiga"));

  ksm_board_set_game (KSM_BOARD (board), NULL);
  g_assert_null (ksm_board_get_cell (KSM_BOARD (board), 0));
  for (GtkWidget *child = gtk_widget_get_first_child (board); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    g_assert_false (KSM_IS_CELL (child));
  g_object_unref (board);
}

static void
test_board_move (void)
{
  g_autoptr(KsmGame) game = new_game (7);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *board = ksm_board_new ();
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);
  const KsmMove *moves;
  KsmMove move;
  guint n_moves, n_events, n_cells;
  GtkWidget *from, *to;
  g_autofree char *from_label = NULL;
  g_autofree char *to_label = NULL;
  char to_name[16];

  gtk_window_set_child (GTK_WINDOW (window), board);
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 300);
  gtk_window_present (GTK_WINDOW (window));
  ksm_board_set_game (KSM_BOARD (board), game);

  throw_until_move (game);
  moves = ksm_game_get_moves (game, &n_moves);
  /* early on the only throw that moves anything is a kasi, and it starts a piece */
  g_assert_cmpuint (n_moves, ==, 1);
  move = moves[0];
  g_assert_cmpint (move.kind, ==, KSM_MOVE_START);

  n_cells = (guint) rules->n_cells (options);
  for (guint i = 0; i < n_cells; i++)
    {
      GtkWidget *cell = ksm_board_get_cell (KSM_BOARD (board), i);
      gboolean movable = (int) i == move.from;
      g_assert_cmpint (gtk_widget_has_css_class (cell, "movable"), ==, movable);
      g_assert_cmpint (ksm_cell_get_movable (KSM_CELL (cell)), ==, movable);
      /* the others too can be focused, to be read */
      g_assert_true (gtk_widget_get_focusable (cell));
    }

  from = ksm_board_get_cell (KSM_BOARD (board), (guint) move.from);
  to = ksm_board_get_cell (KSM_BOARD (board), (guint) move.to);
  rules->cell_name (options, move.to, to_name, sizeof to_name);
  g_assert_true (g_str_has_suffix (ksm_cell_get_label (KSM_CELL (from)),
                                   ksm_game_get_player (game) == 0
                                   ? "moves to M17" : "moves to M1"));

  /* focusing the piece shows where it lands */
  gtk_widget_grab_focus (from);
  g_assert_true (gtk_widget_has_focus (from));
  g_assert_true (gtk_widget_has_css_class (to, "target"));
  g_assert_false (gtk_widget_has_css_class (to, "capture"));

  from_label = g_strdup (ksm_cell_get_label (KSM_CELL (from)));
  to_label = g_strdup (ksm_cell_get_label (KSM_CELL (to)));
  n_events = ksm_record_get_n_events (ksm_game_get_record (game));

  g_assert_true (gtk_widget_activate (from));
  ksm_board_finish_animation (KSM_BOARD (board));

  g_assert_cmpuint (ksm_record_get_n_events (ksm_game_get_record (game)), ==, n_events + 1);
  g_assert_true (ksm_moves_equal (&ksm_record_get_event (ksm_game_get_record (game), n_events)->move,
                                  &move));
  g_assert_false (gtk_widget_has_css_class (from, "movable"));
  g_assert_false (gtk_widget_has_css_class (to, "target"));
  /* the focus stays where the person played from */
  g_assert_true (gtk_widget_has_focus (from));
  /* the last move stays marked, and said, until the next */
  g_assert_true (g_str_has_suffix (ksm_cell_get_label (KSM_CELL (from)), ", empty, last move left here"));
  gtk_test_accessible_assert_property (to, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       move.from < 17 ? "M17, laiga, 1 brick, last move landed here"
                                                      : "M1, laiga, 1 stone, last move landed here");
  g_assert_true (gtk_widget_has_css_class (from, "last-from"));
  g_assert_true (gtk_widget_has_css_class (to, "last-to"));
  g_assert_false (gtk_widget_has_css_class (to, "last-from"));
  g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (to)), ==, 1);

  /* undo puts the cells back */
  g_assert_true (ksm_game_undo (game));
  g_assert_cmpstr (ksm_cell_get_label (KSM_CELL (from)), ==, from_label);
  g_assert_cmpstr (ksm_cell_get_label (KSM_CELL (to)), ==, to_label);
  g_assert_true (gtk_widget_has_css_class (from, "movable"));
  g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (to)), ==, 0);
  /* and with no move before it, nothing is marked */
  g_assert_false (gtk_widget_has_css_class (from, "last-from"));
  g_assert_false (gtk_widget_has_css_class (to, "last-to"));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_throw_view (void)
{
  g_autoptr(KsmGame) game = new_game (3);
  GtkWidget *view = g_object_ref_sink (ksm_throw_view_new ());
  const KsmRules *rules = ksm_game_get_rules (game);
  GtkWidget *name, *note, *button;
  guint n_strips = 0;
  gboolean saw_lost = FALSE, saw_kasi = FALSE;

  ksm_throw_view_set_game (KSM_THROW_VIEW (view), game);
  g_assert_true (ksm_throw_view_get_game (KSM_THROW_VIEW (view)) == game);
  name = find_widget (view, match_css_class, "throw-name");
  note = find_widget (view, match_css_class, "throw-note");
  button = find_widget (view, match_css_class, "suggested-action");
  g_assert_nonnull (name);
  g_assert_nonnull (note);
  g_assert_nonnull (button);
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==, "win.throw");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (name)), ==, "No throw yet");

  for (GtkWidget *strip = gtk_widget_get_first_child (gtk_widget_get_first_child (view));
       strip != NULL; strip = gtk_widget_get_next_sibling (strip))
    {
      g_assert_true (gtk_widget_has_css_class (strip, "strip"));
      n_strips++;
    }
  g_assert_cmpuint (n_strips, ==, 4);

  /* throw until both a lost throw and a kasi have been seen */
  for (int i = 0; i < 200 && !(saw_lost && saw_kasi); i++)
    {
      KsmRecord *record = ksm_game_get_record (game);
      const KsmEvent *event;
      guint n = ksm_record_get_n_events (record);
      g_autofree char *expected = NULL;
      GtkWidget *strip;
      guint bit = 0;

      if (ksm_game_get_phase (game) == KSM_PHASE_MOVE)
        {
          guint n_moves;
          const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
          g_assert_true (ksm_game_play (game, &moves[0]));
          continue;
        }
      g_assert_true (ksm_game_throw (game));
      event = ksm_record_get_event (record, n);
      expected = g_strdup_printf ("%s %u", rules->throws.faces[event->face].name,
                                  (guint) rules->throws.faces[event->face].value);
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (name)), ==, expected);

      for (strip = gtk_widget_get_first_child (gtk_widget_get_first_child (view));
           strip != NULL; strip = gtk_widget_get_next_sibling (strip), bit++)
        g_assert_cmpint (gtk_widget_has_css_class (strip, "hollow"), ==, (event->pattern >> bit & 1u) != 0);

      if (ksm_record_get_n_events (record) == n + 2)
        {
          /* the note says why, from the rules */
          g_autofree char *lost = g_strdup_printf ("The %s is lost: ",
                                                   rules->throws.faces[event->face].name);
          g_assert_true (gtk_widget_get_visible (note));
          g_assert_true (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (note)), lost));
          g_assert_true (gtk_widget_has_css_class (note, "lost"));
          saw_lost = TRUE;
        }
      else
        {
          g_assert_false (gtk_widget_has_css_class (note, "lost"));
          saw_kasi = saw_kasi || event->face == 0;
        }
      if (rules->throws.faces[event->face].throws_again)
        g_assert_true (g_str_has_suffix (gtk_label_get_label (GTK_LABEL (note)), "Throw again"));
    }
  g_assert_true (saw_lost);
  g_assert_true (saw_kasi);

  ksm_throw_view_set_game (KSM_THROW_VIEW (view), NULL);
  g_object_unref (view);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* the texts of the coordinate labels shown, sorted and joined by spaces */
static char *
shown_coordinates (GtkWidget *board)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();

  for (GtkWidget *child = gtk_widget_get_first_child (board); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_has_css_class (child, "coordinate") && gtk_widget_get_visible (child))
      {
        g_assert_true (GTK_IS_LABEL (child));
        g_assert_false (gtk_widget_get_focusable (child));
        gtk_test_accessible_assert_role (child, GTK_ACCESSIBLE_ROLE_PRESENTATION);
        g_ptr_array_add (texts, (gpointer) gtk_label_get_label (GTK_LABEL (child)));
      }
  g_ptr_array_sort (texts, compare_strings);
  g_ptr_array_add (texts, NULL);
  return g_strjoinv (" ", (char **) texts->pdata);
}

/* every cell's name, sorted and joined by spaces */
static char *
all_cell_names (KsmGame *game)
{
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (int i = 0; i < rules->n_cells (options); i++)
    {
      char buf[16];
      rules->cell_name (options, i, buf, sizeof buf);
      g_ptr_array_add (names, g_strdup (buf));
    }
  g_ptr_array_sort (names, compare_strings);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static void
check_coordinates (KsmGameKind kind, const char *expected)
{
  g_autoptr(KsmGame) game = new_game_of (kind);
  GtkWidget *board = g_object_ref_sink (ksm_board_new ());
  g_autofree char *names = all_cell_names (game);
  g_autofree char *on = NULL, *off = NULL, *again = NULL;
  gboolean show = FALSE;

  ksm_board_set_game (KSM_BOARD (board), game);
  g_object_get (board, "show-coordinates", &show, NULL);
  g_assert_true (show);
  on = shown_coordinates (board);
  g_assert_cmpstr (on, ==, expected != NULL ? expected : names);

  g_object_set (board, "show-coordinates", FALSE, NULL);
  off = shown_coordinates (board);
  g_assert_cmpstr (off, ==, "");
  ksm_board_set_show_coordinates (KSM_BOARD (board), TRUE);
  again = shown_coordinates (board);
  g_assert_cmpstr (again, ==, on);

  ksm_board_set_game (KSM_BOARD (board), NULL);
  g_object_unref (board);
}

static void
test_board_coordinates (void)
{
  /* row letters and column numbers; files and ranks; a cross whose names
   * do not split, each cell named in itself */
  check_coordinates (KSM_GAME_KASIMALA, "1 10 11 12 13 14 15 16 17 2 3 4 5 6 7 8 9 B M T");
  check_coordinates (KSM_GAME_ASHTE_KASHTE, "1 2 3 4 5 6 7 a b c d e f g");
  check_coordinates (KSM_GAME_ASI_KELIYA, NULL);
}

int
main (int argc, char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("ksm-board-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/board/cells", test_board_cells);
  g_test_add_func ("/board/move", test_board_move);
  g_test_add_func ("/board/coordinates", test_board_coordinates);
  g_test_add_func ("/throw-view/throws", test_throw_view);

  status = g_test_run ();
  remove_tree (home);
  return status;
}

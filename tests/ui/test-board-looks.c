/* test-board-looks.c: the boards drawn as the things they are (issue 22):
 * the mala wider, Ashte Kashte's safe squares marked, shared squares
 * legible, the surface painted past the cells, Asi Keliya's diagonals on
 * its central square, and every stylesheet naming the board's colours. */
#include "config.h"

#include <adwaita.h>

#include "ksm-board.h"
#include "ksm-cell.h"
#include "ksm-skin.h"

#include "tests/app/test-helpers.h"

/* the size at which a lone token is 28 px across: what the play screen
 * gives a piece at the default window (issue 22, point 2) */
#define LONE_TOKEN  28.0f
#define MIN_SHARED  18.0f

static gboolean
allocated_cb (gpointer data)
{
  return gtk_widget_get_width (GTK_WIDGET (data)) > 0;
}

/* `child` shown in a window of its own, at `width` by `height` */
static GtkWidget *
show_in_window (GtkWidget *child, int width, int height)
{
  GtkWidget *window = gtk_window_new ();

  gtk_widget_set_size_request (child, width, height);
  gtk_widget_set_halign (child, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (child, GTK_ALIGN_CENTER);
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));
  wait_for (allocated_cb, child, "the widget allocated");
  return window;
}

static void
test_mala_wider (void)
{
  g_autoptr(KsmGame) game = new_game_of (KSM_GAME_KASIMALA);
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);
  GtkWidget *board = ksm_board_new ();
  GtkWidget *window;
  int length = options->length;

  ksm_board_set_game (KSM_BOARD (board), game);
  window = show_in_window (board, 900, 300);

  /* each column: the mala's cell taller than the cells of the rows
   * beside it, which are alike */
  for (int column = 0; column < length; column++)
    {
      int heights[3];

      for (int row = 0; row < 3; row++)
        {
          GtkWidget *cell = ksm_board_get_cell (KSM_BOARD (board), (guint) (row * length + column));
          KsmCellPlace place;

          rules->cell_place (options, row * length + column, &place);
          g_assert_nonnull (cell);
          heights[(int) place.y == 1 ? 1 : place.y < 1 ? 0 : 2] = gtk_widget_get_height (cell);
        }
      g_assert_cmpint (heights[1], >, heights[0] * 1.3);
      g_assert_cmpint (ABS (heights[0] - heights[2]), <=, 1);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Ashte Kashte's safe squares wear the ✦ the skin names, and only they;
 * Kasimala's laigas keep their cross, without a mark */
static void
check_marks (KsmGameKind kind, const char *mark)
{
  g_autoptr(KsmGame) game = new_game_of (kind);
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);
  GtkWidget *board = g_object_ref_sink (ksm_board_new ());
  guint marked = 0, safe = 0;

  ksm_board_set_game (KSM_BOARD (board), game);
  for (int i = 0; i < rules->n_cells (options); i++)
    {
      KsmCell *cell = KSM_CELL (ksm_board_get_cell (KSM_BOARD (board), (guint) i));
      gboolean is_safe = (rules->cell_flags (options, i) & KSM_CELL_SAFE) != 0;

      safe += is_safe;
      marked += ksm_cell_get_mark (cell) != NULL;
      g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (cell), "laiga") == is_safe);
      if (is_safe && mark != NULL)
        g_assert_cmpstr (ksm_cell_get_mark (cell), ==, mark);
      else
        g_assert_null (ksm_cell_get_mark (cell));
    }
  g_assert_cmpuint (safe, >, 0);
  g_assert_cmpuint (marked, ==, mark != NULL ? safe : 0);
  ksm_board_set_game (KSM_BOARD (board), NULL);
  g_object_unref (board);
}

static void
test_safe_marks (void)
{
  const KsmSkin *ashte = ksm_skin_lookup ("ashte-kashte");

  g_assert_nonnull (ashte);
  g_assert_cmpstr (ashte->safe_mark, ==, "✦");
  check_marks (KSM_GAME_ASHTE_KASHTE, "✦");
  check_marks (KSM_GAME_KASIMALA, NULL);
}

/* Three or four colours on one square: each token at least 18 px across
 * in a cell where a lone token is 28 px, inside the cell, none over
 * another's middle */
static void
test_shared_tokens (void)
{
  GtkWidget *cell = ksm_cell_new (0);
  GtkWidget *window;
  const int styles[KSM_CELL_MAX_GROUPS] = {
    KSM_CELL_STYLE_RED, KSM_CELL_STYLE_BLUE, KSM_CELL_STYLE_GREEN, KSM_CELL_STYLE_YELLOW,
  };
  const guint counts[KSM_CELL_MAX_GROUPS] = { 2, 1, 3, 4 };
  graphene_rect_t lone;
  int size;

  /* the smallest cell where a lone token is 28 px */
  size = (int) ceilf (LONE_TOKEN / 0.62f);
  window = show_in_window (cell, size, size);
  g_assert_cmpint (gtk_widget_get_width (cell), ==, size);
  ksm_cell_set_content (KSM_CELL (cell), KSM_CELL_STYLE_RED, 1, FALSE);
  ksm_cell_get_piece_bounds (KSM_CELL (cell), KSM_CELL_STYLE_RED, &lone);
  g_assert_cmpfloat (lone.size.width, >=, LONE_TOKEN - 0.5f);

  for (guint n = 2; n <= KSM_CELL_MAX_GROUPS; n++)
    {
      graphene_rect_t bounds[KSM_CELL_MAX_GROUPS];

      ksm_cell_set_groups (KSM_CELL (cell), styles, counts, n);
      g_assert_cmpuint (ksm_cell_get_n_groups (KSM_CELL (cell)), ==, n);
      for (guint g = 0; g < n; g++)
        {
          graphene_point_t middle;

          ksm_cell_get_piece_bounds (KSM_CELL (cell), styles[g], &bounds[g]);
          g_assert_cmpfloat (bounds[g].size.width, >=, MIN_SHARED);
          g_assert_cmpfloat (bounds[g].size.height, >=, MIN_SHARED);
          g_assert_cmpfloat (bounds[g].origin.x, >=, 0);
          g_assert_cmpfloat (bounds[g].origin.y, >=, 0);
          g_assert_cmpfloat (bounds[g].origin.x + bounds[g].size.width, <=, size);
          g_assert_cmpfloat (bounds[g].origin.y + bounds[g].size.height, <=, size);
          graphene_rect_get_center (&bounds[g], &middle);
          for (guint other = 0; other < g; other++)
            g_assert_false (graphene_rect_contains_point (&bounds[other], &middle));
        }
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* a border drawn round all of `inside`, at least `margin` past it, in the
 * board's own drawing (not inside a child's) */
static gboolean
find_frame (GskRenderNode *node, const graphene_rect_t *inside, float margin)
{
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        if (find_frame (gsk_container_node_get_child (node, i), inside, margin))
          return TRUE;
      return FALSE;
    case GSK_DEBUG_NODE:
      return find_frame (gsk_debug_node_get_child (node), inside, margin);
    case GSK_CLIP_NODE:
      return find_frame (gsk_clip_node_get_child (node), inside, margin);
    case GSK_BORDER_NODE:
      {
        graphene_rect_t frame = gsk_border_node_get_outline (node)->bounds;
        graphene_rect_t wanted = *inside;

        graphene_rect_inset (&wanted, -margin, -margin);
        return graphene_rect_contains_rect (&frame, &wanted);
      }
    default:
      return FALSE;
    }
}

/* The board paints its surface past its cells, framed a few pixels out
 * each side */
static void
test_surface (void)
{
  g_autoptr(KsmGame) game = new_game_of (KSM_GAME_ASHTE_KASHTE);
  GtkWidget *board = ksm_board_new ();
  GtkWidget *window;
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  graphene_rect_t cells = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);

  ksm_board_set_game (KSM_BOARD (board), game);
  window = show_in_window (board, 400, 400);
  for (int i = 0; i < rules->n_cells (options); i++)
    {
      graphene_rect_t rect;

      g_assert_true (gtk_widget_compute_bounds (ksm_board_get_cell (KSM_BOARD (board), (guint) i), board, &rect));
      if (i == 0)
        cells = rect;
      else
        graphene_rect_union (&cells, &rect, &cells);
    }
  paintable = gtk_widget_paintable_new (board);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot),
                          gtk_widget_get_width (board), gtk_widget_get_height (board));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  g_assert_true (find_frame (node, &cells, 3));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Asi Keliya's surface lines are the central square's diagonals: each
 * crosses the goal, and runs from corner to corner of a square */
static void
test_asi_diagonals (void)
{
  g_autoptr(KsmGame) game = new_game_of (KSM_GAME_ASI_KELIYA);
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);
  const KsmSkin *skin = ksm_skin_lookup ("asi-keliya");
  KsmCellPlace goal = { 0 };
  gboolean found = FALSE;

  g_assert_nonnull (skin);
  for (int i = 0; i < rules->n_cells (options); i++)
    if (rules->cell_flags (options, i) & KSM_CELL_GOAL)
      {
        rules->cell_place (options, i, &goal);
        found = TRUE;
      }
  g_assert_true (found);
  g_assert_cmpuint (skin->n_surface_lines, ==, 2);
  for (guint i = 0; i < skin->n_surface_lines; i++)
    {
      const KsmSkinLine *line = &skin->surface_lines[i];
      float mx = (line->x0 + line->x1) / 2, my = (line->y0 + line->y1) / 2;

      g_assert_cmpfloat (ABS (line->x1 - line->x0), ==, ABS (line->y1 - line->y0));
      g_assert_cmpfloat (ABS (line->x1 - line->x0), ==, 3 * goal.width);
      g_assert_cmpfloat (mx, ==, goal.x + goal.width / 2);
      g_assert_cmpfloat (my, ==, goal.y + goal.height / 2);
    }
}

/* Each stylesheet names the board's colours, so the surface, the field
 * and the lines follow light, dark and high contrast */
static void
test_stylesheets (void)
{
  static const char *const sheets[] = { "style.css", "style-dark.css", "style-hc.css" };
  static const char *const colours[] = {
    "ksm_board_light_color", "ksm_board_dark_color", "ksm_board_edge_color",
    "ksm_board_shadow_color", "ksm_board_line_color", "ksm_board_ink_color",
    "ksm_cell_color", "ksm_mala_color", "ksm_line_color", "ksm_cross_color",
    "ksm_focus_outer_color", "ksm_focus_inner_color",
  };

  for (guint s = 0; s < G_N_ELEMENTS (sheets); s++)
    {
      g_autofree char *path = g_strconcat ("/io/github/kasimala/Kasimala/", sheets[s], NULL);
      g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
      g_autofree char *text = NULL;

      g_assert_nonnull (bytes);
      text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      for (guint c = 0; c < G_N_ELEMENTS (colours); c++)
        {
          g_autofree char *definition = g_strdup_printf ("@define-color %s ", colours[c]);
          if (strstr (text, definition) == NULL)
            g_error ("%s does not define %s", sheets[s], colours[c]);
        }
    }
}

int
main (int argc, char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("ksm-board-looks-XXXXXX", NULL);
  int status;

  test_isolate_home (home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/board-looks/mala-wider", test_mala_wider);
  g_test_add_func ("/board-looks/safe-marks", test_safe_marks);
  g_test_add_func ("/board-looks/shared-tokens", test_shared_tokens);
  g_test_add_func ("/board-looks/surface", test_surface);
  g_test_add_func ("/board-looks/asi-diagonals", test_asi_diagonals);
  g_test_add_func ("/board-looks/stylesheets", test_stylesheets);

  status = g_test_run ();
  remove_tree (home);
  return status;
}

/* test-board-keys.c: the board explored from the keyboard and with a
 * screen reader (issue 24, points 2 and 5): every cell focusable and read,
 * the board one Tab stop, the arrows going cell by cell as the cells are
 * placed on each game's board, Enter playing a piece, Space left to throw,
 * and a focus mark that stands out in every stylesheet. */
#include "config.h"

#include <adwaita.h>
#include <math.h>

#include "ksm-board.h"
#include "ksm-cell.h"

#include "tests/app/test-helpers.h"
#include "tests/app/test-keys.h"

/* ---- boards ---- */

static gboolean
allocated_cb (gpointer data)
{
  return gtk_widget_get_width (GTK_WIDGET (data)) > 0;
}

/* A window with a button each side of the board, to Tab in and out */
typedef struct {
  GtkWidget *window;
  GtkWidget *before;
  GtkWidget *board;
  GtkWidget *after;
} Stage;

static void
stage_up (Stage *stage, KsmGame *game)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  stage->window = gtk_window_new ();
  stage->before = gtk_button_new_with_label ("Before");
  stage->after = gtk_button_new_with_label ("After");
  stage->board = ksm_board_new ();
  gtk_widget_set_vexpand (stage->board, TRUE);
  gtk_box_append (GTK_BOX (box), stage->before);
  gtk_box_append (GTK_BOX (box), stage->board);
  gtk_box_append (GTK_BOX (box), stage->after);
  gtk_window_set_child (GTK_WINDOW (stage->window), box);
  gtk_window_set_default_size (GTK_WINDOW (stage->window), 900, 700);
  ksm_board_set_animation_duration (KSM_BOARD (stage->board), 0);
  if (game != NULL)
    ksm_board_set_game (KSM_BOARD (stage->board), game);
  gtk_window_present (GTK_WINDOW (stage->window));
  wait_for (allocated_cb, stage->board, "the board allocated");
}

static void
stage_down (Stage *stage)
{
  gtk_window_destroy (GTK_WINDOW (stage->window));
}

static KsmGame *
game_against_computer (KsmGameKind kind)
{
  const KsmRules *rules = ksm_rules_get (kind);
  KsmOptions options;
  KsmSeat seats[4] = {
    { .kind = KSM_SEAT_PERSON }, { .kind = KSM_SEAT_COMPUTER },
    { .kind = KSM_SEAT_COMPUTER }, { .kind = KSM_SEAT_COMPUTER },
  };

  rules->default_options (&options);
  return ksm_game_new (&options, seats, 1);
}

static guint
n_cells (GtkWidget *board)
{
  guint n = 0;

  while (ksm_board_get_cell (KSM_BOARD (board), n) != NULL)
    n++;
  return n;
}

static KsmCell *
focused_cell (Stage *stage)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (stage->window));

  return focus != NULL && KSM_IS_CELL (focus) ? KSM_CELL (focus) : NULL;
}

static char *
cell_name (KsmGame *game, int cell)
{
  char name[16];

  ksm_game_get_rules (game)->cell_name (ksm_game_get_options (game), cell, name, sizeof name);
  return g_strdup (name);
}

static int
cell_named (KsmGame *game, const char *name)
{
  const KsmRules *rules = ksm_game_get_rules (game);

  for (int i = 0; i < rules->n_cells (ksm_game_get_options (game)); i++)
    {
      g_autofree char *each = cell_name (game, i);
      if (g_str_equal (each, name))
        return i;
    }
  g_assert_not_reached ();
}

/* the cell of the engine's geometry at (x, y) in its grid units, or -1 */
static int
cell_placed_at (KsmGame *game, float x, float y)
{
  const KsmRules *rules = ksm_game_get_rules (game);

  for (int i = 0; i < rules->n_cells (ksm_game_get_options (game)); i++)
    {
      KsmCellPlace place;

      rules->cell_place (ksm_game_get_options (game), i, &place);
      if (place.x == x && place.y == y && place.width == 1.0f && place.height == 1.0f)
        return i;
    }
  return -1;
}

/* the focused cell's index after `key` pressed on cell `from` */
static int
arrow_from (Stage *stage, int from, guint keyval)
{
  KsmCell *cell;

  g_assert_true (gtk_widget_grab_focus (ksm_board_get_cell (KSM_BOARD (stage->board), (guint) from)));
  g_assert_true (press (stage->window, keyval, 0));
  cell = focused_cell (stage);
  /* an arrow never takes the focus off the board */
  g_assert_nonnull (cell);
  g_assert_true (gtk_widget_is_ancestor (GTK_WIDGET (cell), stage->board));
  return (int) ksm_cell_get_index (cell);
}

static void
assert_arrow (Stage *stage, KsmGame *game, const char *from, guint keyval, const char *to)
{
  g_autofree char *landed = cell_name (game, arrow_from (stage, cell_named (game, from), keyval));

  g_assert_cmpstr (landed, ==, to);
}

/* ---- the tests ---- */

static const KsmGameKind kinds[] = { KSM_GAME_KASIMALA, KSM_GAME_ASHTE_KASHTE, KSM_GAME_ASI_KELIYA };

/* Every cell, yards too, can be focused and is read by its name as the
 * coordinates show it; none is greyed out */
static void
test_all_focusable (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autoptr(KsmGame) game = game_against_computer (kinds[k]);
      const KsmRules *rules = ksm_game_get_rules (game);
      Stage stage;
      guint n;

      stage_up (&stage, game);
      n = n_cells (stage.board);
      g_assert_cmpuint (n, >=, (guint) rules->n_cells (ksm_game_get_options (game)));
      for (guint i = 0; i < n; i++)
        {
          GtkWidget *cell = ksm_board_get_cell (KSM_BOARD (stage.board), i);

          g_assert_true (gtk_widget_get_focusable (cell));
          g_assert_false (gtk_test_accessible_has_state (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_STATE_DISABLED));
          g_assert_true (gtk_widget_grab_focus (cell));
          g_assert_true (gtk_widget_has_focus (cell));
          if (i < (guint) rules->n_cells (ksm_game_get_options (game)))
            {
              g_autofree char *name = cell_name (game, (int) i);
              g_autofree char *prefix = g_strconcat (name, ", ", NULL);

              g_assert_true (g_str_has_prefix (ksm_cell_get_label (KSM_CELL (cell)), prefix));
            }
          else
            g_assert_nonnull (strstr (ksm_cell_get_label (KSM_CELL (cell)), "off the board"));
        }
      stage_down (&stage);
    }
}

/* What a cell says it holds, and whose: the person's, the computer's, or
 * nothing */
static void
test_labels (void)
{
  g_autoptr(KsmGame) game = game_against_computer (KSM_GAME_KASIMALA);
  Stage stage;

  stage_up (&stage, game);
  gtk_test_accessible_assert_property (ksm_board_get_cell (KSM_BOARD (stage.board), (guint) cell_named (game, "B16")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "B16, your waiting brick");
  gtk_test_accessible_assert_property (ksm_board_get_cell (KSM_BOARD (stage.board), (guint) cell_named (game, "T3")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "T3, a waiting stone of the computer's");
  gtk_test_accessible_assert_property (ksm_board_get_cell (KSM_BOARD (stage.board), (guint) cell_named (game, "M8")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "M8, empty");
  stage_down (&stage);
}

/* The arrows on each game's board: the cell beside, above or below as the
 * engine places them; all cells reached from any, the arrows alone */
static void
check_grid_arrows (KsmGameKind kind)
{
  g_autoptr(KsmGame) game = game_against_computer (kind);
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);
  static const struct { guint keyval; int dx, dy; } arrows[] = {
    { GDK_KEY_Left, -1, 0 }, { GDK_KEY_Right, 1, 0 }, { GDK_KEY_Up, 0, -1 }, { GDK_KEY_Down, 0, 1 },
  };
  Stage stage;
  guint n, checked = 0;
  g_autofree gboolean *reached = NULL;
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (int));
  int start = 0;

  stage_up (&stage, game);
  n = n_cells (stage.board);
  for (int i = 0; i < rules->n_cells (options); i++)
    {
      KsmCellPlace place;

      rules->cell_place (options, i, &place);
      if (place.width != 1.0f || place.height != 1.0f)
        continue;
      for (guint a = 0; a < G_N_ELEMENTS (arrows); a++)
        {
          int beside = cell_placed_at (game, place.x + arrows[a].dx, place.y + arrows[a].dy);

          if (beside < 0)
            continue;
          g_assert_cmpint (arrow_from (&stage, i, arrows[a].keyval), ==, beside);
          checked++;
        }
    }
  g_assert_cmpuint (checked, >, 0);

  /* from one cell, the arrows reach every other, the yards too */
  reached = g_new0 (gboolean, n);
  reached[start] = TRUE;
  g_array_append_val (queue, start);
  for (guint q = 0; q < queue->len; q++)
    {
      int from = g_array_index (queue, int, q);

      for (guint a = 0; a < G_N_ELEMENTS (arrows); a++)
        {
          int to = arrow_from (&stage, from, arrows[a].keyval);

          if (!reached[to])
            {
              reached[to] = TRUE;
              g_array_append_val (queue, to);
            }
        }
    }
  for (guint i = 0; i < n; i++)
    if (!reached[i])
      {
        g_autofree char *name = i < (guint) rules->n_cells (options) ? cell_name (game, (int) i) : g_strdup ("a yard");
        g_error ("%s: %s is not reached with the arrows", rules->id, name);
      }
  stage_down (&stage);
}

static void
test_arrows_kasimala (void)
{
  g_autoptr(KsmGame) game = game_against_computer (KSM_GAME_KASIMALA);
  Stage stage;

  stage_up (&stage, game);
  /* along the rows and the mala, and between them: T on top, B below */
  assert_arrow (&stage, game, "M5", GDK_KEY_Right, "M6");
  assert_arrow (&stage, game, "M5", GDK_KEY_Left, "M4");
  assert_arrow (&stage, game, "M5", GDK_KEY_Up, "T5");
  assert_arrow (&stage, game, "M5", GDK_KEY_Down, "B5");
  assert_arrow (&stage, game, "T5", GDK_KEY_Down, "M5");
  assert_arrow (&stage, game, "B5", GDK_KEY_Up, "M5");
  assert_arrow (&stage, game, "B16", GDK_KEY_Right, "B17");
  /* at an edge the focus stays */
  assert_arrow (&stage, game, "B17", GDK_KEY_Right, "B17");
  assert_arrow (&stage, game, "T1", GDK_KEY_Up, "T1");
  assert_arrow (&stage, game, "B1", GDK_KEY_Down, "B1");
  /* a row's ends */
  assert_arrow (&stage, game, "M9", GDK_KEY_Home, "M1");
  assert_arrow (&stage, game, "M9", GDK_KEY_End, "M17");
  stage_down (&stage);
  check_grid_arrows (KSM_GAME_KASIMALA);
}

static void
test_arrows_ashte (void)
{
  g_autoptr(KsmGame) game = game_against_computer (KSM_GAME_ASHTE_KASHTE);
  Stage stage;

  stage_up (&stage, game);
  /* rank 7 on top, file a on the left */
  assert_arrow (&stage, game, "d4", GDK_KEY_Right, "e4");
  assert_arrow (&stage, game, "d4", GDK_KEY_Up, "d5");
  assert_arrow (&stage, game, "d4", GDK_KEY_Down, "d3");
  assert_arrow (&stage, game, "d4", GDK_KEY_Left, "c4");
  assert_arrow (&stage, game, "c4", GDK_KEY_End, "g4");
  stage_down (&stage);
  check_grid_arrows (KSM_GAME_ASHTE_KASHTE);
}

static void
test_arrows_asi (void)
{
  g_autoptr(KsmGame) game = game_against_computer (KSM_GAME_ASI_KELIYA);
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);
  Stage stage;
  int home = cell_named (game, "H");
  KsmCellPlace place;

  stage_up (&stage, game);
  /* the home at the cross's middle: each arrow to the triangle that way */
  rules->cell_place (options, home, &place);
  g_assert_cmpint (arrow_from (&stage, home, GDK_KEY_Up), ==, cell_placed_at (game, place.x, place.y - 1));
  g_assert_cmpint (arrow_from (&stage, home, GDK_KEY_Down), ==, cell_placed_at (game, place.x, place.y + 1));
  g_assert_cmpint (arrow_from (&stage, home, GDK_KEY_Left), ==, cell_placed_at (game, place.x - 1, place.y));
  g_assert_cmpint (arrow_from (&stage, home, GDK_KEY_Right), ==, cell_placed_at (game, place.x + 1, place.y));
  stage_down (&stage);
  check_grid_arrows (KSM_GAME_ASI_KELIYA);
}

/* The board is one Tab stop: in on one cell, out on the next Tab; back in
 * where it left; Shift+Tab the same way back */
static void
test_one_tab_stop (void)
{
  g_autoptr(KsmGame) game = game_against_computer (KSM_GAME_KASIMALA);
  Stage stage;
  KsmCell *cell;
  GtkWidget *explored;

  stage_up (&stage, game);
  gtk_widget_grab_focus (stage.before);
  g_assert_true (press (stage.window, GDK_KEY_Tab, 0));
  cell = focused_cell (&stage);
  g_assert_nonnull (cell);
  g_assert_true (press (stage.window, GDK_KEY_Tab, 0));
  g_assert_true (gtk_widget_has_focus (stage.after));

  /* Shift+Tab comes back to the same cell; arrows move on from it */
  g_assert_true (press (stage.window, GDK_KEY_Tab, GDK_SHIFT_MASK));
  g_assert_true (focused_cell (&stage) == cell);
  g_assert_true (press (stage.window, GDK_KEY_Right, 0));
  explored = GTK_WIDGET (focused_cell (&stage));
  g_assert_true (explored != GTK_WIDGET (cell));
  g_assert_true (press (stage.window, GDK_KEY_Tab, GDK_SHIFT_MASK));
  g_assert_true (gtk_widget_has_focus (stage.before));
  /* and Tab back in lands where the person left off */
  g_assert_true (press (stage.window, GDK_KEY_Tab, 0));
  g_assert_true (gtk_widget_has_focus (explored));
  stage_down (&stage);
}

/* throws (lost throws pass the turn) until a move is due */
static void
throw_until_move (KsmGame *game)
{
  for (int i = 0; i < 500 && ksm_game_get_phase (game) == KSM_PHASE_THROW; i++)
    g_assert_true (ksm_game_throw (game));
  g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_MOVE);
}

/* Enter plays a piece that can move and nothing else; Space on a cell
 * that cannot move goes on up (the window throws with it); M goes to a
 * piece that can move; Tab from elsewhere comes in on one */
static void
test_play_keys (void)
{
  g_autoptr(KsmGame) game = new_game_of (KSM_GAME_KASIMALA);
  KsmRecord *record = ksm_game_get_record (game);
  Stage stage;
  GtkWidget *mover, *other = NULL;
  guint n_events;
  const KsmMove *move;

  stage_up (&stage, game);
  /* the throw: neither a cell nor the board takes Space, so that it goes
   * on up to the game page's throw */
  gtk_widget_grab_focus (ksm_board_get_cell (KSM_BOARD (stage.board), 0));
  g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_THROW);
  g_assert_false (press_within (stage.board, GDK_KEY_space, 0));

  gtk_widget_grab_focus (stage.before);
  throw_until_move (game);
  /* Tab comes in on a piece that can move */
  g_assert_true (press (stage.window, GDK_KEY_Tab, 0));
  mover = GTK_WIDGET (focused_cell (&stage));
  g_assert_nonnull (mover);
  g_assert_true (ksm_cell_get_movable (KSM_CELL (mover)));
  /* what it says: where it lands, and what it takes */
  move = ksm_board_scene_move_from (ksm_board_get_scene (KSM_BOARD (stage.board)),
                                    (int) ksm_cell_get_index (KSM_CELL (mover)));
  g_assert_nonnull (move);
  {
    g_autofree char *to = cell_name (game, move->to);
    g_autofree char *lands = g_strconcat ("moves to ", to, NULL);
    g_assert_nonnull (strstr (ksm_cell_get_label (KSM_CELL (mover)), lands));
    if (move->captured > 0)
      g_assert_nonnull (strstr (ksm_cell_get_label (KSM_CELL (mover)), "takes "));
  }

  /* a cell that cannot move: Enter does nothing, Space goes on up */
  for (guint i = 0; other == NULL; i++)
    if (!ksm_cell_get_movable (KSM_CELL (ksm_board_get_cell (KSM_BOARD (stage.board), i))))
      other = ksm_board_get_cell (KSM_BOARD (stage.board), i);
  gtk_widget_grab_focus (other);
  n_events = ksm_record_get_n_events (record);
  g_assert_true (press (stage.window, GDK_KEY_Return, 0));
  g_assert_false (press_within (stage.board, GDK_KEY_space, 0));
  g_assert_cmpuint (ksm_record_get_n_events (record), ==, n_events);
  g_assert_true (gtk_widget_has_focus (other));

  /* M goes to a piece that can move */
  g_assert_true (press (stage.window, GDK_KEY_m, 0));
  g_assert_nonnull (focused_cell (&stage));
  g_assert_true (ksm_cell_get_movable (focused_cell (&stage)));

  /* Enter plays it; the focus stays on the board */
  mover = GTK_WIDGET (focused_cell (&stage));
  g_assert_true (press (stage.window, GDK_KEY_Return, 0));
  ksm_board_finish_animation (KSM_BOARD (stage.board));
  g_assert_cmpuint (ksm_record_get_n_events (record), ==, n_events + 1);
  g_assert_cmpint (ksm_record_get_event (record, n_events)->kind, ==, KSM_EVENT_MOVE);
  g_assert_true (gtk_widget_has_focus (mover));
  stage_down (&stage);
}

/* A move that takes: its piece says what it would take */
static void
test_capture_label (void)
{
  g_autoptr(KsmGame) game = new_game_of (KSM_GAME_KASIMALA);
  Stage stage;
  gboolean seen = FALSE;

  stage_up (&stage, game);
  for (int i = 0; i < 4000 && !seen && ksm_game_get_phase (game) != KSM_PHASE_OVER; i++)
    {
      guint n_moves;
      const KsmMove *moves;

      if (ksm_game_get_phase (game) == KSM_PHASE_THROW)
        {
          g_assert_true (ksm_game_throw (game));
          continue;
        }
      moves = ksm_game_get_moves (game, &n_moves);
      for (guint m = 0; m < n_moves; m++)
        if (moves[m].captured > 0)
          {
            GtkWidget *cell = ksm_board_get_move_cell (KSM_BOARD (stage.board), &moves[m]);
            g_autofree char *to = cell_name (game, moves[m].to);
            /* the bricks take stones, the stones bricks */
            g_autofree char *said = g_strdup_printf ("moves to %s, takes %u %s%s", to, moves[m].captured,
                                                     ksm_game_get_player (game) == 0 ? "stone" : "brick",
                                                     moves[m].captured > 1 ? "s" : "");

            const KsmMove *shown = ksm_board_scene_move_from (ksm_board_get_scene (KSM_BOARD (stage.board)),
                                                              (int) ksm_cell_get_index (KSM_CELL (cell)));

            /* the cell says the move it would play, where it has several */
            if (shown == NULL || !ksm_moves_equal (shown, &moves[m]))
              continue;
            g_assert_true (g_str_has_suffix (ksm_cell_get_label (KSM_CELL (cell)), said));
            seen = TRUE;
            break;
          }
      /* the move that takes most goes on to more captures */
      g_assert_true (ksm_game_play (game, &moves[n_moves - 1]));
      ksm_board_finish_animation (KSM_BOARD (stage.board));
    }
  g_assert_true (seen);
  stage_down (&stage);
}

/* A figure of the rules is a picture: no Tab stop */
static void
test_figure_no_stop (void)
{
  g_autoptr(KsmGame) game = game_against_computer (KSM_GAME_KASIMALA);
  KsmPosition position = *ksm_game_get_position (game);
  Stage stage;

  stage_up (&stage, NULL);
  ksm_board_set_position (KSM_BOARD (stage.board), &position);
  for (guint i = 0; i < n_cells (stage.board); i++)
    g_assert_false (gtk_widget_get_focusable (ksm_board_get_cell (KSM_BOARD (stage.board), i)));
  gtk_widget_grab_focus (stage.before);
  g_assert_true (press (stage.window, GDK_KEY_Tab, 0));
  g_assert_true (gtk_widget_has_focus (stage.after));
  stage_down (&stage);
}

/* ---- the focus mark ---- */

/* WCAG 2 relative luminance and contrast ratio */
static double
linear (double channel)
{
  return channel <= 0.04045 ? channel / 12.92 : pow ((channel + 0.055) / 1.055, 2.4);
}

static double
luminance (const GdkRGBA *c)
{
  return 0.2126 * linear (c->red) + 0.7152 * linear (c->green) + 0.0722 * linear (c->blue);
}

static double
contrast (const GdkRGBA *a, const GdkRGBA *b)
{
  double la = luminance (a), lb = luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

/* `c` as it shows over the opaque `under` */
static GdkRGBA
over (const GdkRGBA *c, const GdkRGBA *under)
{
  return (GdkRGBA) {
    c->red * c->alpha + under->red * (1 - c->alpha),
    c->green * c->alpha + under->green * (1 - c->alpha),
    c->blue * c->alpha + under->blue * (1 - c->alpha),
    1,
  };
}

static GdkRGBA
mix (const GdkRGBA *a, const GdkRGBA *b, double t)
{
  return (GdkRGBA) {
    a->red * (1 - t) + b->red * t, a->green * (1 - t) + b->green * t, a->blue * (1 - t) + b->blue * t, 1,
  };
}

G_GNUC_BEGIN_IGNORE_DEPRECATIONS
static GdkRGBA
named (GtkWidget *widget, const char *name)
{
  GdkRGBA color;

  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, &color))
    g_error ("no colour %s", name);
  return color;
}
G_GNUC_END_IGNORE_DEPRECATIONS

/* the app's stylesheets for a style, over libadwaita's, as the app loads them */
static GtkCssProvider *
load_sheets (const char *const *sheets)
{
  GtkCssProvider *provider = gtk_css_provider_new ();
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; sheets[i] != NULL; i++)
    {
      g_autofree char *path = g_strconcat ("/io/github/kasimala/Kasimala/", sheets[i], NULL);
      g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, NULL);

      g_assert_nonnull (bytes);
      g_string_append_len (text, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes));
      g_string_append_c (text, '\n');
    }
  gtk_css_provider_load_from_data (provider, text->str, (gssize) text->len);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  return provider;
}

static gboolean
find_border_of (GskRenderNode *node, const GdkRGBA *color)
{
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        if (find_border_of (gsk_container_node_get_child (node, i), color))
          return TRUE;
      return FALSE;
    case GSK_DEBUG_NODE:
      return find_border_of (gsk_debug_node_get_child (node), color);
    case GSK_CLIP_NODE:
      return find_border_of (gsk_clip_node_get_child (node), color);
    case GSK_ROUNDED_CLIP_NODE:
      return find_border_of (gsk_rounded_clip_node_get_child (node), color);
    case GSK_TRANSFORM_NODE:
      return find_border_of (gsk_transform_node_get_child (node), color);
    case GSK_OPACITY_NODE:
      return find_border_of (gsk_opacity_node_get_child (node), color);
    case GSK_BORDER_NODE:
      return gdk_rgba_equal (&gsk_border_node_get_colors (node)[0], color);
    default:
      return FALSE;
    }
}

static gboolean
ring_drawn (GtkWidget *cell, const GdkRGBA *outer)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (cell);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), gtk_widget_get_width (cell),
                          gtk_widget_get_height (cell));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  return node != NULL && find_border_of (node, outer);
}

static gboolean
restyled_cb (gpointer data)
{
  GtkWidget *widget = data;
  GdkRGBA outer = named (widget, "ksm_focus_outer_color");

  /* the focused cell's ring is drawn in the style's colour */
  return ring_drawn (widget, &outer);
}

static gboolean
unstyled_cb (gpointer data)
{
  return !restyled_cb (data);
}

/* A cell marked as the keyboard focus marks it, without waiting on the window
 * to be the active one: GTK shows :focus-visible only in that */
static void
show_focus (GtkWidget *cell, gboolean shown)
{
  const GtkStateFlags flags = GTK_STATE_FLAG_FOCUSED | GTK_STATE_FLAG_FOCUS_VISIBLE;

  if (shown)
    gtk_widget_set_state_flags (cell, flags, FALSE);
  else
    gtk_widget_unset_state_flags (cell, flags);
}

/* At least 3:1 between the focus ring and what it is drawn on, cell or
 * wood, in every style: the ring's dark outside or its light inside,
 * whichever stands out there, and between the two; and the ring's
 * colours greys, apart from the coloured marks */
static void
test_focus_contrast (void)
{
  static const char *const light[] = { "style.css", NULL };
  static const char *const dark[] = { "style.css", "style-dark.css", NULL };
  static const char *const hc[] = { "style.css", "style-hc.css", NULL };
  static const char *const hc_dark[] = { "style.css", "style-dark.css", "style-hc.css", NULL };
  static const struct {
    const char         *name;
    const char *const  *sheets;
    gboolean            dark, high_contrast;
  } styles[] = {
    { "light", light, FALSE, FALSE }, { "dark", dark, TRUE, FALSE },
    { "high contrast", hc, FALSE, TRUE }, { "high contrast dark", hc_dark, TRUE, TRUE },
  };
  static const char *const grounds[] = {
    "ksm_cell_color", "ksm_mala_color", "ksm_ring_color", "ksm_board_light_color", "ksm_board_dark_color",
  };
  static const char *const marks[] = { "accent_color", "ksm_next_color", "ksm_trail_color" };
  AdwStyleManager *manager = adw_style_manager_get_default ();
  g_autoptr(GSettings) a11y = NULL;
  g_autoptr(GSettingsSchema) schema =
    g_settings_schema_source_lookup (g_settings_schema_source_get_default (), "org.gnome.desktop.a11y.interface", TRUE);
  g_autoptr(KsmGame) game = game_against_computer (KSM_GAME_ASHTE_KASHTE);
  Stage stage;

  if (schema != NULL && g_settings_schema_has_key (schema, "high-contrast"))
    a11y = g_settings_new ("org.gnome.desktop.a11y.interface");
  stage_up (&stage, game);

  for (guint s = 0; s < G_N_ELEMENTS (styles); s++)
    {
      g_autoptr(GtkCssProvider) provider = NULL;
      GtkWidget *cell = ksm_board_get_cell (KSM_BOARD (stage.board), 0);
      GtkWidget *other = ksm_board_get_cell (KSM_BOARD (stage.board), 1);
      GdkRGBA outer, inner, cell_color;
      g_autoptr(GString) figures = g_string_new (NULL);

      adw_style_manager_set_color_scheme (manager, styles[s].dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                                  : ADW_COLOR_SCHEME_FORCE_LIGHT);
      if (a11y != NULL)
        g_settings_set_boolean (a11y, "high-contrast", styles[s].high_contrast);
      provider = load_sheets (styles[s].sheets);
      if (styles[s].high_contrast && !adw_style_manager_get_high_contrast (manager))
        g_test_message ("%s: libadwaita's own high contrast is not on here; its window colours are the usual ones",
                        styles[s].name);

      cell_color = named (cell, "ksm_cell_color");
      outer = over ((GdkRGBA[]) { named (cell, "ksm_focus_outer_color") }, &cell_color);
      inner = over ((GdkRGBA[]) { named (cell, "ksm_focus_inner_color") }, &cell_color);
      g_string_append_printf (figures, "%s: outer ring to inner %.2f;", styles[s].name, contrast (&outer, &inner));
      g_assert_cmpfloat (contrast (&outer, &inner), >=, 3.0);
      for (guint g = 0; g < G_N_ELEMENTS (grounds) + 1; g++)
        {
          GdkRGBA ground;
          double to_outer, to_inner;
          const char *name = g < G_N_ELEMENTS (grounds) ? grounds[g] : "movable cell";

          if (g < G_N_ELEMENTS (grounds))
            ground = named (cell, grounds[g]);
          else
            ground = mix (&cell_color, (GdkRGBA[]) { named (cell, "accent_bg_color") }, 0.4);
          ground = over (&ground, &cell_color);
          to_outer = contrast (&outer, &ground);
          to_inner = contrast (&inner, &ground);
          g_string_append_printf (figures, " %s: outer %.2f, inner %.2f;", name, to_outer, to_inner);
          if (MAX (to_outer, to_inner) < 3.0)
            g_error ("%s: the focus ring shows %.2f:1 at most on %s", styles[s].name, MAX (to_outer, to_inner), name);
        }
      /* unlike the coloured marks: its colours are greys */
      if (!styles[s].high_contrast)
        for (guint m = 0; m < G_N_ELEMENTS (marks); m++)
          {
            GdkRGBA mark = named (cell, marks[m]);

            g_assert_false (gdk_rgba_equal (&mark, &outer));
            g_assert_false (gdk_rgba_equal (&mark, &inner));
          }
      for (guint c = 0; c < 2; c++)
        {
          const GdkRGBA *ring = c == 0 ? &outer : &inner;
          g_assert_cmpfloat (MAX (MAX (ring->red, ring->green), ring->blue)
                             - MIN (MIN (ring->red, ring->green), ring->blue), <, 0.12);
        }
      g_test_message ("%s", figures->str);

      /* drawn while the focus is shown there, and only then */
      show_focus (cell, TRUE);
      wait_for (restyled_cb, cell, "the focus ring drawn");
      show_focus (cell, FALSE);
      wait_for (unstyled_cb, cell, "the focus ring gone");
      g_assert_false (restyled_cb (other));

      gtk_style_context_remove_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider));
    }
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
  if (a11y != NULL)
    g_settings_reset (a11y, "high-contrast");
  stage_down (&stage);
}

int
main (int argc, char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("ksm-board-keys-XXXXXX", NULL);
  int status;

  test_isolate_home (home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/board-keys/all-focusable", test_all_focusable);
  g_test_add_func ("/board-keys/labels", test_labels);
  g_test_add_func ("/board-keys/arrows-kasimala", test_arrows_kasimala);
  g_test_add_func ("/board-keys/arrows-ashte-kashte", test_arrows_ashte);
  g_test_add_func ("/board-keys/arrows-asi-keliya", test_arrows_asi);
  g_test_add_func ("/board-keys/one-tab-stop", test_one_tab_stop);
  g_test_add_func ("/board-keys/play-keys", test_play_keys);
  g_test_add_func ("/board-keys/capture-label", test_capture_label);
  g_test_add_func ("/board-keys/figure-no-stop", test_figure_no_stop);
  g_test_add_func ("/board-keys/focus-contrast", test_focus_contrast);

  status = g_test_run ();
  remove_tree (home);
  return status;
}

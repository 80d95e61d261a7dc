/* ksm-board-input.c: a person points at, focuses and activates cells; the
 * board passes each to the scene.
 *
 * From the keyboard the board is one Tab stop: Tab comes in to the cell
 * last focused (or a piece that can move) and goes on out; inside, the
 * arrows go cell by cell by the cells' places on the grid, Home and End to
 * a row's ends, and M to the next piece that can move. */
#include "config.h"

#include <math.h>

#include "ksm-board-private.h"

static int
controller_cell (GtkEventController *controller)
{
  return (int) ksm_cell_get_index (KSM_CELL (gtk_event_controller_get_widget (controller)));
}

static void
cell_activate_cb (KsmCell  *cell,
                  KsmBoard *self)
{
  ksm_board_scene_activate (self->scene, (int) ksm_cell_get_index (cell));
}

static void
motion_enter_cb (GtkEventControllerMotion *controller,
                 double                    x,
                 double                    y,
                 KsmBoard                 *self)
{
  ksm_board_scene_set_hovered (self->scene, controller_cell (GTK_EVENT_CONTROLLER (controller)), TRUE);
}

static void
motion_leave_cb (GtkEventControllerMotion *controller,
                 KsmBoard                 *self)
{
  ksm_board_scene_set_hovered (self->scene, controller_cell (GTK_EVENT_CONTROLLER (controller)), FALSE);
}

static void
focus_enter_cb (GtkEventControllerFocus *controller,
                KsmBoard                *self)
{
  int index = controller_cell (GTK_EVENT_CONTROLLER (controller));

  self->roving = index;
  ksm_board_scene_set_focused (self->scene, index, TRUE);
}

static void
focus_leave_cb (GtkEventControllerFocus *controller,
                KsmBoard                *self)
{
  ksm_board_scene_set_focused (self->scene, controller_cell (GTK_EVENT_CONTROLLER (controller)), FALSE);
}

void
ksm_board_connect_cell (KsmBoard  *self,
                        GtkWidget *cell)
{
  GtkEventController *controller;

  g_signal_connect_object (cell, "activate", G_CALLBACK (cell_activate_cb), self, 0);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_object (controller, "enter", G_CALLBACK (motion_enter_cb), self, 0);
  g_signal_connect_object (controller, "leave", G_CALLBACK (motion_leave_cb), self, 0);
  gtk_widget_add_controller (cell, controller);
  controller = gtk_event_controller_focus_new ();
  g_signal_connect_object (controller, "enter", G_CALLBACK (focus_enter_cb), self, 0);
  g_signal_connect_object (controller, "leave", G_CALLBACK (focus_leave_cb), self, 0);
  gtk_widget_add_controller (cell, controller);
}

/* ---- one Tab stop ---- */

static gboolean
cell_can_focus (KsmCell *cell)
{
  return cell != NULL && gtk_widget_get_focusable (GTK_WIDGET (cell));
}

KsmCell *
ksm_board_first_mover (KsmBoard *self)
{
  guint n_moves;
  const KsmMove *moves = ksm_board_scene_get_moves (self->scene, &n_moves);

  for (guint i = 0; i < n_moves; i++)
    {
      KsmCell *cell = ksm_board_cell_at (self, ksm_board_scene_move_cell (self->scene, &moves[i]));
      if (cell != NULL && ksm_cell_get_movable (cell))
        return cell;
    }
  return NULL;
}

static const KsmCellPlace *
place_of (KsmBoard *self, int index)
{
  return &g_array_index (self->places, KsmCellPlace, index);
}

/* the first cell as a page is read: the top row's left end */
static KsmCell *
first_cell (KsmBoard *self)
{
  int best = -1;

  for (guint i = 0; i < self->cells->len; i++)
    {
      const KsmCellPlace *place = place_of (self, (int) i);

      if (best < 0 || place->y < place_of (self, best)->y
          || (place->y == place_of (self, best)->y && place->x < place_of (self, best)->x))
        best = (int) i;
    }
  return ksm_board_cell_at (self, best);
}

KsmCell *
ksm_board_roving_cell (KsmBoard *self)
{
  KsmCell *cell = ksm_board_cell_at (self, self->roving);

  if (cell_can_focus (cell))
    return cell;
  cell = ksm_board_first_mover (self);
  if (cell == NULL)
    cell = first_cell (self);
  return cell_can_focus (cell) ? cell : NULL;
}

/* Focus coming in from outside lands on one cell; from a cell, the focus
 * moves on out of the board (the arrows inside are the board's own, below) */
gboolean
ksm_board_focus (GtkWidget        *widget,
                 GtkDirectionType  direction)
{
  KsmBoard *self = KSM_BOARD (widget);
  KsmCell *cell;

  if (gtk_widget_get_focus_child (widget) != NULL)
    return FALSE;
  cell = ksm_board_roving_cell (self);
  return cell != NULL && gtk_widget_grab_focus (GTK_WIDGET (cell));
}

gboolean
ksm_board_grab_focus (GtkWidget *widget)
{
  KsmCell *cell = ksm_board_roving_cell (KSM_BOARD (widget));

  return cell != NULL && gtk_widget_grab_focus (GTK_WIDGET (cell));
}

/* ---- the arrows ---- */

static gboolean
overlaps (float from_a, float extent_a, float from_b, float extent_b)
{
  return MIN (from_a + extent_a, from_b + extent_b) - MAX (from_a, from_b) > 0.01f;
}

/* The cell next to `from` the way (dx, dy) points: of the cells beyond it,
 * one in its row (or column) first, the nearest; else the nearest within
 * 45° of the way. By the places alone, so rows, the mala, a spiral's
 * squares and a cross's arms all go as they are drawn. -1 for none. */
static int
neighbour (KsmBoard *self, int from, int dx, int dy)
{
  const KsmCellPlace *a = place_of (self, from);
  float ax = a->x + a->width / 2, ay = a->y + a->height / 2;
  int best = -1;
  gboolean best_in_line = FALSE;
  float best_score = G_MAXFLOAT;

  for (guint i = 0; i < self->cells->len; i++)
    {
      const KsmCellPlace *b = place_of (self, (int) i);
      float bx = b->x + b->width / 2, by = b->y + b->height / 2;
      float along = dx != 0 ? (bx - ax) * dx : (by - ay) * dy;
      float across = dx != 0 ? fabsf (by - ay) : fabsf (bx - ax);
      gboolean in_line = dx != 0 ? overlaps (a->y, a->height, b->y, b->height)
                                 : overlaps (a->x, a->width, b->x, b->width);
      float score;

      if ((int) i == from || along < 0.01f || !cell_can_focus (ksm_board_cell_at (self, (int) i)))
        continue;
      if (!in_line && across > along)
        continue;
      score = in_line ? along + across : along + 2 * across;
      if ((in_line && !best_in_line) || (in_line == best_in_line && score < best_score))
        {
          best = (int) i;
          best_in_line = in_line;
          best_score = score;
        }
    }
  return best;
}

/* the far end of `from`'s row, left (dx < 0) or right */
static int
row_end (KsmBoard *self, int from, int dx)
{
  const KsmCellPlace *a = place_of (self, from);
  int best = from;

  for (guint i = 0; i < self->cells->len; i++)
    {
      const KsmCellPlace *b = place_of (self, (int) i);

      if (!overlaps (a->y, a->height, b->y, b->height) || !cell_can_focus (ksm_board_cell_at (self, (int) i)))
        continue;
      if ((b->x - place_of (self, best)->x) * dx > 0)
        best = (int) i;
    }
  return best;
}

static KsmCell *
focused_cell (GtkWidget *widget)
{
  GtkWidget *focus = gtk_widget_get_focus_child (widget);

  return focus != NULL && KSM_IS_CELL (focus) ? KSM_CELL (focus) : NULL;
}

static gboolean
arrow_cb (GtkWidget *widget,
          GVariant  *args,
          gpointer   user_data)
{
  KsmBoard *self = KSM_BOARD (widget);
  KsmCell *cell = focused_cell (widget);
  int dx, dy, to;

  if (cell == NULL)
    return FALSE;
  g_variant_get (args, "(ii)", &dx, &dy);
  to = neighbour (self, (int) ksm_cell_get_index (cell), dx, dy);
  if (to >= 0)
    gtk_widget_grab_focus (GTK_WIDGET (ksm_board_cell_at (self, to)));
  /* at the edge the focus stays: an arrow never leaves the board */
  return TRUE;
}

static gboolean
row_end_cb (GtkWidget *widget,
            GVariant  *args,
            gpointer   user_data)
{
  KsmBoard *self = KSM_BOARD (widget);
  KsmCell *cell = focused_cell (widget);
  int dx;

  if (cell == NULL)
    return FALSE;
  g_variant_get (args, "i", &dx);
  gtk_widget_grab_focus (GTK_WIDGET (ksm_board_cell_at (self, row_end (self, (int) ksm_cell_get_index (cell), dx))));
  return TRUE;
}

/* M: the next piece that can move after the focused cell, round again */
static gboolean
next_mover_cb (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  KsmBoard *self = KSM_BOARD (widget);
  KsmCell *cell = focused_cell (widget);
  int from = cell != NULL ? (int) ksm_cell_get_index (cell) : -1;
  int n = (int) self->cells->len;

  for (int step = 1; step <= n; step++)
    {
      KsmCell *next = ksm_board_cell_at (self, (from + step + n) % n);

      if (ksm_cell_get_movable (next) && cell_can_focus (next))
        {
          gtk_widget_grab_focus (GTK_WIDGET (next));
          return TRUE;
        }
    }
  return FALSE;
}

void
ksm_board_init_keys (GtkWidgetClass *widget_class)
{
  static const struct { guint keyval; int dx, dy; } arrows[] = {
    { GDK_KEY_Left, -1, 0 }, { GDK_KEY_KP_Left, -1, 0 },
    { GDK_KEY_Right, 1, 0 }, { GDK_KEY_KP_Right, 1, 0 },
    { GDK_KEY_Up, 0, -1 }, { GDK_KEY_KP_Up, 0, -1 },
    { GDK_KEY_Down, 0, 1 }, { GDK_KEY_KP_Down, 0, 1 },
  };

  /* the board's own, before the window's (a review steps with the arrows
   * where nothing focused uses them) */
  for (guint i = 0; i < G_N_ELEMENTS (arrows); i++)
    gtk_widget_class_add_binding (widget_class, arrows[i].keyval, 0, arrow_cb, "(ii)", arrows[i].dx, arrows[i].dy);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Home, 0, row_end_cb, "i", -1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Home, 0, row_end_cb, "i", -1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_End, 0, row_end_cb, "i", 1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_End, 0, row_end_cb, "i", 1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_m, 0, next_mover_cb, NULL);
}

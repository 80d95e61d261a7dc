/* ksm-board-coordinates.c: the cells' names, as the notation writes them,
 * along the board's edges.
 *
 * Where every cell's name is a part its grid row shares and a part its
 * grid column shares (a row letter and a column number, or a file and a
 * rank), each row's part is written beside the board and each column's
 * below it, in a strip the board leaves round its grid. Where names do not
 * split so (a cross of arms), each cell carries its own name in a corner.
 * The labels are only looks: each cell already tells a screen reader its
 * name. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ksm-board-private.h"

#define NAME_SIZE 16

typedef struct {
  char name[NAME_SIZE];
  float x, y;
} NamedPlace;

static void
add_label (KsmBoard *self, KsmBoardCoordinateKind kind, const char *text,
           float from, float extent, int cell)
{
  KsmBoardCoordinate coordinate = { 0 };

  coordinate.label = g_object_new (GTK_TYPE_LABEL,
                                   "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                   "label", text,
                                   "can-target", FALSE,
                                   "can-focus", FALSE,
                                   "visible", self->show_coordinates,
                                   NULL);
  gtk_widget_add_css_class (coordinate.label, "coordinate");
  if (kind == KSM_BOARD_COORDINATE_CELL)
    gtk_widget_add_css_class (coordinate.label, "cell-name");
  coordinate.kind = kind;
  coordinate.from = from;
  coordinate.extent = extent;
  coordinate.cell = cell;
  /* under the arrows, badge and moving pieces */
  gtk_widget_insert_before (coordinate.label, GTK_WIDGET (self), self->badge);
  g_array_append_val (self->coordinates, coordinate);
}

/* Whether each name splits after `split` characters into a part shared
 * along its row and a part shared down its column; row_first: the row's
 * part comes first (B17), or the column's (d1) */
static gboolean
names_split (const NamedPlace *places, int n, size_t split, gboolean row_first)
{
  for (int i = 0; i < n; i++)
    {
      if (strlen (places[i].name) <= split)
        return FALSE;
      for (int j = i + 1; j < n; j++)
        {
          gboolean heads_equal = strncmp (places[i].name, places[j].name, split) == 0;
          gboolean tails_equal = strcmp (places[i].name + split, places[j].name + split) == 0;
          gboolean same_row = places[i].y == places[j].y, same_column = places[i].x == places[j].x;

          if (same_row && !(row_first ? heads_equal : tails_equal))
            return FALSE;
          if (same_column && !(row_first ? tails_equal : heads_equal))
            return FALSE;
          /* a part shared across rows or columns would not tell them apart */
          if (!same_row && (row_first ? heads_equal : tails_equal))
            return FALSE;
          if (!same_column && (row_first ? tails_equal : heads_equal))
            return FALSE;
        }
    }
  return n > 0;
}

/* One label a row (or column) of the grid: the first cell found on it
 * names it */
static void
add_edge_labels (KsmBoard *self, const NamedPlace *places, int n, size_t split, gboolean row_first)
{
  g_autoptr(GArray) rows_seen = g_array_new (FALSE, FALSE, sizeof (float));
  g_autoptr(GArray) columns_seen = g_array_new (FALSE, FALSE, sizeof (float));

  for (int i = 0; i < n; i++)
    {
      const KsmCellPlace *place = &g_array_index (self->places, KsmCellPlace, i);
      char head[NAME_SIZE];
      gboolean row_new = TRUE, column_new = TRUE;

      g_strlcpy (head, places[i].name, MIN (split + 1, sizeof head));
      for (guint k = 0; k < rows_seen->len; k++)
        row_new &= g_array_index (rows_seen, float, k) != place->y;
      for (guint k = 0; k < columns_seen->len; k++)
        column_new &= g_array_index (columns_seen, float, k) != place->x;
      if (row_new)
        {
          g_array_append_val (rows_seen, place->y);
          add_label (self, KSM_BOARD_COORDINATE_ROW, row_first ? head : places[i].name + split,
                     place->y, place->height, i);
        }
      if (column_new)
        {
          g_array_append_val (columns_seen, place->x);
          add_label (self, KSM_BOARD_COORDINATE_COLUMN, row_first ? places[i].name + split : head,
                     place->x, place->width, i);
        }
    }
}

void
ksm_board_build_coordinates (KsmBoard *self)
{
  const KsmRules *rules = ksm_board_scene_get_rules (self->scene);
  const KsmOptions *options = ksm_board_scene_get_options (self->scene);
  int n = (int) ksm_board_scene_get_n_board_cells (self->scene);
  g_autofree NamedPlace *places = g_new0 (NamedPlace, MAX (n, 1));
  size_t longest = 0;

  for (int i = 0; i < n; i++)
    {
      const KsmCellPlace *place = &g_array_index (self->places, KsmCellPlace, i);

      rules->cell_name (options, i, places[i].name, sizeof places[i].name);
      places[i].x = place->x;
      places[i].y = place->y;
      longest = MAX (longest, strlen (places[i].name));
    }
  for (size_t split = 1; split < longest; split++)
    for (int row_first = 1; row_first >= 0; row_first--)
      if (names_split (places, n, split, row_first))
        {
          add_edge_labels (self, places, n, split, row_first);
          self->coordinates_on_edges = TRUE;
          return;
        }
  for (int i = 0; i < n; i++)
    add_label (self, KSM_BOARD_COORDINATE_CELL, places[i].name, 0, 0, i);
  self->coordinates_on_edges = FALSE;
}

void
ksm_board_clear_coordinates (KsmBoard *self)
{
  for (guint i = 0; i < self->coordinates->len; i++)
    gtk_widget_unparent (g_array_index (self->coordinates, KsmBoardCoordinate, i).label);
  g_array_set_size (self->coordinates, 0);
  self->coordinates_on_edges = FALSE;
}

/* the pixels the board keeps clear each side of its grid for the labels */
int
ksm_board_coordinates_margin (KsmBoard *self)
{
  return self->show_coordinates && self->coordinates_on_edges ? KSM_BOARD_COORDINATE_SIZE : 0;
}

static gboolean
cell_is_empty (KsmBoard *self, int index)
{
  KsmCell *cell = ksm_board_cell_at (self, index);

  return ksm_cell_get_count (cell) == 0 && ksm_cell_get_n_groups (cell) == 0;
}

/* the pieces moved: a name in a cell shows only while the cell is empty */
void
ksm_board_update_coordinates (KsmBoard *self)
{
  if (self->show_coordinates && !self->coordinates_on_edges && self->coordinates->len > 0)
    gtk_widget_queue_allocate (GTK_WIDGET (self));
}

void
ksm_board_allocate_coordinates (KsmBoard *self, float unit, float ox, float oy)
{
  int margin = KSM_BOARD_COORDINATE_SIZE;

  if (!self->show_coordinates)
    return;
  for (guint i = 0; i < self->coordinates->len; i++)
    {
      const KsmBoardCoordinate *coordinate = &g_array_index (self->coordinates, KsmBoardCoordinate, i);
      const KsmCellPlace *place = &g_array_index (self->places, KsmCellPlace, coordinate->cell);
      int w, h;

      gtk_widget_measure (coordinate->label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
      gtk_widget_measure (coordinate->label, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
      switch (coordinate->kind)
        {
        case KSM_BOARD_COORDINATE_ROW:
          /* in the strip left of the grid, centred on the row */
          ksm_board_allocate_child (coordinate->label, (int) roundf (ox) - margin,
                                    (int) roundf (oy + (coordinate->from + coordinate->extent / 2) * unit - h / 2.0f),
                                    margin, h);
          break;
        case KSM_BOARD_COORDINATE_COLUMN:
          /* in the strip below the grid, centred on the column */
          ksm_board_allocate_child (coordinate->label,
                                    (int) roundf (ox + (coordinate->from + coordinate->extent / 2) * unit - w / 2.0f),
                                    (int) roundf (oy + self->grid_height * unit),
                                    w, MIN (h, margin));
          break;
        default:
          /* the cell's top left corner, clear of the piece in its middle */
          ksm_board_allocate_child (coordinate->label,
                                    (int) roundf (ox + place->x * unit) + 2,
                                    (int) roundf (oy + place->y * unit) + 1,
                                    w, h);
          /* a name would crowd a small cell, and never covers a piece */
          gtk_widget_set_child_visible (coordinate->label,
                                        unit >= KSM_BOARD_ARROW_MIN_UNIT && cell_is_empty (self, coordinate->cell));
          break;
        }
    }
}

gboolean
ksm_board_get_show_coordinates (KsmBoard *self)
{
  g_return_val_if_fail (KSM_IS_BOARD (self), FALSE);
  return self->show_coordinates;
}

void
ksm_board_set_show_coordinates (KsmBoard *self, gboolean show)
{
  g_return_if_fail (KSM_IS_BOARD (self));

  show = !!show;
  if (self->show_coordinates == show)
    return;
  self->show_coordinates = show;
  for (guint i = 0; i < self->coordinates->len; i++)
    gtk_widget_set_visible (g_array_index (self->coordinates, KsmBoardCoordinate, i).label, show);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify (G_OBJECT (self), "show-coordinates");
}

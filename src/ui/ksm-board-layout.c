/* ksm-board-layout.c: the board's cells, yards and arrows, and where they go.
 *
 * One KsmCell child per cell of the game's geometry, each placed where the
 * rules' cell_place () says, scaled to fit and centred; a yard a player
 * where pieces can be off the board, where the skin says or beside the
 * player's start cell. */
#include "config.h"

#include <math.h>

#include "ksm-board-private.h"

void
ksm_board_clear_cells (KsmBoard *self)
{
  /* taken off the list first: a focused cell leaving says so, and the
   * highlights then look at the cells still listed */
  g_autoptr(GPtrArray) cells = self->cells;

  self->cells = g_ptr_array_new ();
  for (guint i = 0; i < cells->len; i++)
    gtk_widget_unparent (g_ptr_array_index (cells, i));
  for (guint i = 0; i < self->arrows->len; i++)
    gtk_widget_unparent (g_array_index (self->arrows, KsmBoardArrow, i).image);
  g_array_set_size (self->arrows, 0);
  ksm_board_clear_coordinates (self);
  g_array_set_size (self->places, 0);
  self->grid_width = self->grid_height = 0;
  self->yard_margin = 0;
}

static void
add_arrow (KsmBoard *self, const char *icon, float x, float y, const char *style)
{
  KsmBoardArrow arrow;

  arrow.image = g_object_new (GTK_TYPE_IMAGE,
                              "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                              "icon-name", icon,
                              "pixel-size", KSM_BOARD_ARROW_SIZE,
                              "can-target", FALSE,
                              NULL);
  gtk_widget_set_direction (arrow.image, GTK_TEXT_DIR_LTR);
  gtk_widget_add_css_class (arrow.image, "way");
  if (style != NULL)
    gtk_widget_add_css_class (arrow.image, style);
  arrow.x = x;
  arrow.y = y;
  gtk_widget_insert_before (arrow.image, GTK_WIDGET (self), self->badge);
  g_array_append_val (self->arrows, arrow);
}

static const KsmCellPlace *
place_of (KsmBoard *self, int index)
{
  return &g_array_index (self->places, KsmCellPlace, index);
}

/* The ring of a square board a cell is on, counted from the edge, for a
 * board whose race spirals in to a goal */
static int
spiral_ring (KsmBoard *self, int index)
{
  const KsmCellPlace *place = place_of (self, index);
  float offset = self->yard_margin;
  int size = (int) (self->grid_width - 2 * offset);
  int x = (int) (place->x - offset), y = (int) (place->y - offset);

  return MIN (MIN (x, y), MIN (size - 1 - x, size - 1 - y));
}

static gboolean
is_spiral (KsmBoard *self)
{
  int n_cells = (int) ksm_board_scene_get_n_board_cells (self->scene);
  float x0 = G_MAXFLOAT, y0 = G_MAXFLOAT, x1 = 0, y1 = 0;
  gboolean goal = FALSE;

  /* a square grid full of cells round a goal, not a cross with a goal in
   * its middle */
  for (int i = 0; i < n_cells; i++)
    {
      const KsmCellPlace *place = place_of (self, i);
      KsmBoardSceneCell cell;

      ksm_board_scene_get_cell (self->scene, (guint) i, &cell);
      goal |= cell.goal;
      x0 = MIN (x0, place->x);
      y0 = MIN (y0, place->y);
      x1 = MAX (x1, place->x + place->width);
      y1 = MAX (y1, place->y + place->height);
    }
  return goal && self->grid_width == self->grid_height && x1 - x0 == y1 - y0
         && (int) ((x1 - x0) * (y1 - y0)) == n_cells;
}

/* A spiral's rings all run anticlockwise as seen on the screen (the
 * engine's paths, doc/notation.md): an arrow on each side of each ring,
 * just before its corner, says which way. */
static void
add_spiral_arrows (KsmBoard *self)
{
  float offset = self->yard_margin;
  int size = (int) (self->grid_width - 2 * offset);

  for (int ring = 0; 2 * ring < size - 1; ring++)
    {
      float lo = offset + ring, hi = offset + size - ring;   /* the ring's outer edges */

      if (hi - lo < 3)
        break;
      /* along the bottom to the right, up the right, left along the top, down the left */
      add_arrow (self, "go-next-symbolic", hi - 1.0f, hi - 0.5f, "ring");
      add_arrow (self, "go-up-symbolic", hi - 0.5f, lo + 1.0f, "ring");
      add_arrow (self, "go-previous-symbolic", lo + 1.0f, lo + 0.5f, "ring");
      add_arrow (self, "go-down-symbolic", lo + 0.5f, hi - 1.0f, "ring");
    }
}

static void
add_arrows (KsmBoard *self)
{
  const KsmRules *rules = ksm_board_scene_get_rules (self->scene);
  const KsmOptions *options = ksm_board_scene_get_options (self->scene);
  int n_cells = (int) ksm_board_scene_get_n_board_cells (self->scene);

  if (is_spiral (self))
    {
      add_spiral_arrows (self);
      return;
    }
  /* where the rules tell each step (next_cell), along rows */
  for (int i = 0; i < n_cells; i++)
    {
      const KsmCellPlace *place = place_of (self, i);

      /* between the second and third cell of each four, clear of the safe cells */
      if ((int) place->x % 4 != 2)
        continue;
      for (int player = 0; player < ksm_board_scene_get_n_players (self->scene); player++)
        {
          int next = ksm_rules_next_cell (rules, options, player, i);
          gboolean forward;

          if (next < 0 || next >= n_cells)
            continue;
          forward = place_of (self, next)->x > place->x;
          /* the first side's arrows along the lower edge of a row, the others' the
           * upper; each wears its side's style key, as its pieces do */
          add_arrow (self, forward ? "go-next-symbolic" : "go-previous-symbolic",
                     place->x, place->y + (player == 0 ? place->height - 0.2f : 0.2f),
                     ksm_rules_style_key (rules, options, player));
        }
    }
}

static void
add_cell (KsmBoard *self, guint index, const KsmCellPlace *place)
{
  GtkWidget *cell = ksm_cell_new (index);

  g_array_append_val (self->places, *place);
  self->grid_width = MAX (self->grid_width, place->x + place->width);
  self->grid_height = MAX (self->grid_height, place->y + place->height);
  if (place->height > 1.0f)
    gtk_widget_add_css_class (cell, "wide");
  ksm_board_connect_cell (self, cell);

  /* cells first: the arrows, badge and moving pieces draw over them */
  gtk_widget_insert_before (cell, GTK_WIDGET (self), self->badge);
  g_ptr_array_add (self->cells, cell);
}

/* Beside the start cell, outside the board's edge */
static void
yard_beside_start (KsmBoard *self, int player, float height, KsmCellPlace *place)
{
  int start_cell = ksm_board_scene_start_cell (self->scene, player);
  const KsmCellPlace *start;

  *place = (KsmCellPlace) { 0, 0, 1, 1 };
  if (start_cell < 0)
    {
      place->x = (float) player;
      return;
    }
  start = place_of (self, start_cell);
  place->x = start->x;
  place->y = start->y;
  if (start->y + start->height >= height + 1.0f)
    place->y += 1.0f;
  else if (start->y <= 1.0f)
    place->y -= 1.0f;
  else if (start->x <= 1.0f)
    place->x -= 1.0f;
  else
    place->x += 1.0f;
}

/* A yard a player for the pieces that have not entered: where the skin
 * says, or beside its start cell, the board moving in by a unit to make
 * room. */
static void
add_yards (KsmBoard *self)
{
  float width = self->grid_width, height = self->grid_height;
  int n_cells = (int) ksm_board_scene_get_n_board_cells (self->scene);
  int n_players = ksm_board_scene_get_n_players (self->scene);

  if (self->skin->yard_places == NULL)
    {
      for (guint i = 0; i < self->places->len; i++)
        {
          KsmCellPlace *place = &g_array_index (self->places, KsmCellPlace, i);
          place->x += 1.0f;
          place->y += 1.0f;
        }
      self->grid_width = width + 2.0f;
      self->grid_height = height + 2.0f;
      self->yard_margin = 1.0f;
    }
  for (int p = 0; p < n_players; p++)
    {
      KsmCellPlace place;

      if (self->skin->yard_places != NULL)
        place = (guint) p < self->skin->n_yard_places ? self->skin->yard_places[p]
                                                      : (KsmCellPlace) { (float) p, 0, 1, 1 };
      else
        yard_beside_start (self, p, height, &place);
      add_cell (self, (guint) (n_cells + p), &place);
      gtk_widget_add_css_class (g_ptr_array_index (self->cells, self->cells->len - 1), "yard");
    }
}

/* the skin's classes for `player`'s start cell; FALSE where it has none */
static gboolean
add_start_classes (KsmBoard *self, int player, GtkWidget *cell)
{
  g_auto(GStrv) classes = NULL;

  if (self->skin->start_classes == NULL)
    return FALSE;
  if ((guint) player >= self->skin->n_start_classes)
    return TRUE;
  classes = g_strsplit (self->skin->start_classes[player], " ", -1);
  for (guint i = 0; classes[i] != NULL; i++)
    gtk_widget_add_css_class (cell, classes[i]);
  return TRUE;
}

void
ksm_board_build_cells (KsmBoard *self)
{
  const KsmRules *rules = ksm_board_scene_get_rules (self->scene);
  const KsmOptions *options = ksm_board_scene_get_options (self->scene);
  int n_cells = (int) ksm_board_scene_get_n_board_cells (self->scene);
  gboolean spiral;

  for (int i = 0; i < n_cells; i++)
    {
      KsmCellPlace place;
      KsmBoardSceneCell cell;

      rules->cell_place (options, i, &place);
      add_cell (self, (guint) i, &place);
      ksm_board_scene_get_cell (self->scene, (guint) i, &cell);
      ksm_cell_set_safe (ksm_board_cell_at (self, i), cell.safe);
      ksm_cell_set_goal (ksm_board_cell_at (self, i), cell.goal);
    }
  if (ksm_board_scene_yard_of (self->scene, 0) >= 0)
    add_yards (self);
  spiral = is_spiral (self);
  for (int i = 0; i < n_cells; i++)
    ksm_cell_set_ring (ksm_board_cell_at (self, i), spiral ? spiral_ring (self, i) : -1);
  for (int p = 0; p < ksm_board_scene_get_n_players (self->scene); p++)
    {
      int start = ksm_board_scene_start_cell (self->scene, p);
      int yard = ksm_board_scene_yard_of (self->scene, p);

      /* a start cell with a look of its own in the skin is not tinted */
      if (start >= 0 && !add_start_classes (self, p, GTK_WIDGET (ksm_board_cell_at (self, start))))
        ksm_cell_set_home_of (ksm_board_cell_at (self, start), ksm_board_piece_style (self, p));
      if (yard >= 0)
        ksm_cell_set_home_of (ksm_board_cell_at (self, yard), ksm_board_piece_style (self, p));
    }
  add_arrows (self);
  ksm_board_build_coordinates (self);
}

/* ---- measuring and allocating ---- */

/* The frame's width round the cells for a grid unit of `unit` px: the
 * coordinates' strip where they are shown, or a little past the cells */
static float
frame_width_for (KsmBoard *self, float unit)
{
  int margin = ksm_board_coordinates_margin (self);

  return margin > 0 ? (float) margin : CLAMP (unit * 0.14f, 4.0f, 10.0f);
}

void
ksm_board_measure_grid (KsmBoard       *self,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural)
{
  int min_width = (int) ceilf (self->grid_width * KSM_BOARD_MIN_UNIT);
  int min_height = (int) ceilf (self->grid_height * KSM_BOARD_MIN_UNIT);
  int unit = ksm_board_scene_get_game (self->scene) != NULL ? KSM_BOARD_NATURAL_UNIT : KSM_BOARD_FIGURE_UNIT;
  /* the frame round the grid, every side: where there are coordinates it
   * is their strip (left of the grid and below it, where the rows' and the
   * columns' names stand), and past it the room for the board's shadow */
  int strips = 2 * (int) ceilf (frame_width_for (self, (float) unit) + KSM_BOARD_SHADOW_ROOM);

  if (self->grid_width <= 0)
    {
      *minimum = *natural = 0;
      return;
    }
  if (for_size >= 0)
    for_size = MAX (for_size - strips, 0);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = min_width + strips;
      *natural = MAX (min_width, (int) (self->grid_width * unit));
      if (for_size >= 0)
        *natural = MAX (min_width, MIN (*natural, (int) (for_size * self->grid_width / self->grid_height)));
      *natural += strips;
    }
  else
    {
      *minimum = min_height + strips;
      *natural = MAX (min_height, (int) (self->grid_height * unit));
      /* keep the board's shape for the width it gets */
      if (for_size >= 0)
        *natural = MAX (min_height, (int) (for_size * self->grid_height / self->grid_width));
      *natural += strips;
    }
}

void
ksm_board_allocate_child (GtkWidget *child, int x, int y, int width, int height)
{
  int min;

  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, -1, &min, NULL, NULL, NULL);
  gtk_widget_size_allocate (child, &(GtkAllocation) { x, y, MAX (width, 0), MAX (height, 0) }, -1);
}

void
ksm_board_allocate_grid (KsmBoard *self,
                         int       width,
                         int       height)
{
  float unit, ox, oy, pad;
  GtkAllocation target = { 0 };

  if (self->grid_width <= 0)
    return;
  /* the grid shrinks, where it must, to leave its frame (the coordinates'
   * strips, left and below: ksm-board-coordinates.c) and the frame's shadow
   * inside the board on every side, and is centred in the rest; so nothing
   * of the board is drawn past its allocation, where a neighbour would
   * cover it */
  unit = MIN (width / self->grid_width, height / self->grid_height);
  self->frame_width = frame_width_for (self, unit);
  pad = self->frame_width + KSM_BOARD_SHADOW_ROOM;
  unit = MIN (MAX (width - 2 * pad, 0) / self->grid_width, MAX (height - 2 * pad, 0) / self->grid_height);
  ox = (width - unit * self->grid_width) / 2.0f;
  oy = (height - unit * self->grid_height) / 2.0f;

  for (guint i = 0; i < self->cells->len; i++)
    {
      const KsmCellPlace *place = place_of (self, (int) i);
      /* edges rounded the same way on both sides, so neighbours share them */
      int x0 = (int) roundf (ox + place->x * unit);
      int y0 = (int) roundf (oy + place->y * unit);
      int x1 = (int) roundf (ox + (place->x + place->width) * unit);
      int y1 = (int) roundf (oy + (place->y + place->height) * unit);
      GtkWidget *cell = g_ptr_array_index (self->cells, i);

      ksm_board_allocate_child (cell, x0, y0, x1 - x0, y1 - y0);
      if (gtk_widget_has_css_class (cell, "target"))
        target = (GtkAllocation) { x0, y0, x1 - x0, y1 - y0 };
    }

  for (guint i = 0; i < self->arrows->len; i++)
    {
      const KsmBoardArrow *arrow = &g_array_index (self->arrows, KsmBoardArrow, i);
      int size = KSM_BOARD_ARROW_SIZE;

      gtk_widget_set_child_visible (arrow->image, unit >= KSM_BOARD_ARROW_MIN_UNIT);
      ksm_board_allocate_child (arrow->image,
                                (int) roundf (ox + arrow->x * unit - size / 2.0f),
                                (int) roundf (oy + arrow->y * unit - size / 2.0f),
                                size, size);
    }

  ksm_board_allocate_coordinates (self, unit, ox, oy);

  if (gtk_widget_get_visible (self->badge))
    {
      int w, h;

      gtk_widget_measure (self->badge, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
      gtk_widget_measure (self->badge, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
      /* over the target's top edge, kept inside the board */
      gtk_widget_size_allocate (self->badge,
                                &(GtkAllocation) {
                                  CLAMP (target.x + target.width / 2 - w / 2, 0, MAX (width - w, 0)),
                                  CLAMP (target.y - h / 2, 0, MAX (height - h, 0)),
                                  w, h,
                                }, -1);
    }
}

/* ksm-board-drawing.c: the cells drawn from the scene, the highlights, and
 * the walk of a played piece cell by cell, whatever it took fading away. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ksm-board-private.h"
#include "ksm-numbers.h"

void
ksm_board_refresh (KsmBoard *self)
{
  /* a game's cells (and a lesson's question's) are read and explored; a
   * figure of the rules is a picture, no Tab stop */
  gboolean explorable = ksm_board_scene_get_game (self->scene) != NULL
                        || ksm_board_scene_is_asking (self->scene);
  KsmCell *mover;

  if (ksm_board_scene_get_position (self->scene) == NULL)
    return;

  for (guint i = 0; i < self->cells->len; i++)
    {
      KsmCell *cell = ksm_board_cell_at (self, (int) i);
      KsmBoardSceneCell shown;
      const KsmCellContent *content = &shown.content;
      g_autofree char *label = NULL;
      int styles[KSM_CELL_MAX_GROUPS];
      guint counts[KSM_CELL_MAX_GROUPS];
      guint n_groups = 0;
      guint on_side = 0;
      int players_here = 0;
      /* the piece on its way is not there yet */
      int arriving = self->animating && (int) i == self->walk.to ? self->walk.player : -1;

      ksm_board_scene_get_cell (self->scene, i, &shown);
      label = ksm_board_cell_label (self, (int) i, &shown);

      /* one group a player; games that do not count by player have one */
      for (int p = 0; p < KSM_MAX_PLAYERS && n_groups < KSM_CELL_MAX_GROUPS; p++)
        if (content->counts[p] > 0)
          {
            styles[n_groups] = ksm_board_piece_style (self, p);
            counts[n_groups] = content->counts[p];
            if (p == arriving)
              counts[n_groups]--;
            if (counts[n_groups] > 0 && (content->home_row >> p & 1u))
              on_side |= 1u << n_groups;
            if (counts[n_groups] > 0)
              n_groups++;
          }
      for (int p = 0; p < KSM_MAX_PLAYERS; p++)
        players_here += content->counts[p] > 0;
      if (players_here > 1 || content->player < 0)
        ksm_cell_set_groups (cell, styles, counts, n_groups);
      else
        {
          guint count = content->count;
          if (content->player == arriving && count > 0)
            count--;
          ksm_cell_set_content (cell, ksm_board_piece_style (self, content->player), count, content->waiting);
          on_side = (content->home_row >> content->player & 1u) ? 1u : 0u;
        }
      ksm_cell_set_on_side (cell, on_side);
      ksm_cell_set_mark (cell, shown.safe ? self->skin->safe_mark : NULL);
      ksm_cell_set_next (cell, shown.next);
      gtk_widget_set_focusable (GTK_WIDGET (cell), explorable);
      ksm_cell_set_movable (cell, shown.move != NULL);
      ksm_cell_set_label (cell, label);
    }
  ksm_board_update_coordinates (self);

  /* Keyboard play: the focus on the board stays where the person put it,
   * exploring; from elsewhere, Tab comes in on a piece that can move */
  mover = ksm_board_first_mover (self);
  if (mover != NULL && gtk_widget_get_focus_child (GTK_WIDGET (self)) == NULL)
    self->roving = (int) ksm_cell_get_index (mover);

  ksm_board_update_targets (self);
  ksm_board_update_marks (self);
}

/* ---- the board as a thing ---- */

/* a colour the stylesheets name (style.css, and the dark and
 * high-contrast ones over it); `fallback` where none does */
static void
named_color (GtkStyleContext *context, const char *name, const char *fallback, GdkRGBA *color)
{
  if (!gtk_style_context_lookup_color (context, name, color))
    gdk_rgba_parse (color, fallback);
}

/* the cells' extent in the board's coordinates, and a grid unit's pixels */
static gboolean
cells_bounds (KsmBoard *self, graphene_rect_t *bounds, float *unit, graphene_point_t *origin)
{
  gboolean any = FALSE;

  for (guint i = 0; i < self->cells->len; i++)
    {
      GtkWidget *cell = g_ptr_array_index (self->cells, i);
      const KsmCellPlace *place = &g_array_index (self->places, KsmCellPlace, i);
      graphene_rect_t rect;

      if (!gtk_widget_compute_bounds (cell, GTK_WIDGET (self), &rect) || rect.size.width <= 0)
        continue;
      if (!any)
        {
          *bounds = rect;
          *unit = rect.size.width / place->width;
          origin->x = rect.origin.x - place->x * *unit;
          origin->y = rect.origin.y - place->y * *unit;
        }
      else
        graphene_rect_union (bounds, &rect, bounds);
      any = TRUE;
    }
  return any;
}

/* a line of the skin's, as a thin rectangle turned along it */
static void
append_line (GtkSnapshot *snapshot, const graphene_point_t *from, const graphene_point_t *to,
             float width, const GdkRGBA *color)
{
  float dx = to->x - from->x, dy = to->y - from->y;
  float length = sqrtf (dx * dx + dy * dy);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, from);
  gtk_snapshot_rotate (snapshot, atan2f (dy, dx) * 180.0f / (float) G_PI);
  gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (0, -width / 2.0f, length, width));
  gtk_snapshot_restore (snapshot);
}

/* What the surface is drawn from: the same inputs give the same node */
typedef struct {
  graphene_rect_t bounds;       /* the cells' */
  graphene_point_t origin;
  float           unit;
  float           frame;
  const KsmSkin  *skin;
  float           yard_margin;
  GdkRGBA         light, dark, edge, grain, shadow, line;
} SurfaceLook;

typedef struct {
  SurfaceLook    look;
  GskRenderNode *node;
} SurfaceCache;

static void
surface_cache_free (gpointer data)
{
  SurfaceCache *cache = data;

  g_clear_pointer (&cache->node, gsk_render_node_unref);
  g_free (cache);
}

static GskRenderNode *
surface_node (const SurfaceLook *look)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  graphene_rect_t bounds = look->bounds;
  float radius = MIN (look->frame + 6.0f, 16.0f);
  float border = 2.0f;
  GdkRGBA clear = look->grain;
  GskRoundedRect surface;

  clear.alpha = 0;
  graphene_rect_inset (&bounds, -look->frame, -look->frame);
  gsk_rounded_rect_init_from_rect (&surface, &bounds, radius);
  gtk_snapshot_append_outset_shadow (snapshot, &surface, &look->shadow, 0, 3, 0, 8);
  gtk_snapshot_push_rounded_clip (snapshot, &surface);
  gtk_snapshot_append_linear_gradient (snapshot, &bounds,
                                       &GRAPHENE_POINT_INIT (bounds.origin.x, bounds.origin.y),
                                       &GRAPHENE_POINT_INIT (bounds.origin.x + bounds.size.width * 0.3f,
                                                             bounds.origin.y + bounds.size.height),
                                       (GskColorStop[]) { { 0, look->light }, { 1, look->dark } }, 2);
  /* a grain across it, unevenly spaced */
  gtk_snapshot_append_repeating_linear_gradient (snapshot, &bounds,
                                                 &GRAPHENE_POINT_INIT (bounds.origin.x, bounds.origin.y),
                                                 &GRAPHENE_POINT_INIT (bounds.origin.x + 23, bounds.origin.y + 5),
                                                 (GskColorStop[]) {
                                                   { 0, clear }, { 0.35f, look->grain }, { 0.45f, clear },
                                                   { 0.8f, look->grain }, { 1, clear },
                                                 }, 5);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_append_border (snapshot, &surface,
                              (float[]) { border, border, border, border },
                              (GdkRGBA[]) { look->edge, look->edge, look->edge, look->edge });

  for (guint i = 0; i < look->skin->n_surface_lines; i++)
    {
      const KsmSkinLine *l = &look->skin->surface_lines[i];
      float offset = look->yard_margin, unit = look->unit;

      append_line (snapshot,
                   &GRAPHENE_POINT_INIT (look->origin.x + (l->x0 + offset) * unit,
                                         look->origin.y + (l->y0 + offset) * unit),
                   &GRAPHENE_POINT_INIT (look->origin.x + (l->x1 + offset) * unit,
                                         look->origin.y + (l->y1 + offset) * unit),
                   MAX (2.0f, unit * 0.05f), &look->line);
    }
  return gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
}

gboolean
ksm_board_get_drawn_bounds (KsmBoard        *self,
                            graphene_rect_t *bounds)
{
  float unit;
  graphene_point_t origin;

  g_return_val_if_fail (KSM_IS_BOARD (self), FALSE);
  if (!cells_bounds (self, bounds, &unit, &origin))
    return FALSE;
  graphene_rect_inset (bounds, -self->frame_width, -self->frame_width);
  return TRUE;
}

/* The board drawn as the thing it is: a surface of wood, cloth or earth
 * (the stylesheets' colours) under the cells and a frame's width past
 * them, where the coordinates stand, with a soft shadow under it and the
 * skin's lines on it; then the cells and the rest over it. Plain snapshot
 * nodes, no texture; and the same node while nothing it is drawn from
 * changes, so a frame of a walking piece repaints only round the piece. */
void
ksm_board_snapshot (GtkWidget   *widget,
                    GtkSnapshot *snapshot)
{
  KsmBoard *self = KSM_BOARD (widget);
  SurfaceLook look;

  /* zeroed whole, padding too: the look is compared byte by byte */
  memset (&look, 0, sizeof look);
  if (cells_bounds (self, &look.bounds, &look.unit, &look.origin))
    {
      static GQuark cache_quark;
      GtkStyleContext *context = gtk_widget_get_style_context (widget);
      SurfaceCache *cache;

      if (cache_quark == 0)
        cache_quark = g_quark_from_static_string ("ksm-board-surface");
      /* the frame the allocation left room for (ksm-board-layout.c) */
      look.frame = self->frame_width;
      look.skin = self->skin;
      look.yard_margin = self->yard_margin;
      named_color (context, "ksm_board_light_color", "#e4c595", &look.light);
      named_color (context, "ksm_board_dark_color", "#c79d67", &look.dark);
      named_color (context, "ksm_board_edge_color", "#7d5430", &look.edge);
      named_color (context, "ksm_board_grain_color", "rgba(110,70,30,0.10)", &look.grain);
      named_color (context, "ksm_board_shadow_color", "rgba(0,0,0,0.35)", &look.shadow);
      named_color (context, "ksm_board_line_color", "#7d5430", &look.line);

      /* kept on the board itself, freed with it */
      cache = g_object_get_qdata (G_OBJECT (widget), cache_quark);
      if (cache == NULL)
        {
          cache = g_new0 (SurfaceCache, 1);
          g_object_set_qdata_full (G_OBJECT (widget), cache_quark, cache, surface_cache_free);
        }
      if (cache->node == NULL || memcmp (&cache->look, &look, sizeof look) != 0)
        {
          g_clear_pointer (&cache->node, gsk_render_node_unref);
          cache->look = look;
          cache->node = surface_node (&look);
        }
      if (cache->node != NULL)
        gtk_snapshot_append_node (snapshot, cache->node);
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_snapshot_child (widget, child, snapshot);
}

/* The last move's trail, or while a move of the history is pointed at,
 * that move's instead: one trail at a time reads clearly. */
void
ksm_board_update_marks (KsmBoard *self)
{
  const KsmBoardPlayed *recalled = ksm_board_scene_get_recalled (self->scene);
  const KsmBoardPlayed *shown = recalled != NULL ? recalled : ksm_board_scene_get_last_move (self->scene);
  int style = shown != NULL ? ksm_board_piece_style (self, shown->walk.player) : -1;

  for (guint i = 0; i < self->cells->len; i++)
    {
      KsmCell *cell = ksm_board_cell_at (self, (int) i);
      guint marks = ksm_board_scene_marks_of (self->scene, shown, (int) i);
      guint trail = 0;
      int taken_player;
      guint taken = ksm_board_scene_taken_at (self->scene, shown, (int) i, &taken_player);

      if (marks & KSM_BOARD_MARK_FROM)
        trail |= KSM_CELL_TRAIL_FROM;
      if (marks & KSM_BOARD_MARK_PATH)
        trail |= KSM_CELL_TRAIL_PATH;
      if (marks & KSM_BOARD_MARK_TO)
        trail |= KSM_CELL_TRAIL_TO;
      ksm_cell_set_trail (cell, trail, style, recalled != NULL);
      ksm_cell_set_taken (cell, ksm_board_piece_style (self, taken_player), taken, recalled != NULL);
    }
}

/* Shows where the pointed piece would land and what it would take. */
void
ksm_board_update_targets (KsmBoard *self)
{
  KsmMove move;
  int pointed;
  gboolean refused;
  gboolean shown = ksm_board_scene_get_shown_move (self->scene, &move, &pointed, &refused);

  for (guint i = 0; i < self->cells->len; i++)
    {
      KsmCell *cell = ksm_board_cell_at (self, (int) i);
      gboolean target = shown && move.to == (int) i;

      ksm_cell_set_target (cell, target, target ? move.captured : 0);
      if (target && refused)
        gtk_widget_add_css_class (GTK_WIDGET (cell), "refused");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (cell), "refused");
    }
  for (guint i = 0; i < self->cells->len; i++)
    {
      KsmCell *cell = ksm_board_cell_at (self, (int) i);
      if ((int) i == pointed)
        gtk_widget_add_css_class (GTK_WIDGET (cell), "pointed");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (cell), "pointed");
    }

  if (shown && move.captured > 0)
    {
      g_autofree char *text =
        /* Translators: a badge on the cell a move would land on; %u is how many pieces it takes */
        ksm_format (ngettext ("takes %u", "takes %u", move.captured), move.captured);
      gtk_label_set_label (GTK_LABEL (self->badge), text);
      gtk_widget_set_visible (self->badge, TRUE);
    }
  else
    gtk_widget_set_visible (self->badge, FALSE);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* ---- the walk ---- */

static void
animation_value_cb (double   value,
                    gpointer user_data)
{
  KsmBoard *self = KSM_BOARD (user_data);

  self->anim_value = value;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
animation_done_cb (AdwAnimation *animation,
                   KsmBoard     *self)
{
  if (!self->animating)
    return;
  self->animating = FALSE;
  gtk_widget_set_visible (self->glider, FALSE);
  gtk_widget_set_visible (self->ghost, FALSE);
  ksm_board_refresh (self);
}

void
ksm_board_init_animation (KsmBoard *self)
{
  AdwAnimationTarget *target = adw_callback_animation_target_new (animation_value_cb, self, NULL);

  self->animation = adw_timed_animation_new (GTK_WIDGET (self), 0.0, 1.0,
                                             KSM_BOARD_DEFAULT_DURATION, target);
  adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (self->animation), ADW_EASE_IN_OUT_CUBIC);
  g_signal_connect (self->animation, "done", G_CALLBACK (animation_done_cb), self);
}

void
ksm_board_start_walk (KsmBoard           *self,
                      const KsmBoardWalk *walk)
{
  self->walk = *walk;
  self->walk_style = ksm_board_piece_style (self, walk->player);
  self->walk_captured_style = ksm_board_piece_style (self, walk->captured_player);

  ksm_cell_style_piece (self->glider, self->walk_style, 1, FALSE);
  gtk_widget_set_visible (self->glider, TRUE);
  if (walk->captured > 0)
    {
      ksm_cell_style_piece (self->ghost, self->walk_captured_style, walk->captured, FALSE);
      gtk_widget_set_opacity (self->ghost, 1.0);
      gtk_widget_set_visible (self->ghost, TRUE);
    }
  self->anim_value = 0.0;
  self->animating = TRUE;
  /* a longer walk takes longer, so each step can be followed */
  adw_timed_animation_set_duration (ADW_TIMED_ANIMATION (self->animation),
                                    (guint) (self->animation_duration
                                             * (0.6 + 0.2 * MIN (walk->path_length, 8))));
  adw_animation_reset (self->animation);
  /* done at once when animations are off, or the board is not shown */
  adw_animation_play (self->animation);
}

void
ksm_board_finish_animation (KsmBoard *self)
{
  g_return_if_fail (KSM_IS_BOARD (self));

  if (self->animating && self->animation != NULL)
    adw_animation_skip (self->animation);
}

/* a piece's place in the board's coordinates */
static void
piece_bounds (KsmBoard *self, int index, int style, graphene_rect_t *bounds)
{
  KsmCell *cell = ksm_board_cell_at (self, index);
  graphene_point_t origin;

  ksm_cell_get_piece_bounds (cell, style, bounds);
  if (!gtk_widget_compute_point (GTK_WIDGET (cell), GTK_WIDGET (self), &bounds->origin, &origin))
    return;
  bounds->origin = origin;
}

void
ksm_board_allocate_walk (KsmBoard *self)
{
  const KsmBoardWalk *walk = &self->walk;
  graphene_rect_t from, to, at;
  /* with a capture the piece arrives first, then the taken ones go */
  double glide = walk->captured > 0 ? MIN (1.0, self->anim_value / 0.6) : self->anim_value;
  double leave = walk->captured > 0 ? CLAMP ((self->anim_value - 0.5) / 0.5, 0.0, 1.0) : 1.0;
  /* the walk: from cell to cell of the path, an equal time each */
  double steps = glide * walk->path_length;
  int step = MIN ((int) steps, walk->path_length - 1);

  if (!self->animating)
    return;
  piece_bounds (self, step == 0 ? walk->from : walk->path[step - 1], self->walk_style, &from);
  piece_bounds (self, walk->path[step], self->walk_style, &to);
  graphene_rect_interpolate (&from, &to, MIN (1.0, steps - step), &at);
  ksm_board_allocate_child (self->glider, (int) roundf (at.origin.x), (int) roundf (at.origin.y),
                  (int) roundf (at.size.width), (int) roundf (at.size.height));

  if (gtk_widget_get_visible (self->ghost))
    {
      graphene_rect_t taken;
      float scale = 1.0f - 0.7f * (float) leave;

      piece_bounds (self, walk->to, self->walk_captured_style, &taken);
      gtk_widget_set_opacity (self->ghost, 1.0 - leave);
      ksm_board_allocate_child (self->ghost,
                      (int) roundf (taken.origin.x + taken.size.width * (1 - scale) / 2),
                      (int) roundf (taken.origin.y + taken.size.height * (1 - scale) / 2),
                      (int) roundf (taken.size.width * scale),
                      (int) roundf (taken.size.height * scale));
    }
}

/* ksm-cell.h: one cell of the board, with the pieces on it. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KSM_TYPE_CELL (ksm_cell_get_type ())
G_DECLARE_FINAL_TYPE (KsmCell, ksm_cell, KSM, CELL, GtkWidget)

GtkWidget *ksm_cell_new              (guint        index);
guint      ksm_cell_get_index        (KsmCell     *self);

/* A piece's look: bricks and stones, or tokens of a colour (KsmBoard maps a player to its style by its style key,
 * through the game's skin). */
enum {
  KSM_CELL_STYLE_BRICK,
  KSM_CELL_STYLE_STONE,
  KSM_CELL_STYLE_RED,
  KSM_CELL_STYLE_BLUE,
  KSM_CELL_STYLE_GREEN,
  KSM_CELL_STYLE_YELLOW,
  KSM_CELL_STYLE_BLACK,
};

#define KSM_CELL_MAX_GROUPS 4

/* what stands on the cell: `player` is a style, -1 for nobody */
void       ksm_cell_set_content      (KsmCell     *self,
                                      int          player,
                                      guint        count,
                                      gboolean     waiting);
/* several colours sharing a safe square: one group of pieces each */
void       ksm_cell_set_groups       (KsmCell     *self,
                                      const int   *styles,
                                      const guint *counts,
                                      guint        n_groups);
guint      ksm_cell_get_n_groups     (KsmCell     *self);
int        ksm_cell_get_player       (KsmCell     *self);
guint      ksm_cell_get_count        (KsmCell     *self);

void       ksm_cell_set_safe         (KsmCell     *self,
                                      gboolean     safe);
/* a glyph drawn large under the pieces (a safe cell's "✦"); NULL: none */
void       ksm_cell_set_mark         (KsmCell     *self,
                                      const char  *mark);
const char *ksm_cell_get_mark        (KsmCell     *self);
/* where the race ends: marked as the goal */
void       ksm_cell_set_goal         (KsmCell     *self,
                                      gboolean     goal);
/* a player's start square, tinted in its colour (a style; -1 none) */
void       ksm_cell_set_home_of      (KsmCell     *self,
                                      int          style);
/* which ring of a spiral the cell is on, shaded alternately; -1 none */
void       ksm_cell_set_ring         (KsmCell     *self,
                                      int          ring);
/* pieces lying on their side (on their home row, where a game has one): a bit per group,
 * bit 0 the first (or only) group; call after setting the content */
void       ksm_cell_set_on_side      (KsmCell     *self,
                                      guint        groups);
/* the next waiting piece to start: ringed */
void       ksm_cell_set_next         (KsmCell     *self,
                                      gboolean     next);
/* a piece here can move now: highlighted, and activatable (every cell of a
 * game is focusable, so that all of it can be read) */
void       ksm_cell_set_movable      (KsmCell     *self,
                                      gboolean     movable);
gboolean   ksm_cell_get_movable      (KsmCell     *self);
/* where the pointed piece would land; captured > 0 marks a capture */
void       ksm_cell_set_target       (KsmCell     *self,
                                      gboolean     target,
                                      guint        captured);
/* What a played move left on the cell (bits), drawn beneath its pieces */
enum {
  KSM_CELL_TRAIL_FROM = 1 << 0,   /* it left here: an outline of its piece */
  KSM_CELL_TRAIL_PATH = 1 << 1,   /* it walked through: a footstep */
  KSM_CELL_TRAIL_TO   = 1 << 2,   /* it landed here: the cell ringed */
};
/* The last move's trail, or (`recalled`) that of a move of the history
 * pointed at; `style` is the mover's look (the outline where it left) */
void       ksm_cell_set_trail        (KsmCell     *self,
                                      guint        trail,
                                      int          style,
                                      gboolean     recalled);
/* what that move took here: a small faded piece of `style` in a corner;
 * a count of 0 for none */
void       ksm_cell_set_taken        (KsmCell     *self,
                                      int          style,
                                      guint        count,
                                      gboolean     recalled);
/* the label a screen reader reads */
void       ksm_cell_set_label        (KsmCell     *self,
                                      const char  *label);
const char *ksm_cell_get_label       (KsmCell     *self);

/* where a piece of `player` is drawn, in the cell's own coordinates */
void       ksm_cell_get_piece_bounds (KsmCell         *self,
                                      int              player,
                                      graphene_rect_t *bounds);
/* the CSS classes a piece of `player` wears ("brick", "stone"), for the
 * board's moving and captured pieces to look the same */
void       ksm_cell_style_piece      (GtkWidget   *piece,
                                      int          player,
                                      guint        count,
                                      gboolean     waiting);

G_END_DECLS

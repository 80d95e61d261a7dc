/* ksm-cell.h: one cell of the board, with the pieces on it. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KSM_TYPE_CELL (ksm_cell_get_type ())
G_DECLARE_FINAL_TYPE (KsmCell, ksm_cell, KSM, CELL, GtkWidget)

GtkWidget *ksm_cell_new              (guint        index);
guint      ksm_cell_get_index        (KsmCell     *self);

/* what stands on the cell: player -1 for nobody */
void       ksm_cell_set_content      (KsmCell     *self,
                                      int          player,
                                      guint        count,
                                      gboolean     waiting);
int        ksm_cell_get_player       (KsmCell     *self);
guint      ksm_cell_get_count        (KsmCell     *self);

void       ksm_cell_set_safe         (KsmCell     *self,
                                      gboolean     safe);
/* the next waiting piece to start: ringed */
void       ksm_cell_set_next         (KsmCell     *self,
                                      gboolean     next);
/* a piece here can move now: highlighted, focusable and activatable */
void       ksm_cell_set_movable      (KsmCell     *self,
                                      gboolean     movable);
gboolean   ksm_cell_get_movable      (KsmCell     *self);
/* where the pointed piece would land; captured > 0 marks a capture */
void       ksm_cell_set_target       (KsmCell     *self,
                                      gboolean     target,
                                      guint        captured);
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

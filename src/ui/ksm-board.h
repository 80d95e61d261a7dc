/* ksm-board.h: the board of the game in progress, or of a figure of the
 * rules, built of KsmCell children. */
#pragma once

#include <gtk/gtk.h>

#include "ksm-board-scene.h"
#include "ksm-game.h"

G_BEGIN_DECLS

#define KSM_TYPE_BOARD (ksm_board_get_type ())
G_DECLARE_FINAL_TYPE (KsmBoard, ksm_board, KSM, BOARD, GtkWidget)

GtkWidget *ksm_board_new                    (void);

/* what the board shows: the widget draws it and passes input to it */
KsmBoardScene *ksm_board_get_scene          (KsmBoard *self);

KsmGame   *ksm_board_get_game               (KsmBoard *self);
void       ksm_board_set_game               (KsmBoard *self,
                                             KsmGame  *game);

/* how long a piece takes to glide to where it lands, in milliseconds */
guint      ksm_board_get_animation_duration (KsmBoard *self);
void       ksm_board_set_animation_duration (KsmBoard *self,
                                             guint     milliseconds);

/* A figure of the rules: a fixed position, drawn read-only (it drops the
 * game), with one move pointed at as in play: the cells it goes from and to,
 * what it takes, or that it is refused. from = -1 points at nothing. */
void       ksm_board_set_position           (KsmBoard          *self,
                                             const KsmPosition *position);
/* A lesson's question: the position, its moves picked as in play, by
 * pointer and keyboard; the scene's "picked" says which (it drops the
 * game or the figure) */
void       ksm_board_set_question           (KsmBoard          *self,
                                             const KsmPosition *position);
/* the position shown, the game's or the figure's; NULL for none */
const KsmPosition *ksm_board_get_position   (KsmBoard *self);
void       ksm_board_set_highlight          (KsmBoard *self,
                                             int       from,
                                             int       to,
                                             guint     captured,
                                             gboolean  refused);

/* the KsmCell of a cell index of the game's geometry, or NULL */
GtkWidget *ksm_board_get_cell               (KsmBoard *self,
                                             guint     index);
/* the KsmCell a person clicks to make `move`: where it starts from, or the
 * mover's yard for a piece that enters from off the board; NULL for none */
GtkWidget *ksm_board_get_move_cell          (KsmBoard      *self,
                                             const KsmMove *move);
/* The board as it is drawn, its frame round the cells (and the
 * coordinates on it) included, in the board's coordinates; FALSE before it
 * is laid out */
gboolean   ksm_board_get_drawn_bounds       (KsmBoard        *self,
                                             graphene_rect_t *bounds);
/* the cells of the game's geometry; yards for pieces off the board follow */
guint      ksm_board_get_n_board_cells      (KsmBoard *self);
/* Where a turn holds several throws: only moves of this distance (the
 * chosen throw, or units of a pool) can be picked on the board; 0 lets any.
 * A board showing a game follows the game's selected-throw and
 * selected-group (ksm-board-scene.h). */
void       ksm_board_set_distance           (KsmBoard *self,
                                             guint     distance);
guint      ksm_board_get_distance           (KsmBoard *self);
/* Of the moves from hand, only those entering a group of this
 * size (KsmMove.group) can be picked; 0 any */
void       ksm_board_set_group              (KsmBoard *self,
                                             guint     group);
guint      ksm_board_get_group              (KsmBoard *self);
/* the cells' names along the edges, or in each cell where they do not
 * split into rows and columns ("show-coordinates", on at first) */
gboolean   ksm_board_get_show_coordinates   (KsmBoard *self);
void       ksm_board_set_show_coordinates   (KsmBoard *self,
                                             gboolean  show);
/* ends a running animation at once (the tests use it) */
void       ksm_board_finish_animation       (KsmBoard *self);

G_END_DECLS

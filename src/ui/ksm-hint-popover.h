/* ksm-hint-popover.h: the legal moves ranked, each with its chance of
 * winning and what it leaves open, moves of equal chance said to be equal;
 * the move pointed at (hovered, focused, else the best) is shown on the
 * board while it is open; choosing one (a click, or Enter) plays it. */
#pragma once

#include <gtk/gtk.h>

#include "ksm-board.h"
#include "ksm-game.h"

G_BEGIN_DECLS

#define KSM_TYPE_HINT_POPOVER (ksm_hint_popover_get_type ())
G_DECLARE_FINAL_TYPE (KsmHintPopover, ksm_hint_popover, KSM, HINT_POPOVER, GtkPopover)

GtkWidget *ksm_hint_popover_new       (void);
/* asks the game for its ranking and shows it when it comes, its moves on
 * `board` (may be NULL) */
void       ksm_hint_popover_show_for  (KsmHintPopover *self,
                                       KsmGame        *game,
                                       KsmBoard       *board);
/* shows `hints`, a ranking of the game's moves as they are now (as
 * ksm_game_rank_moves_finish () gives it), without asking for one */
void       ksm_hint_popover_show_ranking (KsmHintPopover *self,
                                          KsmGame        *game,
                                          KsmBoard       *board,
                                          GArray         *hints);
/* plays the move of row `index` (0 is the best) */
gboolean   ksm_hint_popover_choose    (KsmHintPopover *self, guint index);
/* for tests: the rows shown, best first */
guint      ksm_hint_popover_get_n_rows (KsmHintPopover *self);
const char *ksm_hint_popover_get_row_text (KsmHintPopover *self, guint index);
GtkWidget  *ksm_hint_popover_get_row      (KsmHintPopover *self, guint index);
const KsmMove *ksm_hint_popover_get_row_move (KsmHintPopover *self, guint index);

G_END_DECLS

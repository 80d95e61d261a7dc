/* ksm-hint-popover.h: the legal moves ranked, each with its chance of
 * winning and what it leaves open; choosing one plays it. */
#pragma once

#include <gtk/gtk.h>

#include "ksm-game.h"

G_BEGIN_DECLS

#define KSM_TYPE_HINT_POPOVER (ksm_hint_popover_get_type ())
G_DECLARE_FINAL_TYPE (KsmHintPopover, ksm_hint_popover, KSM, HINT_POPOVER, GtkPopover)

GtkWidget *ksm_hint_popover_new       (void);
/* asks the game for its ranking and shows it when it comes */
void       ksm_hint_popover_show_for  (KsmHintPopover *self, KsmGame *game);
/* plays the move of row `index` (0 is the best) */
gboolean   ksm_hint_popover_choose    (KsmHintPopover *self, guint index);
/* for tests: the rows shown, best first */
guint      ksm_hint_popover_get_n_rows (KsmHintPopover *self);
const char *ksm_hint_popover_get_row_text (KsmHintPopover *self, guint index);

G_END_DECLS

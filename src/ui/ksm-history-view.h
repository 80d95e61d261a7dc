/* ksm-history-view.h: every throw and move of the game in words, newest
 * highlighted. */
#pragma once

#include <adwaita.h>

#include "ksm-game.h"
#include "ksm-review.h"

G_BEGIN_DECLS

#define KSM_TYPE_HISTORY_VIEW (ksm_history_view_get_type ())
G_DECLARE_FINAL_TYPE (KsmHistoryView, ksm_history_view, KSM, HISTORY_VIEW, AdwBin)

GtkWidget *ksm_history_view_new      (void);
void       ksm_history_view_set_game (KsmHistoryView *self, KsmGame *game);
/* a saved game under review: its moves get the analysis' marks */
void       ksm_history_view_set_review (KsmHistoryView *self, KsmReview *review);
/* The markup of the history row starting at event `start` of `record`
 * (the throw names are links to the glossary); `position` is the one just
 * before it, and is moved on past the row's events. Returns how many
 * events the row covers: a throw and the move or loss it led to, or (where
 * a turn throws first and plays afterwards) a throw alone, then a move or
 * a loss alone. With a review, a move gets its analysis' mark. */
guint      ksm_history_view_describe_row (KsmRecord   *record,
                                          KsmReview   *review,
                                          guint        start,
                                          KsmPosition *position,
                                          char       **text);
/* "event-pointed" (int event) tells which move of the record the row
 * under the pointer, else the row with the focus, shows; -1 for none */

/* the rows' texts, oldest first, for tests */
guint      ksm_history_view_get_n_rows (KsmHistoryView *self);
const char *ksm_history_view_get_row_text (KsmHistoryView *self, guint index);

G_END_DECLS

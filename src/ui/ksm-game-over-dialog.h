/* ksm-game-over-dialog.h: the end of a game: who won, each side's throws,
 * captures and running score, the analysis of the finished game once it is
 * ready, and Review, Play Again and New Game. */
#pragma once

#include <adwaita.h>

#include "ksm-game.h"
#include "ksm-review.h"

G_BEGIN_DECLS

#define KSM_TYPE_GAME_OVER_DIALOG (ksm_game_over_dialog_get_type ())
G_DECLARE_FINAL_TYPE (KsmGameOverDialog, ksm_game_over_dialog, KSM, GAME_OVER_DIALOG, AdwMessageDialog)

/* Its "response" is "review", "play-again", "new-game", or "close" when it
 * is closed without one. `points` is the running score after this game,
 * seat by seat; `score` what the winner earned by it. The responses wait
 * ("armed") until a moment after the dialog is shown, so the key that made
 * the last move cannot answer it. */
GtkWidget *ksm_game_over_dialog_new        (GtkWindow  *parent,
                                            KsmGame    *game,
                                            int         winner,
                                            gboolean    gulmasi,
                                            guint       score,
                                            const int  *points,
                                            guint       n_points);
gboolean   ksm_game_over_dialog_get_armed  (KsmGameOverDialog *self);
/* arms it at once: for tests, which must not wait on the clock */
void       ksm_game_over_dialog_arm        (KsmGameOverDialog *self);
/* the analysis of the finished game, under way once the dialog is shown */
KsmReview *ksm_game_over_dialog_get_review (KsmGameOverDialog *self);

G_END_DECLS

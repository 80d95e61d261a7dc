/* ksm-review-bar.h: under the board while a saved game is reviewed: the
 * graph of each side's chances, the timeline and its buttons, the
 * analysis' summary and Play from Here. */
#pragma once

#include <adwaita.h>

#include "ksm-review.h"

G_BEGIN_DECLS

#define KSM_TYPE_REVIEW_BAR (ksm_review_bar_get_type ())
G_DECLARE_FINAL_TYPE (KsmReviewBar, ksm_review_bar, KSM, REVIEW_BAR, AdwBin)

GtkWidget *ksm_review_bar_new        (void);
void       ksm_review_bar_set_review (KsmReviewBar *self, KsmReview *review);
GtkRange  *ksm_review_bar_get_timeline (KsmReviewBar *self);
/* the summary as shown, for tests */
const char *ksm_review_bar_get_summary (KsmReviewBar *self);

G_END_DECLS

/* ksm-review.h: a saved game looked at step by step, read-only, with the
 * analysis of it by the hints' judge (doc/analysis.md). */
#pragma once

#include <gio/gio.h>

#include "ksm-analysis.h"
#include "ksm-game.h"
#include "ksm-record.h"

G_BEGIN_DECLS

/* The record's events as the engine's analysis reads them; free with g_free */
KsmAnalysisEvent *ksm_review_events_of_record (KsmRecord *record, guint *n_events);

#define KSM_TYPE_REVIEW (ksm_review_get_type ())
G_DECLARE_FINAL_TYPE (KsmReview, ksm_review, KSM, REVIEW, GObject)

/* `file` is where the record came from, or NULL */
KsmReview         *ksm_review_new              (KsmRecord *record, GFile *file);
KsmRecord         *ksm_review_get_record       (KsmReview *self);
GFile             *ksm_review_get_file         (KsmReview *self);
/* the game the views show: read-only, following the step */
KsmGame           *ksm_review_get_game         (KsmReview *self);

/* Steps run from 0 (the start, before any event) to n-steps (after the
 * last event); step s shows the position after the first s events. */
guint              ksm_review_get_n_steps      (KsmReview *self);
guint              ksm_review_get_step         (KsmReview *self);
void               ksm_review_set_step         (KsmReview *self, guint step);
gboolean           ksm_review_step_forward     (KsmReview *self);
gboolean           ksm_review_step_back        (KsmReview *self);
const KsmPosition *ksm_review_get_position     (KsmReview *self);
/* the position at any step */
void               ksm_review_position_at      (KsmReview *self, guint step, KsmPosition *position);

/* Analysis: runs on worker threads, every processor judging the game a
 * part at a time and in order; "judged" (first, n_events) tells as each
 * part lands, "analysed" when the whole is done. */
void               ksm_review_analyse          (KsmReview *self, const KsmAnalysisOptions *options);
gboolean           ksm_review_is_analysed      (KsmReview *self);
double             ksm_review_get_progress     (KsmReview *self);
/* the judgement of event `index` (step index + 1 shows its result), NULL
 * while it is not judged */
const KsmAnalysisEntry *ksm_review_get_entry   (KsmReview *self, guint index);
/* each team's chance at step `step`, NULL while it is not judged */
const double      *ksm_review_get_chances      (KsmReview *self, guint step);
void               ksm_review_get_summary      (KsmReview *self, KsmAnalysisSummary summary[KSM_MAX_PLAYERS]);
int                ksm_review_get_n_teams      (KsmReview *self);

/* A new game going on from `step` (an undecided move is dropped: it starts
 * where the throw was made), with fresh throws; the record is untouched. */
KsmGame           *ksm_review_play_from        (KsmReview *self, guint step, GError **error);

G_END_DECLS

/* ksm-lesson-view.h: one lesson: its text, the real board in its position
 * with the throw to play, the task; the learner plays a move on the board
 * (pointer or keyboard, as in play), the judge's verdict and why are shown
 * and spoken, the best move is pointed at on the board, and Try Again and
 * Next follow. A game lesson offers its game instead ("play-game"). */
#pragma once

#include <adwaita.h>

#include "ksm-board.h"
#include "ksm-lesson-book.h"

G_BEGIN_DECLS

#define KSM_TYPE_LESSON_VIEW (ksm_lesson_view_get_type ())
G_DECLARE_FINAL_TYPE (KsmLessonView, ksm_lesson_view, KSM, LESSON_VIEW, AdwBin)

GtkWidget     *ksm_lesson_view_new          (void);
/* shows lesson `index` of `book`, ready for an answer */
void           ksm_lesson_view_set_lesson   (KsmLessonView *self,
                                             KsmLessonBook *book,
                                             guint          index);
KsmLessonBook *ksm_lesson_view_get_book     (KsmLessonView *self);
guint          ksm_lesson_view_get_index    (KsmLessonView *self);
KsmLesson     *ksm_lesson_view_get_lesson   (KsmLessonView *self);
/* plays `move` as a pick on the board does (the tests) */
void           ksm_lesson_view_answer       (KsmLessonView *self,
                                             const KsmMove *move);
/* the verdict shown, FALSE while there is none (or it is being judged) */
gboolean       ksm_lesson_view_get_verdict  (KsmLessonView    *self,
                                             KsmLessonVerdict *verdict);
gboolean       ksm_lesson_view_is_judging   (KsmLessonView *self);
/* for tests and the focus */
KsmBoard      *ksm_lesson_view_get_board    (KsmLessonView *self);
GtkLabel      *ksm_lesson_view_get_task_label    (KsmLessonView *self);
GtkLabel      *ksm_lesson_view_get_verdict_label (KsmLessonView *self);

G_END_DECLS

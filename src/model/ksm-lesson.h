/* ksm-lesson.h: one lesson of a game (data/lessons/<game>.xml, read by
 * KsmLessonBook): its texts, in English as the catalogue keys them
 * (context "lessons"), a position with a throw waiting, the answers it
 * expects, and the judge that says whether a move is right. */
#pragma once

#include <gio/gio.h>

#include "ksm-player.h"
#include "ksm-rules.h"

G_BEGIN_DECLS

typedef enum {
  KSM_LESSON_MOVE,   /* a position and a task: the learner plays one move */
  KSM_LESSON_GAME,   /* a real game against the computer, with hints on */
} KsmLessonKind;

/* What the judge made of a move */
typedef struct {
  gboolean right;        /* an answer, or within the margin of the best */
  gboolean expected;     /* one of the lesson's answers */
  KsmMove  move;         /* the move judged */
  KsmMove  best;         /* the move to show: the lesson's first answer */
  double   chance;       /* the mover's chance of winning after the move */
  double   best_chance;  /* after the judge's best */
} KsmLessonVerdict;

#define KSM_TYPE_LESSON (ksm_lesson_get_type ())
G_DECLARE_FINAL_TYPE (KsmLesson, ksm_lesson, KSM, LESSON, GObject)

const char        *ksm_lesson_get_id          (KsmLesson *self);
/* the rules' id of the book it is in */
const char        *ksm_lesson_get_game        (KsmLesson *self);
KsmLessonKind      ksm_lesson_get_kind        (KsmLesson *self);
const char        *ksm_lesson_get_title       (KsmLesson *self);
/* the paragraphs before the board, NULL-terminated */
const char *const *ksm_lesson_get_paragraphs  (KsmLesson *self);
const char        *ksm_lesson_get_task        (KsmLesson *self);
/* why a right answer is right, and what a wrong one missed ("" for a game) */
const char        *ksm_lesson_get_right       (KsmLesson *self);
const char        *ksm_lesson_get_wrong       (KsmLesson *self);

/* A move lesson's position, its throw waiting, and the text it came from */
const KsmPosition *ksm_lesson_get_position    (KsmLesson *self);
const char        *ksm_lesson_get_position_text (KsmLesson *self);
/* the answers, legal moves of the position, in the document's order */
guint              ksm_lesson_get_n_answers   (KsmLesson *self);
const KsmMove     *ksm_lesson_get_answer      (KsmLesson *self, guint index);
gboolean           ksm_lesson_is_answer       (KsmLesson *self, const KsmMove *move);
/* the chance of winning within which of the best a move counts as right;
 * negative: only the answers do */
double             ksm_lesson_get_margin      (KsmLesson *self);
/* a game lesson: the computer's level, and the options of its game: the
 * game's defaults, with the lesson's number of players and throw limit */
KsmLevel           ksm_lesson_get_level       (KsmLesson *self);
void               ksm_lesson_get_game_options (KsmLesson *self, KsmOptions *options);

/* Judges `move`, a legal move of the position, by the hints' judge
 * (ksm_player_rank with the judge's options). It takes as long as a
 * hint: call it from a worker thread, or use the async form. FALSE with
 * an error for a move that is not legal there. */
gboolean           ksm_lesson_judge           (KsmLesson        *self,
                                               const KsmMove    *move,
                                               KsmLessonVerdict *verdict,
                                               GError          **error);
void               ksm_lesson_judge_async     (KsmLesson          *self,
                                               const KsmMove      *move,
                                               GCancellable       *cancellable,
                                               GAsyncReadyCallback callback,
                                               gpointer            user_data);
gboolean           ksm_lesson_judge_finish    (KsmLesson         *self,
                                               GAsyncResult      *result,
                                               KsmLessonVerdict  *verdict,
                                               GError           **error);

/* For KsmLessonBook: a lesson as its document gives it. FALSE with a
 * message naming what is wrong when its position is not legal, has no
 * throw waiting or is another game's, or an answer is not a legal move. */
KsmLesson         *ksm_lesson_new             (const char        *game,
                                               const char        *id,
                                               KsmLessonKind      kind);
void               ksm_lesson_set_texts       (KsmLesson         *self,
                                               const char        *title,
                                               const char *const *paragraphs,
                                               const char        *task,
                                               const char        *right,
                                               const char        *wrong);
gboolean           ksm_lesson_set_problem     (KsmLesson         *self,
                                               const char        *position,
                                               const char        *answers,
                                               const char        *margin,
                                               GError           **error);
/* `players` and `limit` may be NULL: the game's own */
gboolean           ksm_lesson_set_game        (KsmLesson         *self,
                                               const char        *level,
                                               const char        *players,
                                               const char        *limit,
                                               GError           **error);

G_END_DECLS

/* ksm-lesson-book.h: a game's lessons (data/lessons/<game>.xml, in the
 * resources under /io/github/kasimala/Kasimala/lessons/, described in
 * data/lessons/README.md), and which of them the learner has done, kept
 * in the settings ("lessons-done") where the book is given them. */
#pragma once

#include <gio/gio.h>

#include "ksm-lesson.h"

G_BEGIN_DECLS

#define KSM_TYPE_LESSON_BOOK (ksm_lesson_book_get_type ())
G_DECLARE_FINAL_TYPE (KsmLessonBook, ksm_lesson_book, KSM, LESSON_BOOK, GObject)

/* NULL with an error that names the line for a document that is not good */
KsmLessonBook *ksm_lesson_book_new_from_data  (const char  *text,
                                               gssize       length,
                                               GError     **error);
/* the book of a game in the resources, by the rules' id */
KsmLessonBook *ksm_lesson_book_new_for_game   (const char  *game_id,
                                               GError     **error);

const char    *ksm_lesson_book_get_game       (KsmLessonBook *self);
const char    *ksm_lesson_book_get_title      (KsmLessonBook *self);
guint          ksm_lesson_book_get_n_lessons  (KsmLessonBook *self);
KsmLesson     *ksm_lesson_book_get_lesson     (KsmLessonBook *self, guint index);
/* the lesson of `id`, or NULL; *index its place when found */
KsmLesson     *ksm_lesson_book_find           (KsmLessonBook *self, const char *id, guint *index);
/* every text a translator sees, in English, in order */
GPtrArray     *ksm_lesson_book_get_messages   (KsmLessonBook *self);

/* Progress: the settings' "lessons-done" (strings "game/id", shared by
 * every game's book), or none kept without settings. "n-done" is
 * notified whenever it changes, here or elsewhere. */
void           ksm_lesson_book_set_settings   (KsmLessonBook *self, GSettings *settings);
gboolean       ksm_lesson_book_is_done        (KsmLessonBook *self, KsmLesson *lesson);
void           ksm_lesson_book_mark_done      (KsmLessonBook *self, KsmLesson *lesson);
guint          ksm_lesson_book_get_n_done     (KsmLessonBook *self);
/* the first lesson not done, else the first */
guint          ksm_lesson_book_get_next       (KsmLessonBook *self);
/* forgets this game's progress, and only this game's */
void           ksm_lesson_book_reset_progress (KsmLessonBook *self);

/* collapses runs of white space to one space and trims the ends, as
 * xgettext does when it extracts a text */
char          *ksm_lesson_normalize           (const char *text);

G_END_DECLS

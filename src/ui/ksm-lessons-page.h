/* ksm-lessons-page.h: a game's lessons: which are done, each opened by a
 * click ("open", its index), and the progress forgotten on request. */
#pragma once

#include <adwaita.h>

#include "ksm-lesson-book.h"

G_BEGIN_DECLS

#define KSM_TYPE_LESSONS_PAGE (ksm_lessons_page_get_type ())
G_DECLARE_FINAL_TYPE (KsmLessonsPage, ksm_lessons_page, KSM, LESSONS_PAGE, AdwBin)

GtkWidget     *ksm_lessons_page_new        (void);
void           ksm_lessons_page_set_book   (KsmLessonsPage *self,
                                            KsmLessonBook  *book);
KsmLessonBook *ksm_lessons_page_get_book   (KsmLessonsPage *self);
/* the rows, for tests and the focus */
GtkListBox    *ksm_lessons_page_get_list   (KsmLessonsPage *self);

/* "3 of 11 lessons done", for this page and the start page's rows */
char          *ksm_lessons_page_describe_progress (KsmLessonBook *book);

G_END_DECLS
